#include "CSystemShim.h"
#include <malloc.h>

void haven_single_malloc_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}
