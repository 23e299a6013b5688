#include <lua.h>
int haven_lua_dummy(void);
