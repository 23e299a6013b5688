-- A wild evening on a weekday breaks the streak as usual; on a Saturday or
-- Sunday it is neutral: noticed and logged, never counted against you.

local weekend = { sat = true, sun = true }

---@param day HavenDay
---@return HavenOutcome|nil
function day_outcome(day)
  for _, entry in ipairs(day.entries) do
    if entry.level == "wild" and weekend[day.weekday] then
      return "neutral"
    end
  end
  return nil -- everything else: the usual table
end

-- Drinks read back from health data: none is steady, one or two easy, more wild.
---@param value number
---@return string|nil
function level_from_health(value)
  if value == 0 then return "steady" end
  if value <= 2 then return "easy" end
  return "wild"
end
