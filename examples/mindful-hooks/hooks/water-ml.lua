-- One glass is 250 ml: what a health export writes for each entry.

local millilitres_per_glass = 250

---@param entry HavenEntry
---@return number|nil
function health_value(entry)
  return (entry.value or 1) * millilitres_per_glass
end
