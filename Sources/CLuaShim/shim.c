#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/* One state's allocator bookkeeping and limits, freed with the state. */
typedef struct {
    size_t used;
    haven_lua_limits limits;
} haven_state_t;

static haven_state_t *state_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (haven_state_t *)ud;
}

static void *haven_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    haven_state_t *s = (haven_state_t *)ud;
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->used -= old;
        return NULL;
    }
    if (nsize > old && s->used - old + nsize > s->limits.memory) {
        return NULL; /* Lua turns this into a memory error. */
    }
    void *p = realloc(ptr, nsize);
    if (p) s->used = s->used - old + nsize;
    return p;
}

/* Pushes "file:line: " of the innermost Lua function at or above `level`,
 * or "" when there is none: C functions and hooks have no line. */
static void where(lua_State *L, int level) {
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* ---- The instruction budget ---------------------------------------------- */

/* Runs after the budget's last instruction, then after every instruction, so
 * that a hook catching the error with pcall cannot keep running. */
static void budget_spent(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, budget_spent, LUA_MASKCOUNT, 1);
    where(L, 0);
    lua_pushfstring(L, "used up its budget of %d instructions (an endless loop?)",
                    (int)state_of(L)->limits.instructions);
    lua_concat(L, 2);
    lua_error(L);
}

static void start_budget(lua_State *L) {
    lua_sethook(L, budget_spent, LUA_MASKCOUNT, (int)state_of(L)->limits.instructions);
}

static void stop_budget(lua_State *L) { lua_sethook(L, NULL, 0, 0); }

/* ---- Pattern functions ------------------------------------------------------
 * Lua's pattern matcher backtracks inside one C call, where the instruction
 * budget cannot stop it. Before a match starts, its worst case is bounded:
 * every start position, times the text's length for each repetition
 * (*, +, -, %b, back-references), times 2 for each '?'. A pattern whose
 * bound exceeds the limit for this text is refused with advice. */

static double pattern_bound(const char *p, size_t plen, size_t n) {
    double len = (double)n + 1;
    double bound = 1;
    size_t i = 0;
    if (plen > 0 && p[0] == '^') {
        i = 1; /* anchored: one start position */
    } else {
        bound = len;
    }
    while (i < plen) {
        char c = p[i];
        int single = 1; /* a single-character class that a quantifier may follow */
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
        if (single && i < plen) {
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
    return bound;
}

/* Guards call the library's function (upvalue 1) in their own frame, so
 * that its errors name the function as the hook called it. */
static int call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    return original(L);
}

/* Upvalue 1: the library's function; upvalue 2: its name. */
static int guarded_pattern(lua_State *L) {
    size_t n = 0, plen = 0;
    luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    int plain = strcmp(name, "find") == 0 && lua_toboolean(L, 4);
    double limit = state_of(L)->limits.pattern_steps;
    if (!plain && pattern_bound(p, plen, n) > limit) {
        return luaL_error(L, "string.%s: the pattern '%s' could take more than %d million steps on a text of %d "
                             "bytes; use fewer repetitions (*, +, -, ?) or match a shorter text",
                          name, plen > 40 ? "(long pattern)" : p, (int)(limit / 1e6), (int)n);
    }
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

static void remove_field(lua_State *L, int table, const char *name) {
    lua_pushnil(L);
    lua_setfield(L, table, name);
}

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

    /* The metatable of every chunk's own globals: misses read the sandbox's. */
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
    haven_state_t *s = malloc(sizeof *s);
    if (!s) return NULL;
    s->used = 0;
    s->limits.memory = limits.memory ? limits.memory : (size_t)16 << 20;
    s->limits.instructions = limits.instructions > 0 ? limits.instructions : 1000000;
    s->limits.pattern_steps = limits.pattern_steps > 0 ? limits.pattern_steps : 1e8;
    lua_State *L = lua_newstate(haven_alloc, s);
    if (!L) {
        free(s);
        return NULL;
    }
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

/* ---- Protected calls --------------------------------------------------------- */

/* The message handler: the error as text, without running any metamethod
 * (an error object's __tostring could loop), placed at the innermost Lua
 * line when it names none (errors raised inside C functions), and the
 * traceback kept in the registry for the caller. */
static int message_handler(lua_State *L) {
    int type = lua_type(L, 1);
    if (type != LUA_TSTRING && type != LUA_TNUMBER) {
        where(L, 1);
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_concat(L, 2);
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
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.traceback");
    lua_settop(L, 1);
    if (lua_type(L, 1) == LUA_TNUMBER) lua_tostring(L, 1);
    return 1;
}

/* Runs `body` protected with the message handler; on error leaves the
 * message and the traceback (or nil) on the stack. */
static int protected(lua_State *L, lua_CFunction body, void *data, int results) {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "haven.traceback");
    int base = lua_gettop(L);
    lua_pushcfunction(L, message_handler);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, data);
    start_budget(L);
    int status = lua_pcall(L, 1, results, base + 1);
    stop_budget(L);
    lua_remove(L, base + 1);
    if (status != LUA_OK) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            lua_pop(L, 1);
            lua_pushliteral(L, "error in error handling");
        }
        lua_getfield(L, LUA_REGISTRYINDEX, "haven.traceback");
    }
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
        job->syntax = status == LUA_ERRSYNTAX;
        return lua_error(L);
    }
    lua_newtable(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "haven.env");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    job->env = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setupvalue(L, -2, 1); /* the chunk's _ENV */
    lua_call(L, 0, 1);
    return 1;
}

int haven_lua_load(lua_State *L, const char *code, size_t length, const char *chunkname, int *env) {
    load_t job = {code, length, chunkname, LUA_NOREF, 0};
    int status = protected(L, load_body, &job, 1);
    if (status == LUA_ERRRUN && job.syntax) status = LUA_ERRSYNTAX;
    if (status != LUA_OK && job.env != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, job.env);
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
        case HAVEN_LUA_TABLE: lua_newtable(L); break;
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
    return 1;
}

int haven_lua_call(lua_State *L, int env, const char *name, const haven_lua_step *steps, size_t count,
                   const char *text) {
    call_t job = {env, name, steps, count, text, 0};
    int status = protected(L, call_body, &job, 1);
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
    if (protected(L, keep_body, &job, 0) != LUA_OK) {
        lua_pop(L, 2);
        return LUA_NOREF;
    }
    return job.ref;
}

void haven_lua_release(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }

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
    int status = protected(L, names_body, (void *)(intptr_t)env, 1);
    if (status != LUA_OK) lua_pop(L, 1); /* the traceback; the message stays */
    return status;
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
