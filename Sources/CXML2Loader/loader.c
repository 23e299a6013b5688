#include "CXML2Loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    void (*initParser)(void);
    void *(*createPushParserCtxt)(void *, void *, const char *, int, const char *);
    int (*ctxtUseOptions)(void *, int);
    void (*freeParserCtxt)(void *);
    int (*sax2GetLineNumber)(void *);
    int (*parseChunk)(void *, const char *, int, int);
    void (*stopParser)(void *);
    const void *(*ctxtGetLastError)(void *);
} xml;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static const char *problem = "libxml2 was not loaded";

static void load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        problem = dlerror();
        return;
    }
#define FIND(field, name)                                  \
    *(void **)(&xml.field) = dlsym(library, name);         \
    if (xml.field == NULL) {                               \
        problem = "libxml2 lacks " name;                   \
        return;                                            \
    }
    FIND(initParser, "xmlInitParser")
    FIND(createPushParserCtxt, "xmlCreatePushParserCtxt")
    FIND(ctxtUseOptions, "xmlCtxtUseOptions")
    FIND(freeParserCtxt, "xmlFreeParserCtxt")
    FIND(sax2GetLineNumber, "xmlSAX2GetLineNumber")
    FIND(parseChunk, "xmlParseChunk")
    FIND(stopParser, "xmlStopParser")
    FIND(ctxtGetLastError, "xmlCtxtGetLastError")
#undef FIND
    loaded = 0;
}

int haven_xml_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *haven_xml_error(void) { return problem; }

void haven_xmlInitParser(void) { xml.initParser(); }
void *haven_xmlCreatePushParserCtxt(void *sax, void *user_data, const char *chunk, int size, const char *filename) {
    return xml.createPushParserCtxt(sax, user_data, chunk, size, filename);
}
int haven_xmlCtxtUseOptions(void *context, int options) { return xml.ctxtUseOptions(context, options); }
void haven_xmlFreeParserCtxt(void *context) { xml.freeParserCtxt(context); }
int haven_xmlSAX2GetLineNumber(void *context) { return xml.sax2GetLineNumber(context); }
int haven_xmlParseChunk(void *context, const char *chunk, int size, int terminate) {
    return xml.parseChunk(context, chunk, size, terminate);
}
void haven_xmlStopParser(void *context) { xml.stopParser(context); }
const void *haven_xmlCtxtGetLastError(void *context) { return xml.ctxtGetLastError(context); }
