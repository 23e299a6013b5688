#include "CSQLiteShim.h"
#include <sqlite3.h>

int haven_sqlite_keep_wal_on_close(void *connection) {
    /* sqlite3_db_config is variadic, so Swift cannot call it directly. */
    return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
