---@meta
-- Haven's Lua hooks (SPEC §5), for editors with lua-language-server: put this
-- folder in `workspace.library` (see examples/mindful-hooks/.luarc.json).
-- Nothing here runs; it only describes what Haven passes and expects.
--
-- A hooks file defines any of the global functions below; helpers must be
-- `local` (`haven validate` reports any other global function). Each hooks
-- file has its own Lua state: its own globals and standard libraries. Hooks
-- must be pure: the
-- engine keeps their results in its checkpoints until the file changes.
--
-- The sandbox: string (no string.dump), table, math, utf8 and the safe base
-- functions (assert, error, ipairs, next, pairs, pcall, rawequal, rawget,
-- rawlen, rawset, select, getmetatable, setmetatable without __gc, tonumber,
-- tostring, type, xpcall). No io, os, require, load, dofile, debug, print,
-- collectgarbage or coroutine: dates arrive in the tables as text. Each call
-- may run 1,000,000 instructions (HAVEN_HOOK_INSTRUCTIONS; functions that take
-- a size or a count are charged their work) for at most 250 ms
-- (HAVEN_HOOK_CALL_MS), all calls of one command 2 s (HAVEN_HOOK_TOTAL_MS),
-- each file may hold 16 MiB (HAVEN_HOOK_MEMORY_MB), a returned message 1,000
-- characters, and a pattern function refuses a pattern whose worst case on
-- its text passes 100 million steps.

---@alias HavenOutcome "success"|"grace"|"break"|"neutral"

---The tracker a hook is called for.
---@class HavenTracker
---@field id string              # "noalc"
---@field type "good"|"saboteur"
---@field mode "awareness"|"avoidance"|nil   # saboteurs only
---@field input "check"|"count"|"amount"|"levels"

---One entry.
---@class HavenEntry
---@field date string            # the day it counts for, "2026-01-09"
---@field time string            # local wall-clock time it was logged at, "21:30"
---@field value number|nil       # count and amount trackers
---@field level string|nil       # levels trackers: the level key
---@field note string|nil
---@field trigger string|nil
---@field tracker HavenTracker   # in validate, on_log and health_value

---One day, for day_outcome.
---@class HavenDay
---@field date string            # "2026-01-09"
---@field weekday "mon"|"tue"|"wed"|"thu"|"fri"|"sat"|"sun"
---@field entries HavenEntry[]   # the day's entries, in the order they happened (without .tracker); made when first read
---@field sum number             # the sum of their values (0 for check and levels)
---@field goal number|nil        # the tracker's goal, if it has one
---@field goal_kind "at_least"|"at_most"|nil
---@field window HavenWindow|nil   # rolling trackers ("3 times in any 7 days") only
---@field tracker HavenTracker

---A rolling tracker's window, for day_outcome.
---@class HavenWindow
---@field successes integer       # successful or frozen days of the window ending on this day (this day as §4.1 reads it)
---@field days integer            # the window's length: 7 for "3 times in any 7 days"

---The streak after an entry was written, for on_log.
---@class HavenStreak
---@field current integer
---@field longest integer
---@field jokers integer         # jokers available
---@field today "success"|"healed"|"frozen"|"broken"|"neutral"|"pending"
---@field at_risk boolean

---Decides a day in place of the table of SPEC §4.1; nil keeps the table.
---Called for every day of a walk; today only once something is logged.
---@param day HavenDay
---@return HavenOutcome|nil
function day_outcome(day) end

---The number a health export writes for an entry; nil writes no sample.
---Shown by `haven entries ID` and its JSON (`"health"`).
---@param entry HavenEntry
---@return number|nil
function health_value(entry) end

---The level a health value reads back as (`haven log ID --health N`); nil
---when none fits. Without this hook the level set's health_range decides.
---@param value number
---@return string|nil
function level_from_health(value) end

---Runs before an entry is written (log and edit); a message refuses it and
---is shown to the person, so say what to type instead.
---@param entry HavenEntry
---@return string|nil
function validate(entry) end

---Runs after an entry is written; a short message is shown under the reply.
---@param entry HavenEntry
---@param streak HavenStreak
---@return string|nil
function on_log(entry, streak) end
