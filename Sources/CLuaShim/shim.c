#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "state.h"

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
            lua_sethook(s->L, haven_count_hook, LUA_MASKCOUNT, 1);
        }
    }
    void *p = realloc(ptr, nsize);
    if (p) s->used = s->used - old + nsize;
    return p;
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
    /* Generational, as the `lua` program runs: a day_outcome walk makes a
     * day table per day that dies with its call, and young garbage is what
     * this mode collects cheaply (a cold hooked status: 10 % less time). */
    lua_gc(L, LUA_GCGEN, 0, 0);
    lua_pushcfunction(L, haven_open_sandbox);
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
        haven_where_text(L, at, sizeof at);
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
    haven_start_budget(L, start, budget);
    int status = lua_pcall(L, 1, results, base + 1);
    haven_stop_budget(L);
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
    if (state_of(L)->spent != SPENT_NONE) haven_stop(L, state_of(L)->spent);
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
    const haven_lua_day *day;
    int missing;
} call_t;

static int call_body(lua_State *L) {
    call_t *job = (call_t *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, job->env);
    if (job->day) {
        haven_push_day_name(L);
    } else {
        lua_pushstring(L, job->name);
    }
    if (lua_rawget(L, -2) != LUA_TFUNCTION) {
        job->missing = 1;
        return 0;
    }
    int n = 1;
    if (job->day) {
        haven_push_day(L, job->day);
    } else {
        n = build(L, job->steps, job->count, job->text);
    }
    lua_call(L, n, 1);
    /* A hook that caught its own stop (return pcall(...)) still stopped. */
    if (state_of(L)->spent != SPENT_NONE) haven_stop(L, state_of(L)->spent);
    return 1;
}

static int call(lua_State *L, call_t *job, haven_lua_budget *budget) {
    int status = protected(L, call_body, job, 1, budget);
    if (status == LUA_OK && job->missing) {
        lua_pop(L, 1);
        return -1;
    }
    return status;
}

int haven_lua_call(lua_State *L, int env, const char *name, const haven_lua_step *steps, size_t count,
                   const char *text, haven_lua_budget *budget) {
    call_t job = {env, name, steps, count, text, NULL, 0};
    return call(L, &job, budget);
}

int haven_lua_call_day(lua_State *L, int env, const haven_lua_day *day, haven_lua_budget *budget) {
    call_t job = {env, "day_outcome", NULL, 0, "", day, 0};
    return call(L, &job, budget);
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
