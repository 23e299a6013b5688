#include "CLuaShim.h"
int haven_lua_dummy(void) { return 0; }
