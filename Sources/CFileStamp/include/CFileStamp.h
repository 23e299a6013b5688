#ifndef HAVEN_CFILESTAMP_H
#define HAVEN_CFILESTAMP_H

#include <stdint.h>

/// What one stat(2) of a path says, as plain integers. Swift sees
/// `struct stat` through whichever C module it credits with it, and that
/// differs between a debug and a static release build; these fields are
/// the same everywhere.
typedef struct {
    /// 1 when the path exists, else 0 (and every other field is 0).
    int32_t exists;
    /// 1 for a regular file.
    int32_t regular;
    int64_t mtime_seconds;
    int64_t mtime_nanoseconds;
    int64_t size;
    int64_t inode;
} haven_file_stamp;

/// stat(2) of `path`, following symbolic links.
haven_file_stamp haven_stat(const char *path);

#endif
