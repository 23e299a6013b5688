#include "CZlibShim.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int haven_gunzip(const unsigned char *input, size_t length, size_t limit,
                 unsigned char **output, size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    /* 16 + MAX_WBITS: a gzip header and trailer (its CRC and size checked). */
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return HAVEN_GZIP_NO_MEMORY;
    size_t capacity = length * 4 + 4096;
    if (capacity > limit + 1) capacity = limit + 1;
    unsigned char *buffer = malloc(capacity);
    if (buffer == NULL) { inflateEnd(&stream); return HAVEN_GZIP_NO_MEMORY; }
    size_t used = 0, consumed = 0;
    int result = Z_OK;
    while (result != Z_STREAM_END) {
        if (used == capacity) {
            if (capacity > limit) { free(buffer); inflateEnd(&stream); return HAVEN_GZIP_TOO_LARGE; }
            size_t larger = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
            unsigned char *grown = realloc(buffer, larger);
            if (grown == NULL) { free(buffer); inflateEnd(&stream); return HAVEN_GZIP_NO_MEMORY; }
            buffer = grown;
            capacity = larger;
        }
        size_t in_chunk = length - consumed > (1u << 30) ? (1u << 30) : length - consumed;
        size_t out_chunk = capacity - used > (1u << 30) ? (1u << 30) : capacity - used;
        stream.next_in = (unsigned char *)input + consumed;
        stream.avail_in = (uInt)in_chunk;
        stream.next_out = buffer + used;
        stream.avail_out = (uInt)out_chunk;
        result = inflate(&stream, Z_NO_FLUSH);
        consumed += in_chunk - stream.avail_in;
        used += out_chunk - stream.avail_out;
        if (result == Z_BUF_ERROR && consumed == length && stream.avail_out > 0) break; /* truncated */
        if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR) break;
    }
    inflateEnd(&stream);
    if (result != Z_STREAM_END || consumed != length) { free(buffer); return HAVEN_GZIP_DAMAGED; }
    if (used > limit) { free(buffer); return HAVEN_GZIP_TOO_LARGE; }
    *output = buffer;
    *output_length = used;
    return HAVEN_GZIP_OK;
}

int haven_gzip(const unsigned char *input, size_t length,
               unsigned char **output, size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) return HAVEN_GZIP_NO_MEMORY;
    gz_header header;
    memset(&header, 0, sizeof header);
    header.os = 3; /* Unix, whatever made it: the same bytes give the same archive. */
    deflateSetHeader(&stream, &header);
    size_t capacity = deflateBound(&stream, (uLong)length) + 64;
    unsigned char *buffer = malloc(capacity);
    if (buffer == NULL) { deflateEnd(&stream); return HAVEN_GZIP_NO_MEMORY; }
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = buffer;
    stream.avail_out = (uInt)capacity;
    int result = deflate(&stream, Z_FINISH);
    size_t used = capacity - stream.avail_out;
    deflateEnd(&stream);
    if (result != Z_STREAM_END) { free(buffer); return HAVEN_GZIP_NO_MEMORY; }
    *output = buffer;
    *output_length = used;
    return HAVEN_GZIP_OK;
}

void haven_gzip_free(void *buffer) { free(buffer); }

unsigned int haven_crc32(unsigned int crc, const unsigned char *bytes, size_t length) {
    uLong value = crc;
    while (length > 0) {
        uInt chunk = length > 0x40000000u ? 0x40000000u : (uInt)length;
        value = crc32(value, bytes, chunk);
        bytes += chunk;
        length -= chunk;
    }
    return (unsigned int)value;
}
