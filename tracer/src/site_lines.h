/* benchgen tracer: the site lines of trace.bgc (docs/compressed-format.md, "Sites"), made from the
 * table of trace.sites (site_table.c) by binutils' addr2line, at rank 0 after PMPI_Finalize
 * (site_lines.c). Without MPI, so that the test driver (tracer/test/fold_driver.c) runs it too. */
#ifndef BGT_SITE_LINES_H
#define BGT_SITE_LINES_H

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* The site lines for `table`, the text of trace.sites (`len` bytes): one a site, sorted, each
 * '\n'-terminated ("" where the table has none); NULL when out of memory. *located counts the
 * sites whose innermost frame has a source line, *total all. Runs `addr2line` once per module
 * (found on PATH; none: frames stay module+offset). */
char *site_lines_of(const char *table, size_t len, int *located, int *total);

/* ---- what site_lines.c and site_kept.c share --------------------------------------------------- */

/* One frame of a site line: where (module+0xOFFSET), its source file and line (file "" and line 0
 * where not known) and function ("" where not known); SiteFrame. */
typedef struct {
  char *where, *file, *function;
  int line;
} site_frame;

/* The benchmarks' kept sites met so far (site_kept.c): benchgen.sites files and the sources read. */
typedef struct site_kept site_kept;

/* Where one of `f` (n frames, innermost first) lies on a call line of a benchmark generated with
 * --keep-sites, beside a benchgen.sites (docs/codegen.md): 1 and *out, *nout the traced program's
 * frames of the site that line made (held by *cache); 0 where none does. */
int site_kept_map(site_kept **cache, const site_frame *f, int n, const site_frame **out,
                  int *nout);
void site_kept_free(site_kept *cache);

/* Names.decode: a malloc'd text, or NULL where s is empty, has a malformed %-escape or a NUL. */
char *site_decode(const char *s, size_t n);
/* Integer.parseInt of n bytes: 0 and *v, or -1. */
int site_parse_int(const char *s, size_t n, int *v);
/* String.strip's whitespace (Character.isWhitespace) among the ASCII characters. */
int site_is_space(unsigned char c);

#pragma GCC visibility pop

#endif
