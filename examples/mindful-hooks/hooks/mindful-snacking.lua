-- Logging is the mindfulness moment: ask for the trigger, then reflect.

---@param entry HavenEntry
---@return string|nil
function validate(entry)
  if entry.trigger == nil or entry.trigger == "" then
    return "what set it off? add --trigger WHAT (boredom, stress, tired...)"
  end
  return nil
end

local questions = {
  boredom = "What would make the next quiet moment interesting?",
  stress = "What is one thing you could put down for a minute?",
  tired = "Could rest be what you were hungry for?",
}

---@param entry HavenEntry
---@param streak HavenStreak
---@return string|nil
function on_log(entry, streak)
  local question = questions[string.lower(entry.trigger)] or "What did you notice just before?"
  return "Noticed (" .. entry.trigger .. "). " .. question
end
