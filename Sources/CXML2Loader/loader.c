#include "CXML2Loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

// libxml2 built with ICU would pull ICU's headers in (libxml/encoding.h);
// Haven reads UTF-8 only and never touches the encoding handlers whose
// layout this changes, so the ICU parts stay out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

_Static_assert(HAVEN_XML_ERR_DOCUMENT_EMPTY == XML_ERR_DOCUMENT_EMPTY, "libxml2's code for an empty document");
_Static_assert(HAVEN_XML_ERR_DOCUMENT_END == XML_ERR_DOCUMENT_END, "libxml2's code for a document cut short");

static struct {
    void (*initParser)(void);
    xmlParserCtxtPtr (*createPushParserCtxt)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*ctxtUseOptions)(xmlParserCtxtPtr, int);
    void (*freeParserCtxt)(xmlParserCtxtPtr);
    int (*sax2GetLineNumber)(void *);
    int (*parseChunk)(xmlParserCtxtPtr, const char *, int, int);
    void (*stopParser)(xmlParserCtxtPtr);
    const xmlError *(*ctxtGetLastError)(void *);
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
    xml.initParser();
    loaded = 0;
}

int haven_xml_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *haven_xml_error(void) { return problem; }

/// What the parser's user data points to: the Swift side's callbacks.
typedef struct {
    void *user;
    haven_xml_start start;
    haven_xml_end end;
} Callbacks;

static void on_start(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri, int namespaces,
                     const xmlChar **namespace_list, int count, int defaulted, const xmlChar **attributes) {
    (void)prefix, (void)uri, (void)namespaces, (void)namespace_list, (void)defaulted;
    Callbacks *callbacks = context;
    if (name != NULL) callbacks->start(callbacks->user, name, count, attributes);
}

static void on_end(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    (void)name, (void)prefix, (void)uri;
    Callbacks *callbacks = context;
    callbacks->end(callbacks->user);
}

// Errors are read from the context when a chunk fails; nothing is printed.
static void on_error(void *context, const xmlError *error) { (void)context, (void)error; }

void *haven_xml_parser(void *user, haven_xml_start start, haven_xml_end end, const char *name) {
    xmlSAXHandler sax = {0};
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.serror = (xmlStructuredErrorFunc)on_error;
    Callbacks *callbacks = malloc(sizeof(Callbacks));
    if (callbacks == NULL) return NULL;
    *callbacks = (Callbacks){user, start, end};
    xmlParserCtxtPtr context = xml.createPushParserCtxt(&sax, callbacks, NULL, 0, name);
    if (context == NULL) {
        free(callbacks);
        return NULL;
    }
    // Never the network, never an external DTD, no entity substitution.
    // NOENT makes `&#38;` an `&` in attribute values: no entity is ever
    // declared (the handler takes no declarations), so none can expand.
    xml.ctxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_NOENT | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    return context;
}

void haven_xml_free(void *parser) {
    xmlParserCtxtPtr context = parser;
    void *callbacks = context->userData;
    xml.freeParserCtxt(context);
    free(callbacks);
}

int haven_xml_line(void *parser) { return xml.sax2GetLineNumber(parser); }

int haven_xml_feed(void *parser, const char *chunk, int size, int terminate) {
    return xml.parseChunk(parser, chunk, size, terminate);
}

void haven_xml_stop(void *parser) { xml.stopParser(parser); }

int haven_xml_failed(void *parser) {
    xmlParserCtxtPtr context = parser;
    return context->wellFormed == 0 || context->disableSAX != 0;
}

const char *haven_xml_last_message(void *parser) {
    const xmlError *error = xml.ctxtGetLastError(parser);
    return error == NULL ? NULL : error->message;
}

int haven_xml_last_line(void *parser) {
    const xmlError *error = xml.ctxtGetLastError(parser);
    return error == NULL ? 0 : error->line;
}
