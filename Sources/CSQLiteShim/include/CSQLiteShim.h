#ifndef HAVEN_CSQLITE_SHIM_H
#define HAVEN_CSQLITE_SHIM_H

/// Keeps SQLite from checkpointing a WAL database when its last connection
/// closes, so that a one-shot command does not pay a checkpoint and a file
/// deletion on every exit; the WAL is checkpointed as it grows instead.
/// `connection` is a `sqlite3 *`. Returns an SQLite result code.
int haven_sqlite_keep_wal_on_close(void *connection);

#endif
