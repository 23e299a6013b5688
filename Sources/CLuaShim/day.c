#include "state.h"
#include <string.h>

/* ---- A day_outcome hook's day ------------------------------------------------
 * A day_outcome hook gets a day table on every day of a walk: 365,000 of
 * them in a cold status of 100 trackers over ten years. Each is made here
 * in one go, its keys C literals (interned once, then found by address in
 * Lua's string cache) and its date formatted in C.
 *
 * Most hooks read a day's sum or date, and making each entry's table for
 * every day was most of a cold walk's cost (#31 item 2). The day table
 * keeps its entries packed in a userdata, in a weak-keyed registry table,
 * and its metatable makes `day.entries` on first read (then it is an
 * ordinary field). The packed bytes live as long as the day table, so a
 * hook that keeps the table reads its entries later just the same, and
 * `pairs(day)` makes them first: only `next` and `rawget` see the day
 * before its entries are read. A day without entries keeps nothing: its
 * `entries` is made empty on first read.
 *
 * Packed, per entry (HavenCore's HookDays writes it): a flags byte (1
 * number, 2 level, 4 note, 8 trigger), the minute of the day (2 bytes),
 * then the number (8 bytes) and each text as a 4-byte length and its
 * bytes, in that order. */

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

/* __index of a day table: `entries` from its packed bytes, once. */
static int day_index(lua_State *L) {
    if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "entries") != 0) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_pushvalue(L, 1);
    size_t length = 0;
    const char *p = "";
    if (lua_rawget(L, -2) == LUA_TUSERDATA) {
        p = (const char *)lua_touserdata(L, -1);
        length = lua_rawlen(L, -1);
    }
    const char *end = p + length;
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
    /* An ordinary field from now on; the packed bytes are no longer needed. */
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

/* What every day is made of, in the registry array `day_parts`: its keys
 * and names as Lua strings made once (a C literal is looked up in Lua's
 * string cache with a strcmp on every use), its metatable and the
 * registry of packed entries. */
enum {
    P_DATE = 1, P_WEEKDAY, P_SUM, P_GOAL, P_GOAL_KIND, P_WINDOW, P_TRACKER, P_SUCCESSES, P_DAYS,
    P_AT_LEAST, P_AT_MOST, P_NAME, P_META, P_LAZY, P_MONDAY, P_COUNT = P_MONDAY + 7
};

void haven_lazy_open(lua_State *L) {
    static const char *const names[] = {"date", "weekday", "sum", "goal", "goal_kind", "window", "tracker",
                                        "successes", "days", "at_least", "at_most", "day_outcome"};
    static const char *const weekdays[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    lua_createtable(L, P_COUNT, 0);
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, P_DATE + i);
    }
    for (int i = 0; i < 7; i++) {
        lua_pushstring(L, weekdays[i]);
        lua_rawseti(L, -2, P_MONDAY + i);
    }
    lua_newtable(L);
    lua_pushcfunction(L, day_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, day_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_rawseti(L, -2, P_META);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.lazy");
    lua_rawseti(L, -2, P_LAZY);
    state_of(L)->day_parts = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The hook's name, as a Lua string made once. */
void haven_push_day_name(lua_State *L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state_of(L)->day_parts);
    lua_rawgeti(L, -1, P_NAME);
    lua_remove(L, -2);
}

/* Howard Hinnant's civil_from_days. */
static void civil(long long n, int *year, int *month, int *day) {
    long long z = n + 719468, era = (z >= 0 ? z : z - 146096) / 146097, doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365, doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    *day = (int)(doy - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = (int)(yoe + era * 400 + (*month <= 2));
}

void haven_push_day(lua_State *L, const haven_lua_day *day) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state_of(L)->day_parts);
    int parts = lua_gettop(L);
    lua_createtable(L, 0, 8);
    int t = parts + 1;
    int y, m, d;
    civil(day->day, &y, &m, &d);
    char date[10] = {(char)('0' + y / 1000 % 10), (char)('0' + y / 100 % 10), (char)('0' + y / 10 % 10),
                     (char)('0' + y % 10), '-', (char)('0' + m / 10), (char)('0' + m % 10), '-',
                     (char)('0' + d / 10), (char)('0' + d % 10)};
    lua_rawgeti(L, parts, P_DATE);
    lua_pushlstring(L, date, sizeof date);
    lua_rawset(L, t);
    lua_rawgeti(L, parts, P_WEEKDAY);
    lua_rawgeti(L, parts, P_MONDAY + (int)(((day->day % 7) + 7 + 3) % 7)); /* 1970-01-01 was a Thursday */
    lua_rawset(L, t);
    lua_rawgeti(L, parts, P_SUM);
    lua_pushnumber(L, day->sum);
    lua_rawset(L, t);
    if (day->goal_kind != HAVEN_LUA_NO_GOAL) {
        lua_rawgeti(L, parts, P_GOAL);
        lua_pushnumber(L, day->goal);
        lua_rawset(L, t);
        lua_rawgeti(L, parts, P_GOAL_KIND);
        lua_rawgeti(L, parts, day->goal_kind == HAVEN_LUA_AT_LEAST ? P_AT_LEAST : P_AT_MOST);
        lua_rawset(L, t);
    }
    if (day->window_days > 0) {
        lua_rawgeti(L, parts, P_WINDOW);
        lua_createtable(L, 0, 2);
        lua_rawgeti(L, parts, P_SUCCESSES);
        lua_pushinteger(L, (lua_Integer)day->window_successes);
        lua_rawset(L, -3);
        lua_rawgeti(L, parts, P_DAYS);
        lua_pushinteger(L, (lua_Integer)day->window_days);
        lua_rawset(L, -3);
        lua_rawset(L, t);
    }
    lua_rawgeti(L, parts, P_TRACKER);
    lua_rawgeti(L, LUA_REGISTRYINDEX, day->tracker);
    lua_rawset(L, t);
    lua_rawgeti(L, parts, P_META);
    lua_setmetatable(L, t);
    if (day->entries_length > 0) {
        lua_rawgeti(L, parts, P_LAZY);
        lua_pushvalue(L, t);
        /* A userdata, not a string: its bytes are copied, never hashed or interned. */
        memcpy(lua_newuserdatauv(L, day->entries_length, 0), day->entries, day->entries_length);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    lua_remove(L, parts);
}
