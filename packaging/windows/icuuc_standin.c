/* Test stand-in for Windows' system icuuc.dll (Windows 10 1703 and later have the real one).
 *
 * Why: Qt 6's Qt6Core.dll imports twenty ucnv_* functions from the system ICU, which Wine 8.0
 * lacks, so neither PyInstaller's Qt hook (it imports QtCore to find Qt's plugins) nor the
 * built app would load under Wine. This stand-in is compiled with mingw-w64 by
 * packaging/build.py, copied into the Wine prefix's C:\windows\system32 only (PyInstaller
 * never bundles system32 DLLs, and a test checks that no icuuc.dll is in the bundle), and
 * reports that it has no converters: Qt then uses its built-in UTF-8/UTF-16/Latin-1 codecs,
 * the only encodings the app reads and writes.
 */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __declspec(dllexport)
typedef int32_t UErrorCode;
typedef uint16_t UChar;
#define U_FILE_ACCESS_ERROR 4 /* what ICU reports when it has no data for a converter */

static void fail(UErrorCode *err) { if (err && *err <= 0) *err = U_FILE_ACCESS_ERROR; }

EXPORT void *ucnv_open(const char *name, UErrorCode *err) { (void)name; fail(err); return NULL; }
EXPORT void ucnv_close(void *cnv) { (void)cnv; }
EXPORT void ucnv_reset(void *cnv) { (void)cnv; }
EXPORT int8_t ucnv_getMaxCharSize(const void *cnv) { (void)cnv; return 1; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return NULL; }
EXPORT void ucnv_getToUCallBack(const void *cnv, void **action, const void **context)
{ (void)cnv; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_getFromUCallBack(const void *cnv, void **action, const void **context)
{ (void)cnv; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_setToUCallBack(void *cnv, void *n, const void *c, void **o, const void **oc, UErrorCode *err)
{ (void)cnv; (void)n; (void)c; (void)o; (void)oc; fail(err); }
EXPORT void ucnv_setFromUCallBack(void *cnv, void *n, const void *c, void **o, const void **oc, UErrorCode *err)
{ (void)cnv; (void)n; (void)c; (void)o; (void)oc; fail(err); }
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *s, int32_t len, int32_t off, UErrorCode *err)
{ (void)args; (void)s; (void)len; (void)off; fail(err); }
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **s, const UChar *end, int32_t off, UErrorCode *err)
{ (void)args; (void)s; (void)end; (void)off; fail(err); }
EXPORT void ucnv_toUnicode(void *cnv, UChar **t, const UChar *te, const char **s, const char *se,
                           int32_t *off, int8_t flush, UErrorCode *err)
{ (void)cnv; (void)t; (void)te; (void)s; (void)se; (void)off; (void)flush; fail(err); }
EXPORT void ucnv_fromUnicode(void *cnv, char **t, const char *te, const UChar **s, const UChar *se,
                             int32_t *off, int8_t flush, UErrorCode *err)
{ (void)cnv; (void)t; (void)te; (void)s; (void)se; (void)off; (void)flush; fail(err); }
EXPORT int32_t ucnv_toUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return 0; }
EXPORT int32_t ucnv_fromUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return 0; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err)
{ (void)name; (void)standard; fail(err); return NULL; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *c, void *a, const UChar *u, int32_t l, int32_t cp,
                                            int reason, UErrorCode *err)
{ (void)c; (void)a; (void)u; (void)l; (void)cp; (void)reason; fail(err); }
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *c, void *a, const char *b, int32_t l, int reason,
                                          UErrorCode *err)
{ (void)c; (void)a; (void)b; (void)l; (void)reason; fail(err); }
