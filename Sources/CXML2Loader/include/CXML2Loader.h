#ifndef HAVEN_CXML2_LOADER_H
#define HAVEN_CXML2_LOADER_H

/// libxml2's SAX2 push parser behind a small C face of Haven's own.
/// libxml2 is loaded when an Apple Health import first needs it rather
/// than when Haven starts: linked, it brought ICU's libraries into every
/// one-shot command (about 0.7 ms of loading, measured on a trivial
/// command). No libxml2 type crosses this header, so no Swift module ever
/// needs libxml2's headers (only loader.c includes them).

/// 0 once libxml2 is loaded (or was already); -1 when it cannot be, with
/// the reason in `haven_xml_error`.
int haven_xml_load(void);
const char *haven_xml_error(void);

/// A start tag: its local name, and five pointers per attribute (local
/// name, prefix, URI, value start, value end), valid during the call.
typedef void (*haven_xml_start)(void *user, const unsigned char *name, int count, const unsigned char **attributes);
/// An end tag.
typedef void (*haven_xml_end)(void *user);

/// A push parser that calls `start` and `end` with `user`, named `name` in
/// libxml2's messages: no network, no external DTD, no entity declared,
/// nothing printed. NULL when libxml2 could not make one.
void *haven_xml_parser(void *user, haven_xml_start start, haven_xml_end end, const char *name);
void haven_xml_free(void *parser);
/// The line the parser has reached (1-based).
int haven_xml_line(void *parser);
/// Parses the next bytes (`terminate` 1 ends the document); libxml2's code.
int haven_xml_feed(void *parser, const char *chunk, int size, int terminate);
void haven_xml_stop(void *parser);
/// 1 when a fatal error stopped the document (not well-formed, or stopped).
int haven_xml_failed(void *parser);
/// The last error's message and line (NULL and 0 when there is none).
const char *haven_xml_last_message(void *parser);
int haven_xml_last_line(void *parser);

/// libxml2's codes for an empty document and for one cut short.
enum { HAVEN_XML_ERR_DOCUMENT_EMPTY = 4, HAVEN_XML_ERR_DOCUMENT_END = 5 };

#endif
