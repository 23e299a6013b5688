#ifndef HAVEN_CZLIB_SHIM_H
#define HAVEN_CZLIB_SHIM_H

#include <stddef.h>

/// gzip through the system zlib, for `.tar.gz` packs, and its CRC-32 for zip entries. zlib's own types stay
/// in the C file, so that no Swift module sees them twice (ZIPFoundation
/// has its own zlib module).

enum {
    HAVEN_GZIP_OK = 0,
    /// Not gzip, damaged, truncated, or with bytes after its end.
    HAVEN_GZIP_DAMAGED = 1,
    /// It unpacks to more than the limit.
    HAVEN_GZIP_TOO_LARGE = 2,
    HAVEN_GZIP_NO_MEMORY = 3,
};

/// Unpacks one gzip member of `length` bytes into a new buffer of at most
/// `limit` bytes, freed with `haven_gzip_free`.
int haven_gunzip(const unsigned char *input, size_t length, size_t limit,
                 unsigned char **output, size_t *output_length);

/// Packs `length` bytes as gzip with no name and a zero time (the same
/// bytes give the same archive), into a new buffer freed with `haven_gzip_free`.
int haven_gzip(const unsigned char *input, size_t length,
               unsigned char **output, size_t *output_length);

void haven_gzip_free(void *buffer);

/// zlib's CRC-32 of `length` more bytes, continuing from `crc` (0 to start):
/// the checksum a zip entry carries, a hundred times faster than in Swift.
unsigned int haven_crc32(unsigned int crc, const unsigned char *bytes, size_t length);

#endif
