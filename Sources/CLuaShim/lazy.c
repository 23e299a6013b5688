#include "state.h"
#include <string.h>

/* ---- A day's entries, made when first read -------------------------------
 * A day_outcome hook gets a day table on every day of a walk; most hooks
 * read its sum or date, and making each entry's table for every day was
 * most of a cold walk's cost (#31 item 2). The day table keeps its entries
 * packed in a string, in a weak-keyed registry table, and its metatable
 * makes `day.entries` on first read (then it is an ordinary field). The
 * packed string lives as long as the day table, so a hook that keeps the
 * table reads its entries later just the same, and `pairs(day)` makes them
 * first: only `next` and `rawget` see the day before its entries are read.
 *
 * Packed, per entry: a flags byte (1 number, 2 level, 4 note, 8 trigger),
 * the minute of the day (2 bytes), then the number (8 bytes) and each
 * text as a 4-byte length and its bytes, in that order. */

enum { HAS_NUMBER = 1, HAS_LEVEL = 2, HAS_NOTE = 4, HAS_TRIGGER = 8 };

static int read_text(lua_State *L, const char **p, const char *end, const char *field) {
    uint32_t n;
    if (end - *p < 4) return 0;
    memcpy(&n, *p, 4);
    *p += 4;
    if ((size_t)(end - *p) < n) return 0;
    lua_pushlstring(L, *p, n);
    lua_setfield(L, -2, field);
    *p += n;
    return 1;
}

/* __index of a day table: `entries` from its packed string, once. */
static int day_index(lua_State *L) {
    if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "entries") != 0) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) != LUA_TSTRING) return 0;
    size_t length;
    const char *p = lua_tolstring(L, -1, &length), *end = p + length;
    lua_pushliteral(L, "date");
    lua_rawget(L, 1);
    int date = lua_gettop(L);
    lua_newtable(L);
    lua_Integer count = 0;
    while (p < end) {
        if (end - p < 3) break;
        unsigned char flags = (unsigned char)p[0];
        uint16_t minute;
        memcpy(&minute, p + 1, 2);
        p += 3;
        lua_createtable(L, 0, 5);
        lua_pushvalue(L, date);
        lua_setfield(L, -2, "date");
        char time[5] = {(char)('0' + minute / 600), (char)('0' + minute / 60 % 10), ':',
                        (char)('0' + minute % 60 / 10), (char)('0' + minute % 10)};
        lua_pushlstring(L, time, 5);
        lua_setfield(L, -2, "time");
        if (flags & HAS_NUMBER) {
            double number;
            if (end - p < 8) break;
            memcpy(&number, p, 8);
            p += 8;
            lua_pushnumber(L, number);
            lua_setfield(L, -2, "value");
        }
        if ((flags & HAS_LEVEL) && !read_text(L, &p, end, "level")) break;
        if ((flags & HAS_NOTE) && !read_text(L, &p, end, "note")) break;
        if ((flags & HAS_TRIGGER) && !read_text(L, &p, end, "trigger")) break;
        lua_rawseti(L, -2, ++count);
    }
    lua_settop(L, date + 1);
    /* An ordinary field from now on; the packed string is no longer needed. */
    lua_pushliteral(L, "entries");
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* A C `next`, so that iterating a day needs no global of the sandbox's. */
static int day_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a day table: `entries` is made first, so that iterating the
 * day finds every field, as it would in a table made whole. */
static int day_pairs(lua_State *L) {
    lua_settop(L, 1);
    lua_pushcfunction(L, day_index);
    lua_pushvalue(L, 1);
    lua_pushliteral(L, "entries");
    lua_call(L, 2, 0);
    lua_pushcfunction(L, day_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void haven_lazy_open(lua_State *L) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_newtable(L);
    lua_pushcfunction(L, day_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, day_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.day");
}

void haven_lazy_entries(lua_State *L, const char *packed, size_t length) {
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.day");
    lua_setmetatable(L, -2);
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_pushvalue(L, -2);
    lua_pushlstring(L, packed, length);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}
