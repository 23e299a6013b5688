// libxml2 built with ICU would pull ICU's headers in (libxml/encoding.h),
// and Foundation brings its own ICU: the two clash in one Swift build.
// Haven reads UTF-8 only and never touches the encoding handlers whose
// layout this changes, so the ICU parts stay out of the module.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
