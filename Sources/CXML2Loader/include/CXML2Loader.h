#ifndef HAVEN_CXML2_LOADER_H
#define HAVEN_CXML2_LOADER_H

/// libxml2, loaded when an Apple Health import first needs it rather than
/// when Haven starts: linked, it brought ICU's libraries into every one-shot
/// command (about 0.7 ms of loading, measured on a trivial command). The
/// pointers are libxml2's own types (see CXML2), passed through as `void *`.

/// 0 once libxml2 is loaded (or was already); -1 when it cannot be, with
/// the reason in `haven_xml_error`.
int haven_xml_load(void);
const char *haven_xml_error(void);

void haven_xmlInitParser(void);
void *haven_xmlCreatePushParserCtxt(void *sax, void *user_data, const char *chunk, int size, const char *filename);
int haven_xmlCtxtUseOptions(void *context, int options);
void haven_xmlFreeParserCtxt(void *context);
int haven_xmlSAX2GetLineNumber(void *context);
int haven_xmlParseChunk(void *context, const char *chunk, int size, int terminate);
void haven_xmlStopParser(void *context);
const void *haven_xmlCtxtGetLastError(void *context);

#endif
