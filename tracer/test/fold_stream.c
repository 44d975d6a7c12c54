/* benchgen tracer, test driver: a rank's stream in the text format (docs/trace-format.md) read
 * into the folding compressor. Each line becomes what fold_records.c makes of the tracer's binary
 * record of it (a fold_event: values by slot, V_UNSET where absent, lists by slot, names as ids),
 * so the fold sees what it sees in the job. The reader is the inverse of writer.c, not of every
 * stream benchgen reads: a site must be the 12 hex digits the tracer writes (the fold keeps sites
 * as numbers), and nothing is checked that the fold does not need (the Java reader's
 * StreamChecks). */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "fold_stream.h"
#include "vocabulary.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names: one table for every stream the driver reads (the tracer has one a process) --------- */

static fold_table g_names;

int64_t stream_intern(const char *name) { return fold_intern(&g_names, name, strlen(name) + 1); }

const char *stream_name(int64_t id) {
  size_t len;
  return fold_key(&g_names, (int) id, &len);
}

void stream_names_free(void) { fold_table_free(&g_names); }

/* ---- values ----------------------------------------------------------------------------------------- */

typedef struct {
  const char *path;
  long line;
  char *why;
  size_t cap;
} reading;

static int bad(reading *x, const char *fmt, ...) {
  int n = snprintf(x->why, x->cap, "%s:%ld: ", x->path, x->line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t) n < x->cap) vsnprintf(x->why + n, x->cap - (size_t) n, fmt, ap);
  va_end(ap);
  return -1;
}

/* A symbol's value by its text (ANY_SOURCE, NULL, ...), or 0 where the text is none. */
static int symbol(const char *s, int64_t *v) {
  for (int64_t x = INT64_MIN + 1; x < V_UNSET; x++) {
    const char *t = fold_symbol_text(x);
    if (t && strcmp(t, s) == 0) {
      *v = x;
      return 1;
    }
  }
  return 0;
}

static int integer(reading *x, const char *s, int64_t *v) {
  char *end;
  errno = 0;
  long long n = strtoll(s, &end, 10);
  if (!*s || *end || errno) return bad(x, "'%s' is no integer", s);
  *v = n;
  return 0;
}

static int scalar(reading *x, const char *s, int64_t *v) {
  return symbol(s, v) ? 0 : integer(x, s, v);
}

static int hex_digit(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A name percent-decoded in place (Names.decode), interned. */
static int name(reading *x, char *s, int64_t *v) {
  char *o = s;
  for (const char *p = s; *p; p++) {
    if (*p != '%') {
      *o++ = *p;
      continue;
    }
    int hi = hex_digit(p[1]), lo = hi < 0 ? -1 : hex_digit(p[2]);
    if (lo < 0) return bad(x, "a name's '%%' must be followed by two hex digits");
    *o++ = (char) (hi << 4 | lo);
    p += 2;
  }
  *o = 0;
  *v = stream_intern(s);
  return 0;
}

/* The tracer's sites are 12 hex digits (48 bits of a hash): the fold keeps them as numbers. */
static int site(reading *x, const char *s, uint64_t *v) {
  *v = 0;
  for (int i = 0; i < 12; i++) {
    int d = s[i] == 0 || (s[i] >= 'A' && s[i] <= 'F') ? -1 : hex_digit(s[i]);
    if (d < 0)
      return bad(x, "site '%s' is not 12 lower-case hex digits as the tracer writes them (other"
                 " sites must be translated first: docs/compression.md)", s);
    *v = *v << 4 | (uint64_t) d;
  }
  return s[12] ? bad(x, "site '%s' is longer than 12 hex digits", s) : 0;
}

/* A list's values into v (room for as many as the text has characters); their count. */
static int list(reading *x, char *s, int64_t *v, int *n) {
  *n = 0;
  if (!*s) return 0;
  for (char *item = s;;) {
    char *comma = strchr(item, ',');
    if (comma) *comma = 0;
    if (scalar(x, item, &v[(*n)++]) < 0) return -1;
    if (!comma) return 0;
    item = comma + 1;
  }
}

/* ---- lines -------------------------------------------------------------------------------------- */

static int op_of(const char *s) {
  for (int op = 0; op < fold_op_count(); op++)
    if (strcmp(fold_op_name(op), s) == 0) return op;
  return -1;
}

static int slot_of(const fold_call *c, const char *key) {
  for (int i = 0; i < c->nf; i++)
    if (strcmp(fold_field_key(c->field[i]), key) == 0) return i;
  return -1;
}

/* Splits "key=value" in place; the value, or NULL. */
static char *value_of(char *token) {
  char *eq = strchr(token, '=');
  if (!eq) return NULL;
  *eq = 0;
  return eq + 1;
}

/* "comm id=ID members=W,... [remote=W,...]"; scratch has room for twice as many values as the
 * line has characters. */
static int comm_line(reading *x, char *s, fold_rank *r, int64_t *scratch) {
  int64_t id = -1, *members = scratch, *remote = scratch + strlen(s) + 1;
  int nm = 0, nr = 0, seen = 0;
  for (char *t = strtok(s, " "); t; t = strtok(NULL, " ")) {
    char *v = value_of(t);
    if (!v) return bad(x, "'%s' is no key=value", t);
    if (strcmp(t, "id") == 0 && integer(x, v, &id) < 0) return -1;
    if (strcmp(t, "members") == 0 && list(x, v, members, &nm) < 0) return -1;
    if (strcmp(t, "remote") == 0 && list(x, v, remote, &nr) < 0) return -1;
    seen |= strcmp(t, "members") == 0;
  }
  if (id < 0 || !seen) return bad(x, "a comm line needs id= and members=");
  fold_rank_comm(r, id, members, nm, remote, nr);
  return 0;
}

static int event_line(reading *x, char *s, fold_rank *r, int64_t *scratch) {
  char *t = strtok(s, " ");
  fold_event e;
  memset(&e, 0, sizeof e);
  e.op = op_of(t);
  if (e.op < 0) return bad(x, "unknown call '%s'", t);
  const fold_call *c = fold_call_of(e.op);
  e.cpu = -1;
  for (int i = 0; i < 24; i++) e.values[i] = V_UNSET;
  int64_t *free_at = scratch;
  int has_site = 0;
  for (t = strtok(NULL, " "); t; t = strtok(NULL, " ")) {
    char *v = value_of(t);
    if (!v) return bad(x, "'%s' is no key=value", t);
    int64_t n;
    if (strcmp(t, "site") == 0) {
      if (site(x, v, &e.site) < 0) return -1;
      has_site = 1;
      continue;
    }
    if (!strcmp(t, "enter") || !strcmp(t, "exit") || !strcmp(t, "cpu")) {
      if (integer(x, v, &n) < 0) return -1;
      if (!strcmp(t, "enter")) e.enter = (uint64_t) n;
      else if (!strcmp(t, "exit")) e.exit = (uint64_t) n;
      else e.cpu = n;
      continue;
    }
    int slot = slot_of(c, t);
    if (slot < 0) return bad(x, "%s has no field '%s'", fold_op_name(e.op), t);
    int f = c->field[slot];
    if (fold_field_is_list(f)) {
      if (list(x, v, free_at, &e.list_len[slot]) < 0) return -1;
      e.lists[slot] = free_at;
      e.list_present[slot] = 1;
      free_at += e.list_len[slot];
    } else if (fold_field_is_name(f) ? name(x, v, &e.values[slot]) < 0
                                     : scalar(x, v, &e.values[slot]) < 0) {
      return -1;
    }
  }
  if (!has_site) return bad(x, "an event needs site=");
  fold_rank_event(r, &e); /* its error, if any, stops the fold: fold_rank_error says it */
  return 0;
}

static int header(reading *x, const char *s, int *rank, int *size) {
  char fmt[64];
  int version;
  if (sscanf(s, "# %63s %d rank=%d size=%d", fmt, &version, rank, size) != 4
      || strcmp(fmt, "benchgen-trace") != 0 || version != 1 || *rank < 0 || *size <= *rank)
    return bad(x, "no header '# benchgen-trace 1 rank=R size=N'");
  return 0;
}

static int open_stream(reading *x, FILE **f) {
  *f = fopen(x->path, "r");
  if (!*f) {
    x->line = 0;
    return bad(x, "%s", strerror(errno));
  }
  return 0;
}

int stream_header(const char *path, int *rank, int *size, char *why, size_t cap) {
  reading x = {path, 1, why, cap};
  FILE *f;
  if (open_stream(&x, &f) < 0) return -1;
  char *line = NULL;
  size_t len = 0;
  int rc = getline(&line, &len, f) < 0 ? bad(&x, "empty") : header(&x, line, rank, size);
  free(line);
  fclose(f);
  return rc;
}

int stream_fold(const char *path, fold_rank *r, char *why, size_t cap) {
  reading x = {path, 0, why, cap};
  FILE *f;
  if (open_stream(&x, &f) < 0) return -1;
  char *line = NULL;
  size_t len = 0, scap = 0;
  int64_t *scratch = NULL; /* a line's lists: twice as many values as it has characters */
  ssize_t n;
  int rc = 0;
  while (rc == 0 && (n = getline(&line, &len, f)) >= 0) {
    x.line++;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    if (2 * (size_t) n + 2 > scap) {
      scap = 2 * (size_t) n + 2;
      scratch = realloc(scratch, scap * sizeof *scratch);
      if (!scratch) abort();
    }
    if (x.line == 1) {
      int rank, size;
      rc = header(&x, line, &rank, &size);
    } else if (n == 0 || (line[0] == '#' && strncmp(line, "# truncated", 11) != 0
                          && strncmp(line, "# unsupported", 13) != 0)) {
      continue;
    } else if (line[0] == '#') {
      rc = bad(&x, "the stream says '%s': benchgen compress refuses it", line);
    } else if (strncmp(line, "comm ", 5) == 0) {
      rc = comm_line(&x, line + 5, r, scratch);
    } else if (strncmp(line, "MPI_", 4) == 0) {
      rc = event_line(&x, line, r, scratch);
    } else {
      rc = bad(&x, "neither a definition nor an event");
    }
  }
  free(line);
  free(scratch);
  fclose(f);
  return rc;
}
