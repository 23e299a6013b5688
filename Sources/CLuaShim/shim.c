#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    /* The traceback of the last error, kept in C so that reading it never
     * touches Lua outside a protected call. */
    char traceback[2048];
} haven_state_t;

static haven_state_t *state_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (haven_state_t *)ud;
}

static int64_t read_clock(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t haven_lua_clock(void) { return read_clock(CLOCK_MONOTONIC_COARSE); }

/* ---- CPU time ---------------------------------------------------------------
 * The limits are CPU time: a busy machine must not stop a hook that did
 * little work. The thread's CPU clock is a system call (half a microsecond
 * here), too dear for every call, so calls are timed on the coarse clock
 * (nanoseconds) and the CPU clock is read once a clock tick, to learn the
 * share of the CPU this thread has had lately: wall time times that share
 * is CPU time. */

/* Takes a sample when the coarse clock has moved on since the last one. */
static void sample(haven_lua_budget *b, int64_t now) {
    if (now == b->tick) return;
    b->tick = now;
    int64_t cpu = read_clock(CLOCK_THREAD_CPUTIME_ID), wall = read_clock(CLOCK_MONOTONIC);
    if (b->wall) {
        b->share_cpu += cpu - b->cpu;
        b->share_wall += wall - b->wall;
        /* What the last half second or so says, not the whole command. */
        if (b->share_wall > 500000000) {
            b->share_cpu /= 2;
            b->share_wall /= 2;
        }
    }
    b->cpu = cpu;
    b->wall = wall;
}

/* The share of the CPU the thread has had lately, from 1/20 to 1; 1 until
 * there are 20 ms of samples. */
static double share(const haven_lua_budget *b) {
    if (b->share_wall < 20000000) return 1;
    double s = (double)b->share_cpu / (double)b->share_wall;
    return s < 0.05 ? 0.05 : s > 1 ? 1 : s;
}

/* Copies "file:line: " of the innermost Lua function into `out` ("" when
 * there is none). */
static void where_text(lua_State *L, char *out, size_t size) {
    lua_Debug ar;
    out[0] = 0;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            snprintf(out, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* The cap is soft up to a quarter more: an allocation past it succeeds and
 * arms the count hook for the next instruction, which raises the memory
 * error as an ordinary error, so that it names its line. Only an allocation
 * past the hard cap is refused (Lua's own memory error, with no line). */
static void *haven_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    haven_state_t *s = (haven_state_t *)ud;
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->used -= old;
        return NULL;
    }
    size_t soft = s->limits.memory, hard = soft + soft / 4;
    if (nsize > old) {
        size_t after = s->used - old + nsize;
        if (after > hard) return NULL;
        if (after > soft && !s->over_memory && s->L) {
            s->over_memory = 1;
            lua_sethook(s->L, count_hook, LUA_MASKCOUNT, 1);
        }
    }
    void *p = realloc(ptr, nsize);
    if (p) s->used = s->used - old + nsize;
    return p;
}

/* ---- The budget -------------------------------------------------------------
 * Each call has an instruction budget, a deadline and a share of the
 * command's total time. The count hook spends instructions and looks at the
 * clock; library functions that take a size or a count are charged what they
 * will do before they run. Once a call is stopped, every further instruction
 * raises the same error, so neither pcall nor xpcall's handler can go on. */

static void arm(lua_State *L, haven_state_t *s) {
    s->armed = s->remaining < STEP ? (int)(s->remaining > 1 ? s->remaining : 1) : STEP;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, s->armed);
}

/* Raises the error of `reason`, and makes every later instruction raise it. */
static int stop(lua_State *L, int reason) {
    haven_state_t *s = state_of(L);
    if (s->stop_where[0] == 0) where_text(L, s->stop_where, sizeof s->stop_where);
    s->spent = reason;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    lua_pushstring(L, s->stop_where);
    switch (reason) {
    case SPENT_BUDGET:
        lua_pushfstring(L, "used up its budget of %I instructions (an endless loop?)",
                        (lua_Integer)s->limits.instructions);
        break;
    case SPENT_DEADLINE:
        lua_pushfstring(L, "ran for more than %d ms (an endless loop, or too much work for one call?)",
                        (int)s->limits.call_ms);
        break;
    case SPENT_MEMORY:
        lua_pushfstring(L, "not enough memory (a hooks file may hold at most %d MiB)",
                        (int)(s->limits.memory >> 20));
        break;
    default:
        lua_pushfstring(L, "the hooks of this command ran for more than %d ms in all; make them do less "
                           "per call (or set a later since:)", (int)s->limits.total_ms);
        break;
    }
    lua_concat(L, 2);
    return lua_error(L);
}

/* Sets the next look at the time: when, at the present share, the call's
 * or the command's CPU time runs out, whichever comes first; or stops the
 * call when one has. A call may not run more than ten times its limit of
 * wall time, nor a command's calls ten times theirs, however busy the
 * machine (a hook that blocks). */
static void plan_deadline(lua_State *L, haven_state_t *s, int64_t now) {
    haven_lua_budget *b = s->budget;
    int64_t call = (int64_t)s->limits.call_ms * 1000000, total = (int64_t)s->limits.total_ms * 1000000;
    int64_t ran = now - s->started, all = b->used + ran;
    double rate = share(b);
    int64_t call_left = call - (int64_t)(ran * rate), total_left = total - (int64_t)(all * rate);
    if (total_left <= 0 || all >= 10 * total) stop(L, SPENT_TOTAL);
    if (call_left <= 0 || ran >= 10 * call) stop(L, SPENT_DEADLINE);
    s->deadline_is_total = total_left < call_left;
    int64_t wait = (int64_t)((s->deadline_is_total ? total_left : call_left) / rate);
    s->deadline = now + (wait > 0 ? wait : 1);
}

static void check_clock(lua_State *L, haven_state_t *s) {
    int64_t now = haven_lua_clock();
    sample(s->budget, now);
    if (now > s->deadline) plan_deadline(L, s, now);
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    haven_state_t *s = state_of(L);
    if (s->spent != SPENT_NONE) stop(L, s->spent);
    if (s->over_memory) {
        if (s->used > s->limits.memory) stop(L, SPENT_MEMORY);
        s->over_memory = 0;
    }
    s->remaining -= s->armed;
    if (s->remaining <= 0) stop(L, SPENT_BUDGET);
    check_clock(L, s);
    arm(L, s);
}

/* Charges `cost` instructions' worth of work that `what` is about to do in
 * one C call, where the count hook cannot see it. Work larger than a whole
 * call's budget is refused before it starts; work that only overdraws what
 * is left stops the call like any other spent budget. */
static void charge(lua_State *L, double cost, const char *what) {
    haven_state_t *s = state_of(L);
    if (s->spent != SPENT_NONE) stop(L, s->spent);
    if (!(cost <= (double)s->limits.instructions)) {
        char text[512];
        where_text(L, text, sizeof text);
        size_t n = strlen(text);
        snprintf(text + n, sizeof text - n,
                 "%s: this call would do about %.0f steps of work, more than a hook call's budget of %lld "
                 "instructions; work on less data at a time",
                 what, cost, (long long)s->limits.instructions);
        lua_pushstring(L, text);
        lua_error(L);
    }
    s->remaining -= (long long)cost;
    if (s->remaining <= 0) stop(L, SPENT_BUDGET);
    if (cost >= 64) check_clock(L, s);
}

static void start_budget(lua_State *L, int64_t now, haven_lua_budget *budget) {
    haven_state_t *s = state_of(L);
    int64_t total = (int64_t)s->limits.total_ms * 1000000;
    s->remaining = s->limits.instructions;
    s->budget = budget;
    s->started = now;
    sample(budget, now);
    double rate = share(budget);
    int64_t total_left = total - (int64_t)(budget->used * rate);
    s->spent = total_left > 0 && budget->used < 10 * total ? SPENT_NONE : SPENT_TOTAL;
    s->stop_where[0] = 0;
    /* The first look at the time: no later than either limit at this share. */
    int64_t call = (int64_t)s->limits.call_ms * 1000000;
    s->deadline_is_total = total_left < call;
    s->deadline = now + (int64_t)((s->deadline_is_total ? total_left : call) / rate);
    s->traceback[0] = 0;
    s->over_memory = 0;
    if (s->used > s->limits.memory) lua_gc(L, LUA_GCCOLLECT); /* what an earlier call left */
    if (s->spent != SPENT_NONE) {
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1); /* the command's time is up: not one instruction */
    } else {
        arm(L, s);
    }
}

static void stop_budget(lua_State *L) { lua_sethook(L, NULL, 0, 0); }

/* ---- Pattern functions ------------------------------------------------------
 * Lua's pattern matcher backtracks inside one C call, where the count hook
 * cannot stop it. Before a match starts, its worst case is bounded: every
 * start position, times the pattern's items (each a step per position),
 * times the text's length for each repetition (*, +, -, %b,
 * back-references), times 2 for each '?'. A plain find compares the pattern
 * at every position. A pattern whose bound exceeds the limit is refused with
 * advice; one that passes is charged the text's length, which it reads at
 * least once. */

static double pattern_bound(const char *p, size_t plen, size_t n) {
    double len = (double)n + 1;
    double bound = 1, items = 0;
    size_t i = 0;
    if (plen > 0 && p[0] == '^') {
        i = 1; /* anchored: one start position */
    } else {
        bound = len;
    }
    while (i < plen) {
        char c = p[i];
        items += 1;
        if (c == '(' || c == ')') {
            i++;
            continue;
        } else if (c == '%' && i + 1 < plen) {
            char k = p[i + 1];
            if (k == 'b') {
                bound *= len;
                i += 4;
                continue;
            } else if (k == 'f') {
                i += 2;
                if (i < plen && p[i] == '[') {
                    i++;
                    if (i < plen && p[i] == '^') i++;
                    if (i < plen && p[i] == ']') i++;
                    while (i < plen && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
                    i++;
                }
                continue;
            } else if (k >= '0' && k <= '9') {
                bound *= len;
                i += 2;
                continue;
            }
            i += 2;
        } else if (c == '[') {
            i++;
            if (i < plen && p[i] == '^') i++;
            if (i < plen && p[i] == ']') i++;
            while (i < plen && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
            i++;
        } else {
            i++;
        }
        if (i < plen) {
            char q = p[i];
            if (q == '*' || q == '+' || q == '-') {
                bound *= len;
                i++;
            } else if (q == '?') {
                bound *= 2;
                i++;
            }
        }
    }
    return bound * (items > 1 ? items : 1);
}

/* Guards call the library's function (upvalue 1) in their own frame, so
 * that its errors name the function as the hook called it, then look at the
 * clock: nothing slow hides between two hooks. */
static int call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int results = original(L);
    check_clock(L, state_of(L));
    return results;
}

/* Upvalue 1: the library's function; upvalue 2: its name. */
static int guarded_pattern(lua_State *L) {
    size_t n = 0, plen = 0;
    luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    int plain = strcmp(name, "find") == 0 && lua_toboolean(L, 4);
    double limit = state_of(L)->limits.pattern_steps;
    double bound = plain ? ((double)n + 1) * (double)(plen > 0 ? plen : 1) : pattern_bound(p, plen, n);
    if (bound > limit) {
        return luaL_error(L, "string.%s: the pattern '%s' could take more than %d million steps on a text of %d "
                             "bytes; use %s or match a shorter text",
                          name, plen > 40 ? "(long pattern)" : p, (int)(limit / 1e6), (int)n,
                          plain ? "a shorter pattern" : "fewer repetitions (*, +, -, ?)");
    }
    lua_pushfstring(L, "string.%s", name);
    charge(L, (double)n / 16 + (double)plen, lua_tostring(L, -1));
    lua_pop(L, 1);
    return call_original(L);
}

/* ---- Library functions that take a size or a count --------------------------
 * Each is charged, before it runs, the work its arguments ask for: an
 * element or value moved, four repetitions or sixteen bytes copied is one
 * step (about what one VM instruction costs). Arguments
 * of the wrong type cost nothing here; the library's own check refuses them. */

enum {
    COST_REP, COST_BYTE, COST_ARGS, COST_TEXT, COST_TEXT_ARGS, COST_MOVE, COST_CONCAT, COST_UNPACK, COST_INSERT,
    COST_REMOVE, COST_SORT, COST_CODEPOINT
};

static double text_cost(lua_State *L, int index) {
    size_t n = 0;
    if (lua_type(L, index) == LUA_TSTRING) lua_tolstring(L, index, &n);
    return (double)n / 16;
}

static double integer_or(lua_State *L, int index, double fallback) {
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, index, &ok);
    return ok ? (double)v : fallback;
}

/* A string position as the library reads it: negative counts from the end. */
static double position(double at, double len) {
    if (at > 0) return at;
    if (at == 0) return 1;
    return at < -len ? 1 : len + at + 1;
}

/* The length the library will use for table functions: the `#` operator,
 * which runs __len when the table has one. */
static double length_of(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TTABLE) return 0;
    lua_len(L, index);
    double n = integer_or(L, -1, 0);
    lua_pop(L, 1);
    return n;
}

static double span(double from, double to) { return to >= from ? to - from + 1 : 0; }

static double cost_of(lua_State *L, int kind) {
    int top = lua_gettop(L);
    switch (kind) {
    case COST_REP: {
        double count = integer_or(L, 2, 0);
        if (count <= 0) return 1;
        return count * (0.25 + text_cost(L, 1) + text_cost(L, 3));
    }
    case COST_BYTE: case COST_CODEPOINT: {
        size_t n = 0;
        if (lua_type(L, 1) != LUA_TSTRING) return 1;
        lua_tolstring(L, 1, &n);
        double len = (double)n;
        double from = position(integer_or(L, 2, 1), len);
        double to = integer_or(L, 3, from);
        if (to < 0) to = len + to + 1;
        if (to > len) to = len;
        return 1 + span(from, to);
    }
    case COST_ARGS: return 1 + top;
    case COST_TEXT: return 1 + text_cost(L, 1);
    case COST_TEXT_ARGS: {
        double cost = 1 + top;
        for (int i = 1; i <= top; i++) cost += text_cost(L, i);
        return cost;
    }
    case COST_MOVE: return 1 + span(integer_or(L, 2, 0), integer_or(L, 3, 0));
    case COST_CONCAT: case COST_UNPACK: {
        /* table.concat(t, sep, i, j), table.unpack(t, i, j); a number can
         * be concat's separator, so the function says where i stands. */
        int first = kind == COST_CONCAT ? 3 : 2;
        double from = integer_or(L, first, 1);
        double to = lua_isnoneornil(L, first + 1) ? length_of(L, 1) : integer_or(L, first + 1, 0);
        return 1 + span(from, to);
    }
    case COST_INSERT: return top >= 3 ? 1 + span(integer_or(L, 2, 1), length_of(L, 1)) : 1;
    case COST_REMOVE: return top >= 2 ? 1 + span(integer_or(L, 2, 1), length_of(L, 1)) : 1;
    case COST_SORT: {
        double n = length_of(L, 1);
        return 1 + (n > 1 ? n * log2(n) : 0);
    }
    }
    return 1;
}

/* Upvalue 1: the library's function; upvalue 2: its name; upvalue 3: how
 * to cost it. */
static int guarded_size(lua_State *L) {
    int kind = (int)lua_tointeger(L, lua_upvalueindex(3));
    charge(L, cost_of(L, kind), lua_tostring(L, lua_upvalueindex(2)));
    return call_original(L);
}

/* setmetatable, refusing finalizers: a __gc would run outside any call and
 * its budget, when memory is collected or the state closes. */
static int guarded_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            return luaL_error(L, "hooks cannot use __gc metamethods");
        }
        lua_pop(L, 1);
    }
    return call_original(L);
}

/* xpcall(f, handler, ...) as pcall, then the handler on the error: Lua runs
 * a real message handler with the count hook switched off, where an endless
 * loop could never be stopped. Hooks have no debug library, so the handler
 * cannot tell the difference. */
static int safe_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checkany(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    for (int i = 3; i <= n; i++) lua_pushvalue(L, i);
    if (lua_pcall(L, n - 2 > 0 ? n - 2 : 0, LUA_MULTRET, 0) == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_insert(L, n + 1);
        return lua_gettop(L) - n;
    }
    lua_pushvalue(L, 2);
    lua_insert(L, -2);
    lua_pcall(L, 1, 1, 0); /* the handler's result, or its own error */
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

static void remove_field(lua_State *L, int table, const char *name) {
    lua_pushnil(L);
    lua_setfield(L, table, name);
}

typedef struct {
    const char *library;
    const char *name;
    const char *shown;
    int cost;
} sized_t;

static const sized_t sized[] = {
    {LUA_STRLIBNAME, "rep", "string.rep", COST_REP},        {LUA_STRLIBNAME, "byte", "string.byte", COST_BYTE},
    {LUA_STRLIBNAME, "char", "string.char", COST_ARGS},      {LUA_STRLIBNAME, "format", "string.format", COST_TEXT_ARGS},
    {LUA_STRLIBNAME, "upper", "string.upper", COST_TEXT},     {LUA_STRLIBNAME, "lower", "string.lower", COST_TEXT},
    {LUA_STRLIBNAME, "reverse", "string.reverse", COST_TEXT},   {LUA_STRLIBNAME, "sub", "string.sub", COST_TEXT},
    {LUA_STRLIBNAME, "pack", "string.pack", COST_TEXT_ARGS}, {LUA_STRLIBNAME, "unpack", "string.unpack", COST_TEXT_ARGS},
    {LUA_STRLIBNAME, "packsize", "string.packsize", COST_TEXT},  {LUA_TABLIBNAME, "concat", "table.concat", COST_CONCAT},
    {LUA_TABLIBNAME, "unpack", "table.unpack", COST_UNPACK},   {LUA_TABLIBNAME, "move", "table.move", COST_MOVE},
    {LUA_TABLIBNAME, "insert", "table.insert", COST_INSERT},  {LUA_TABLIBNAME, "remove", "table.remove", COST_REMOVE},
    {LUA_TABLIBNAME, "sort", "table.sort", COST_SORT},      {LUA_UTF8LIBNAME, "char", "utf8.char", COST_ARGS},
    {LUA_UTF8LIBNAME, "codepoint", "utf8.codepoint", COST_CODEPOINT}, {LUA_UTF8LIBNAME, "len", "utf8.len", COST_TEXT},
    {LUA_UTF8LIBNAME, "offset", "utf8.offset", COST_TEXT},   {LUA_GNAME, "select", "select", COST_ARGS},
    {LUA_GNAME, "tostring", "tostring", COST_TEXT},       {LUA_GNAME, "tonumber", "tonumber", COST_TEXT},
    {LUA_GNAME, "rawequal", "rawequal", COST_TEXT_ARGS},  {NULL, NULL, NULL, 0},
};

static int open_sandbox(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_settop(L, 0);

    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    const char *unsafe[] = {"dofile", "loadfile", "load", "collectgarbage", "print", "warn", NULL};
    for (int i = 0; unsafe[i]; i++) remove_field(L, g, unsafe[i]);
    lua_getfield(L, g, "setmetatable");
    lua_pushcclosure(L, guarded_setmetatable, 1);
    lua_setfield(L, g, "setmetatable");
    lua_pushcfunction(L, safe_xpcall);
    lua_setfield(L, g, "xpcall");

    for (int i = 0; sized[i].library; i++) {
        if (strcmp(sized[i].library, LUA_GNAME) == 0) {
            lua_pushvalue(L, g);
        } else {
            lua_getfield(L, g, sized[i].library);
        }
        lua_getfield(L, -1, sized[i].name);
        lua_pushstring(L, sized[i].shown);
        lua_pushinteger(L, sized[i].cost);
        lua_pushcclosure(L, guarded_size, 3);
        lua_setfield(L, -2, sized[i].name);
        lua_pop(L, 1);
    }

    lua_getfield(L, g, LUA_STRLIBNAME);
    int s = lua_gettop(L);
    remove_field(L, s, "dump");
    const char *patterns[] = {"find", "match", "gmatch", "gsub", NULL};
    for (int i = 0; patterns[i]; i++) {
        lua_getfield(L, s, patterns[i]);
        lua_pushstring(L, patterns[i]);
        lua_pushcclosure(L, guarded_pattern, 2);
        lua_setfield(L, s, patterns[i]);
    }

    /* getmetatable("") answers this text, and the metatable cannot change. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushliteral(L, "the string metatable is locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);

    /* The metatable of the chunk's own globals: misses read the sandbox's. */
    lua_newtable(L);
    lua_pushvalue(L, g);
    lua_setfield(L, -2, "__index");
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.env");
    lua_settop(L, 0);
    return 0;
}

static int panic(lua_State *L) {
    (void)L;
    abort(); /* unreachable: every call that may raise runs protected */
}

lua_State *haven_lua_open(haven_lua_limits limits) {
    haven_state_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->limits = limits;
    if (!s->limits.memory) s->limits.memory = (size_t)16 << 20;
    if (s->limits.instructions <= 0) s->limits.instructions = 1000000;
    if (s->limits.pattern_steps <= 0) s->limits.pattern_steps = 1e8;
    if (s->limits.call_ms <= 0) s->limits.call_ms = 250;
    if (s->limits.total_ms <= 0) s->limits.total_ms = 2000;
    lua_State *L = lua_newstate(haven_alloc, s);
    if (!L) {
        free(s);
        return NULL;
    }
    s->L = L;
    lua_atpanic(L, panic);
    lua_pushcfunction(L, open_sandbox);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        haven_lua_close(L);
        return NULL;
    }
    return L;
}

void haven_lua_close(lua_State *L) {
    haven_state_t *s = state_of(L);
    lua_close(L);
    free(s);
}

size_t haven_lua_memory_in_use(lua_State *L) { return state_of(L)->used; }

const char *haven_lua_traceback(lua_State *L) { return state_of(L)->traceback; }

int haven_lua_stopped(lua_State *L) { return state_of(L)->spent != SPENT_NONE; }


/* ---- Protected calls --------------------------------------------------------- */

/* The message handler: the error as text, without running any metamethod
 * (an error object's __tostring could loop), placed at the innermost Lua
 * line when it names none (errors raised inside C functions), and the
 * traceback copied into the state for the caller. */
static int message_handler(lua_State *L) {
    haven_state_t *s = state_of(L);
    int type = lua_type(L, 1);
    if (type != LUA_TSTRING && type != LUA_TNUMBER) {
        char at[256];
        where_text(L, at, sizeof at);
        lua_pushfstring(L, "%s(error object is a %s value)", at, luaL_typename(L, 1));
        lua_replace(L, 1);
    } else if (type == LUA_TSTRING) {
        lua_Debug ar;
        for (int level = 1; lua_getstack(L, level, &ar); level++) {
            lua_getinfo(L, "Sl", &ar);
            if (ar.currentline <= 0) continue;
            size_t n = strlen(ar.short_src);
            const char *message = lua_tostring(L, 1);
            if (!(strncmp(message, ar.short_src, n) == 0 && message[n] == ':')) {
                lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
                lua_pushvalue(L, 1);
                lua_concat(L, 2);
                lua_replace(L, 1);
            }
            break;
        }
    }
    luaL_traceback(L, L, NULL, 1);
    size_t n = 0;
    const char *trace = lua_tolstring(L, -1, &n);
    if (n >= sizeof s->traceback) n = sizeof s->traceback - 1;
    memcpy(s->traceback, trace, n);
    s->traceback[n] = 0;
    lua_settop(L, 1);
    if (lua_type(L, 1) == LUA_TNUMBER) lua_tostring(L, 1);
    return 1;
}

/* Runs `body` protected with the message handler and the budget; on error
 * leaves the error value on the stack (a string, unless even the handler
 * failed). The call's time is added to the command's `budget` (NULL: a
 * call of Haven's own, on a budget of its own). Nothing here allocates
 * outside the protected call. */
static int protected(lua_State *L, lua_CFunction body, void *data, int results, haven_lua_budget *budget) {
    haven_lua_budget own = {0};
    if (!budget) budget = &own;
    int base = lua_gettop(L);
    lua_pushcfunction(L, message_handler);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, data);
    int64_t start = haven_lua_clock();
    start_budget(L, start, budget);
    int status = lua_pcall(L, 1, results, base + 1);
    stop_budget(L);
    budget->used += haven_lua_clock() - start;
    lua_remove(L, base + 1);
    return status;
}

typedef struct {
    const char *code;
    size_t length;
    const char *chunkname;
    int env;
    int syntax;
} load_t;

static int load_body(lua_State *L) {
    load_t *job = (load_t *)lua_touserdata(L, 1);
    int status = luaL_loadbufferx(L, job->code, job->length, job->chunkname, "t");
    if (status != LUA_OK) {
        job->syntax = status != LUA_ERRMEM; /* the parser's own stack overflow too */
        return lua_error(L);
    }
    lua_newtable(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.env");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setupvalue(L, -3, 1); /* the chunk's _ENV */
    lua_insert(L, -2);        /* env, chunk */
    lua_call(L, 0, 1);
    if (state_of(L)->spent != SPENT_NONE) stop(L, state_of(L)->spent);
    lua_pushvalue(L, -2);
    job->env = luaL_ref(L, LUA_REGISTRYINDEX); /* kept only once the chunk ran */
    return 1;
}

typedef struct {
    int ref;
} unref_t;

static int unref_body(lua_State *L) {
    unref_t *job = (unref_t *)lua_touserdata(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, job->ref);
    return 0;
}

void haven_lua_release(lua_State *L, int ref) {
    unref_t job = {ref};
    if (protected(L, unref_body, &job, 0, NULL) != LUA_OK) lua_pop(L, 1);
}

int haven_lua_load(lua_State *L, const char *code, size_t length, const char *chunkname, int *env,
                   haven_lua_budget *budget) {
    load_t job = {code, length, chunkname, LUA_NOREF, 0};
    int status = protected(L, load_body, &job, 1, budget);
    if (status == LUA_ERRRUN && job.syntax) status = LUA_ERRSYNTAX;
    *env = status == LUA_OK ? job.env : LUA_NOREF;
    return status;
}

/* Pushes the values the steps build; returns how many. */
static int build(lua_State *L, const haven_lua_step *steps, size_t count, const char *text) {
    int base = lua_gettop(L);
    for (size_t i = 0; i < count; i++) {
        const haven_lua_step *step = &steps[i];
        luaL_checkstack(L, 4, "arguments nested too deeply");
        switch (step->kind) {
        case HAVEN_LUA_NIL: lua_pushnil(L); break;
        case HAVEN_LUA_BOOLEAN: lua_pushboolean(L, step->integer != 0); break;
        case HAVEN_LUA_INTEGER: lua_pushinteger(L, (lua_Integer)step->integer); break;
        case HAVEN_LUA_NUMBER: lua_pushnumber(L, step->number); break;
        case HAVEN_LUA_STRING: lua_pushlstring(L, text + step->offset, step->length); break;
        case HAVEN_LUA_TABLE: lua_createtable(L, (int)(step->integer >> 32), (int)(step->integer & 0xFFFFFFFF)); break;
        case HAVEN_LUA_REF: lua_rawgeti(L, LUA_REGISTRYINDEX, (lua_Integer)step->integer); break;
        case HAVEN_LUA_FIELD:
            lua_pushlstring(L, text + step->offset, step->length);
            lua_insert(L, -2);
            lua_rawset(L, -3);
            break;
        case HAVEN_LUA_ITEM: lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1); break;
        }
    }
    return lua_gettop(L) - base;
}

typedef struct {
    int env;
    const char *name;
    const haven_lua_step *steps;
    size_t count;
    const char *text;
    int missing;
} call_t;

static int call_body(lua_State *L) {
    call_t *job = (call_t *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, job->env);
    lua_pushstring(L, job->name);
    if (lua_rawget(L, -2) != LUA_TFUNCTION) {
        job->missing = 1;
        return 0;
    }
    int n = build(L, job->steps, job->count, job->text);
    lua_call(L, n, 1);
    /* A hook that caught its own stop (return pcall(...)) still stopped. */
    if (state_of(L)->spent != SPENT_NONE) stop(L, state_of(L)->spent);
    return 1;
}

int haven_lua_call(lua_State *L, int env, const char *name, const haven_lua_step *steps, size_t count,
                   const char *text, haven_lua_budget *budget) {
    call_t job = {env, name, steps, count, text, 0};
    int status = protected(L, call_body, &job, 1, budget);
    if (status == LUA_OK && job.missing) {
        lua_pop(L, 1);
        return -1;
    }
    return status;
}

typedef struct {
    const haven_lua_step *steps;
    size_t count;
    const char *text;
    int ref;
} keep_t;

static int keep_body(lua_State *L) {
    keep_t *job = (keep_t *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    build(L, job->steps, job->count, job->text);
    lua_settop(L, 1);
    job->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

int haven_lua_keep(lua_State *L, const haven_lua_step *steps, size_t count, const char *text) {
    keep_t job = {steps, count, text, LUA_NOREF};
    if (protected(L, keep_body, &job, 0, NULL) != LUA_OK) {
        lua_pop(L, 1);
        return LUA_NOREF;
    }
    return job.ref;
}

static int names_body(lua_State *L) {
    int env = (int)(intptr_t)lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, env);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        if (lua_type(L, -1) == LUA_TFUNCTION && lua_type(L, -2) == LUA_TSTRING) {
            lua_Debug ar;
            lua_getinfo(L, ">S", &ar); /* pops the function */
            lua_pushfstring(L, "%s\t%d", lua_tostring(L, -1), ar.linedefined);
            lua_rawseti(L, 2, (lua_Integer)lua_rawlen(L, 2) + 1);
        } else {
            lua_pop(L, 1);
        }
    }
    return 1;
}

int haven_lua_function_names(lua_State *L, int env) {
    return protected(L, names_body, (void *)(intptr_t)env, 1, NULL);
}

size_t haven_lua_rawlen(lua_State *L, int index) { return (size_t)lua_rawlen(L, index); }

void haven_lua_rawgeti(lua_State *L, int index, long long i) { lua_rawgeti(L, index, (lua_Integer)i); }

const char *haven_lua_string(lua_State *L, int index, size_t *length) {
    if (lua_type(L, index) != LUA_TSTRING) return NULL;
    return lua_tolstring(L, index, length);
}

void haven_lua_pop(lua_State *L, int n) { lua_pop(L, n); }

int haven_lua_type(lua_State *L, int index) { return lua_type(L, index); }

int haven_lua_boolean(lua_State *L, int index) { return lua_toboolean(L, index); }

double haven_lua_number(lua_State *L, int index, int *is_integer, long long *integer) {
    *is_integer = lua_isinteger(L, index);
    if (*is_integer) {
        *integer = (long long)lua_tointeger(L, index);
        return (double)*integer;
    }
    return lua_tonumber(L, index);
}
