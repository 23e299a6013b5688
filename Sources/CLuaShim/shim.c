#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>

/* The allocator's bookkeeping, freed with the state. */
typedef struct {
    size_t used;
    size_t limit;
} haven_alloc_t;

static void *haven_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    haven_alloc_t *a = (haven_alloc_t *)ud;
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        a->used -= old;
        return NULL;
    }
    if (nsize > old && a->used - old + nsize > a->limit) {
        return NULL; /* Lua turns this into a memory error. */
    }
    void *p = realloc(ptr, nsize);
    if (p) a->used = a->used - old + nsize;
    return p;
}

lua_State *haven_lua_newstate(size_t limit) {
    haven_alloc_t *a = malloc(sizeof *a);
    if (!a) return NULL;
    a->used = 0;
    a->limit = limit;
    lua_State *L = lua_newstate(haven_alloc, a);
    if (!L) free(a);
    return L;
}

size_t haven_lua_memory_in_use(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ((haven_alloc_t *)ud)->used;
}

int haven_lua_run_text(lua_State *L, const char *code, size_t length, const char *name) {
    int status = luaL_loadbufferx(L, code, length, name, "t");
    if (status != LUA_OK) return status;
    return lua_pcall(L, 0, LUA_MULTRET, 0);
}

const char *haven_lua_tostring(lua_State *L, int index, size_t *length) {
    return lua_tolstring(L, index, length);
}

void haven_lua_pop(lua_State *L, int n) { lua_pop(L, n); }

int haven_lua_gettop(lua_State *L) { return lua_gettop(L); }

void haven_lua_close(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    lua_close(L);
    free(ud);
}
