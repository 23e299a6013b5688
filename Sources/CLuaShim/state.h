/* The state every part of the shim shares: one Lua state's allocator
 * bookkeeping, limits and running call, and the budget's entry points
 * (budget.c) that the guards (guards.c) and the calls (shim.c) use. */
#ifndef HAVEN_CLUA_SHIM_STATE_H
#define HAVEN_CLUA_SHIM_STATE_H

#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>

/* Instructions between two looks at the clock and the budget: a hook every
 * thousand instructions costs well under 1% and, since no single library
 * call may run long (see the guards), keeps a deadline within milliseconds. */
#define STEP 1000

/* Why a call was stopped; the first reason sticks for the rest of the call. */
enum { SPENT_NONE, SPENT_BUDGET, SPENT_DEADLINE, SPENT_TOTAL, SPENT_MEMORY };

/* One state's allocator bookkeeping, limits and the running call's budget,
 * freed with the state. */
typedef struct {
    size_t used;
    haven_lua_limits limits;
    lua_State *L;
    /* The running call: instructions left, what the hook was armed with, the
     * command's budget, when the call started and its next look at the CPU
     * share (both on the coarse monotonic clock), and whether the limit
     * nearest then is the command's total rather than the call's own. */
    long long remaining;
    int armed;
    haven_lua_budget *budget;
    int64_t started;
    int64_t deadline;
    int deadline_is_total;
    int spent;
    /* "file:line: " where the call was stopped: raised again from a later
     * line, the error still names the line that ran out. */
    char stop_where[256];
    /* Set when an allocation went past the cap: the next instruction raises
     * the memory error, through the message handler, at its line. */
    int over_memory;
    /* Bytes in use after the last collection the cap asked for. */
    size_t collected_at;
    /* The traceback of the last error, kept in C so that reading it never
     * touches Lua outside a protected call. */
    char traceback[2048];
    /* The registry reference of what every day_outcome day is made of
     * (day.c): its keys, names and metatable, read by index. */
    int day_parts;
} haven_state_t;

static inline haven_state_t *state_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (haven_state_t *)ud;
}

/* budget.c */
void haven_where_text(lua_State *L, char *out, size_t size);
void haven_count_hook(lua_State *L, lua_Debug *ar);
int haven_stop(lua_State *L, int reason);
void haven_check_clock(lua_State *L, haven_state_t *s);
void haven_charge(lua_State *L, double cost, const char *what);
void haven_start_budget(lua_State *L, int64_t now, haven_lua_budget *budget);
void haven_stop_budget(lua_State *L);
/* day.c */
void haven_lazy_open(lua_State *L);
void haven_push_day(lua_State *L, const haven_lua_day *day);
void haven_push_day_name(lua_State *L);
/* guards.c */
int haven_open_sandbox(lua_State *L);

#endif
