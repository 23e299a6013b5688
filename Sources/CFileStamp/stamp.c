#include "CFileStamp.h"

#include <sys/stat.h>

haven_file_stamp haven_stat(const char *path) {
    haven_file_stamp stamp = {0};
    struct stat info;
    if (stat(path, &info) != 0) return stamp;
    stamp.exists = 1;
    stamp.regular = S_ISREG(info.st_mode) ? 1 : 0;
    stamp.mtime_seconds = (int64_t)info.st_mtim.tv_sec;
    stamp.mtime_nanoseconds = (int64_t)info.st_mtim.tv_nsec;
    stamp.size = (int64_t)info.st_size;
    stamp.inode = (int64_t)info.st_ino;
    return stamp;
}
