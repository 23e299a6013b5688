#include "state.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    haven_check_clock(L, state_of(L));
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
    haven_charge(L, (double)n / 16 + (double)plen, lua_tostring(L, -1));
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
    haven_charge(L, cost_of(L, kind), lua_tostring(L, lua_upvalueindex(2)));
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

int haven_open_sandbox(lua_State *L) {
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
    haven_lazy_open(L);
    lua_settop(L, 0);
    return 0;
}
