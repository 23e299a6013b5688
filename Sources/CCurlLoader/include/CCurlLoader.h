#ifndef HAVEN_CCURL_LOADER_H
#define HAVEN_CCURL_LOADER_H

#include <stddef.h>

/// libcurl, loaded when `haven sync` first talks to a server rather than
/// when Haven starts: linked, it and the TLS libraries it needs would load
/// with every one-shot command. Only libcurl's stable ABI is used (option
/// numbers are fixed by its headers and never change), so no headers are
/// needed to build.

/// A connection cache and its settings: one per client. NULL when libcurl
/// cannot be loaded, with the reason in `error` (a static string).
void *haven_http_open(const char **error);
void haven_http_close(void *handle);

/// One request. `headers` holds `count` lines such as "Accept: x". On
/// success returns 0, sets `status` and `body`/`length` (free it with
/// haven_http_free). Otherwise returns curl's non-zero code with a message
/// in `message` (at least 256 bytes), or HAVEN_HTTP_TOO_LARGE when the
/// answer grew past `max_bytes` (read no further). A transfer that moves no
/// byte for `stall_seconds` ends.
#define HAVEN_HTTP_TOO_LARGE (-2)
int haven_http_perform(void *handle, const char *method, const char *url,
                       const char *const *headers, size_t count,
                       const void *body, size_t body_length, long timeout_ms,
                       size_t max_bytes, long stall_seconds,
                       long *status, unsigned char **response, size_t *length,
                       char *message);

void haven_http_free(void *pointer);

#endif
