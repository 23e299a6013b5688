#ifndef HAVEN_CLUA_SHIM_H
#define HAVEN_CLUA_SHIM_H

#include <lua.h>
#include <stddef.h>

/// Lua's function-like macros and error-raising calls, as real functions so
/// that Swift can call them. Every call that may raise a Lua error runs
/// under lua_pcall here in C: a longjmp never crosses a Swift frame.

/// A new state whose allocator refuses to grow past `limit` bytes.
lua_State *haven_lua_newstate(size_t limit);
/// Bytes the state's allocator holds now.
size_t haven_lua_memory_in_use(lua_State *L);
/// Loads a text chunk (binary chunks refused) and runs it protected.
/// Returns LUA_OK or an error code with the message on the stack.
int haven_lua_run_text(lua_State *L, const char *code, size_t length, const char *name);
/// The value at `index` as a string, or NULL.
const char *haven_lua_tostring(lua_State *L, int index, size_t *length);
void haven_lua_pop(lua_State *L, int n);
int haven_lua_gettop(lua_State *L);
void haven_lua_close(lua_State *L);

#endif
