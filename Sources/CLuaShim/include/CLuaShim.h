#ifndef HAVEN_CLUA_SHIM_H
#define HAVEN_CLUA_SHIM_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

/// The C side of Haven's Lua sandbox. Everything that may raise a Lua error
/// runs here, under lua_pcall: a longjmp never crosses a Swift frame. Swift
/// only reads values that are already on the stack (strings, numbers) and
/// pops them.

/// Limits of one state; a zero field takes the default.
typedef struct {
    /// Bytes the state may hold (default 16 MiB).
    size_t memory;
    /// VM instructions per call (default 1,000,000); library functions
    /// that take a size or a count are charged their work in instructions.
    long long instructions;
    /// The most matching steps a pattern function may risk (default 1e8),
    /// estimated from the pattern, its repetitions and the text's length.
    double pattern_steps;
    /// Milliseconds of CPU time per call (default 250).
    int call_ms;
    /// Milliseconds of CPU time of all calls of one command (default 2,000).
    int total_ms;
} haven_lua_limits;

/// The hook time of one command, shared by every state that runs its
/// hooks; zeroed for a new command. Calls are timed on the coarse
/// monotonic clock (nanoseconds a call); the thread's CPU clock, read at
/// most once a clock tick, gives the share of the CPU the thread has had,
/// by which wall time becomes CPU time. On a quiet machine the share is 1
/// and the limits read as wall time; on a busy one a call may run for more
/// wall time, up to ten times its limit, against a hook that blocks.
typedef struct {
    /// Wall nanoseconds the command's finished calls have run.
    int64_t used;
    /// The coarse clock at the last sample, and the sample: the monotonic
    /// clock and the thread's CPU clock then.
    int64_t tick, wall, cpu;
    /// The recent samples' CPU and wall time, halved as they grow.
    int64_t share_cpu, share_wall;
} haven_lua_budget;

/// A sandboxed state: only the safe base functions, string (without dump,
/// with guarded pattern functions), table, math and utf8; the string
/// metatable is locked; `__gc` metamethods are refused; xpcall's handler
/// runs after the unwinding, within the budget. NULL when the state or its
/// libraries do not fit in memory.
lua_State *haven_lua_open(haven_lua_limits limits);
void haven_lua_close(lua_State *L);
/// Bytes the state's allocator holds now.
size_t haven_lua_memory_in_use(lua_State *L);

/// Every call below that runs Lua leaves, on error, the error value on the
/// stack: a string, unless even the message handler failed. The traceback
/// is read with the function below.
/// Calls that run a hook's code take the command's `budget` and add their
/// own time to it.

/// The coarse monotonic clock, in nanoseconds.
int64_t haven_lua_clock(void);
/// The traceback of the last error ("" when there was none).
const char *haven_lua_traceback(lua_State *L);
/// Whether the last call was stopped by a limit (budget, deadline, total
/// time, memory) rather than failing on its own.
int haven_lua_stopped(lua_State *L);

/// Loads a text chunk (binary chunks refused) with its own global table,
/// whose misses fall back to the sandbox's, and runs it within the
/// instruction budget. On success returns LUA_OK with the chunk's first
/// result on the stack and a registry reference to that table in `*env`.
int haven_lua_load(lua_State *L, const char *code, size_t length, const char *chunkname, int *env,
                   haven_lua_budget *budget);

/// One step of the little program that builds a call's arguments: value
/// steps push, FIELD and ITEM pop a value into the table below it.
typedef enum {
    HAVEN_LUA_NIL,
    HAVEN_LUA_BOOLEAN,   /* integer != 0 */
    HAVEN_LUA_INTEGER,   /* integer */
    HAVEN_LUA_NUMBER,    /* number */
    HAVEN_LUA_STRING,    /* text[offset ..< offset + length] */
    HAVEN_LUA_TABLE,     /* a new table, with room for integer >> 32 items and integer & 0xFFFFFFFF fields */
    HAVEN_LUA_REF,       /* the registry value `integer` */
    HAVEN_LUA_FIELD,     /* table[text[offset ..< offset + length]] = popped value */
    HAVEN_LUA_ITEM,      /* table[#table + 1] = popped value */
} haven_lua_step_kind;

typedef struct {
    haven_lua_step_kind kind;
    long long integer;
    double number;
    size_t offset;
    size_t length;
} haven_lua_step;

/// Calls the function `name` of the chunk `env` with the values the steps
/// build (each value left on the stack is one argument), within the
/// instruction budget. Returns LUA_OK with the first result on the stack, or
/// an error code. Returns -1, with nothing pushed, when the chunk defines no
/// function of that name.
int haven_lua_call(lua_State *L, int env, const char *name, const haven_lua_step *steps, size_t count,
                   const char *text, haven_lua_budget *budget);

/// A day_outcome hook's day (SPEC §5): `{date, weekday, entries, sum, goal,
/// goal_kind, window, tracker}`, made in C in one go. `entries` is made
/// when the hook first reads it, from `entries_length` packed bytes (the
/// layout is in day.c), copied before the call returns.
typedef enum { HAVEN_LUA_NO_GOAL, HAVEN_LUA_AT_LEAST, HAVEN_LUA_AT_MOST } haven_lua_goal_kind;

typedef struct {
    /// Days since 1970-01-01.
    long long day;
    const char *entries;
    size_t entries_length;
    double sum;
    haven_lua_goal_kind goal_kind;
    double goal;
    /// A rolling tracker's window (`window_days` > 0): its successful days and its length.
    long long window_successes, window_days;
    /// The registry reference of the tracker's table, shared by every call.
    int tracker;
} haven_lua_day;

/// `haven_lua_call` of the chunk's `day_outcome` with one argument, the day.
int haven_lua_call_day(lua_State *L, int env, const haven_lua_day *day, haven_lua_budget *budget);

/// Builds one value from steps and keeps it in the registry: a table that
/// many calls share. Returns the reference, or LUA_NOREF when out of memory.
int haven_lua_keep(lua_State *L, const haven_lua_step *steps, size_t count, const char *text);
void haven_lua_release(lua_State *L, int ref);

/// Pushes an array of "name\tline" for the functions a chunk defined. Returns
/// LUA_OK, or an error code with the error pushed (out of memory).
int haven_lua_function_names(lua_State *L, int env);
size_t haven_lua_rawlen(lua_State *L, int index);
void haven_lua_rawgeti(lua_State *L, int index, long long i);

/// The value at `index` as a string when it is one (never converted), or NULL.
const char *haven_lua_string(lua_State *L, int index, size_t *length);
void haven_lua_pop(lua_State *L, int n);
int haven_lua_type(lua_State *L, int index);
int haven_lua_boolean(lua_State *L, int index);
/// The number at `index`, and whether it is an integer subtype.
double haven_lua_number(lua_State *L, int index, int *is_integer, long long *integer);

#endif
