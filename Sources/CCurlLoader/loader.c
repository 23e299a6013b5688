#include "CCurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's ABI: option numbers are a type base plus a fixed number.
enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_POSTFIELDS = 10015,
    OPT_USERAGENT = 10018,
    OPT_HTTPHEADER = 10023,
    OPT_CUSTOMREQUEST = 10036,
    OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    OPT_NOSIGNAL = 99,
    OPT_HTTPGET = 80,
    OPT_POST = 47,
    OPT_TIMEOUT_MS = 155,
    OPT_LOW_SPEED_LIMIT = 19,
    OPT_LOW_SPEED_TIME = 20,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    GLOBAL_DEFAULT = 3,
};

struct slist;

static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    void (*easy_reset)(void *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static const char *problem = "libcurl was not loaded";

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        problem = "libcurl is not installed (Debian: apt-get install libcurl4)";
        return;
    }
#define FIND(field, name)                                  \
    *(void **)(&curl.field) = dlsym(library, name);        \
    if (curl.field == NULL) {                              \
        problem = "libcurl lacks " name;                   \
        return;                                            \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_reset, "curl_easy_reset")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(GLOBAL_DEFAULT) != 0) {
        problem = "libcurl did not start";
        return;
    }
    loaded = 0;
}

void *haven_http_open(const char **error) {
    pthread_once(&once, load);
    if (loaded != 0) {
        *error = problem;
        return NULL;
    }
    void *handle = curl.easy_init();
    if (handle == NULL) *error = "libcurl could not make a handle";
    return handle;
}

void haven_http_close(void *handle) {
    if (handle != NULL) curl.easy_cleanup(handle);
}

struct sink {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int failed;
    int too_large;
};

static size_t collect(char *data, size_t size, size_t count, void *user) {
    struct sink *sink = user;
    size_t more = size * count;
    // Refused as it arrives: no more than `limit` bytes are ever held.
    if (more > sink->limit - sink->length) {
        sink->too_large = 1;
        return 0;
    }
    if (sink->length + more + 1 > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 16384;
        while (capacity < sink->length + more + 1) capacity *= 2;
        unsigned char *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) {
            sink->failed = 1;
            return 0;
        }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, data, more);
    sink->length += more;
    return more;
}

int haven_http_perform(void *handle, const char *method, const char *url,
                       const char *const *headers, size_t count,
                       const void *body, size_t body_length, long timeout_ms,
                       size_t max_bytes, long stall_seconds,
                       long *status, unsigned char **response, size_t *length,
                       char *message) {
    char buffer[256] = {0};
    struct sink sink = {0};
    sink.limit = max_bytes;
    struct slist *list = NULL;
    for (size_t index = 0; index < count; index++) list = curl.slist_append(list, headers[index]);

    // Reset keeps the connection cache: the next request reuses the connection.
    curl.easy_reset(handle);
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, timeout_ms < 10000 ? timeout_ms : 10000L);
    curl.easy_setopt(handle, OPT_LOW_SPEED_LIMIT, 1L);
    curl.easy_setopt(handle, OPT_LOW_SPEED_TIME, stall_seconds);
    curl.easy_setopt(handle, OPT_USERAGENT, "haven");
    curl.easy_setopt(handle, OPT_ERRORBUFFER, buffer);
    curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, collect);
    curl.easy_setopt(handle, OPT_WRITEDATA, &sink);
    if (strcmp(method, "GET") == 0) {
        curl.easy_setopt(handle, OPT_HTTPGET, 1L);
    } else {
        curl.easy_setopt(handle, OPT_POST, 1L);
        curl.easy_setopt(handle, OPT_POSTFIELDS, body != NULL ? body : "");
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)body_length);
        if (strcmp(method, "POST") != 0) curl.easy_setopt(handle, OPT_CUSTOMREQUEST, method);
    }
    int code = curl.easy_perform(handle);
    curl.slist_free_all(list);
    if (code == 0 && sink.failed) code = 27; // CURLE_OUT_OF_MEMORY
    if (sink.too_large) {
        free(sink.bytes);
        snprintf(message, 256, "the answer is larger than %zu bytes", max_bytes);
        return HAVEN_HTTP_TOO_LARGE;
    }
    if (code != 0) {
        free(sink.bytes);
        snprintf(message, 256, "%s", buffer[0] ? buffer : curl.easy_strerror(code));
        return code;
    }
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, status);
    *response = sink.bytes;
    *length = sink.length;
    return 0;
}

void haven_http_free(void *pointer) { free(pointer); }
