/* benchgen tracer: a benchmark's sites mapped back to the traced program's (docs/codegen.md,
 * "--keep-sites"). A benchmark generated with --keep-sites has `benchgen.sites` beside its source
 * (written by the Java, cli.KeptSites): `benchgen-sites 1`, the program's site lines, `start SITE`
 * and `end SITE`. A located frame on a line of that source whose comment names a traced site
 * (`/\* MPI_Irecv at 2ad6d10d932e *\/`), or on the MPI_Init or MPI_Finalize line, takes that
 * site's frames. The generated code is the map; a table that does not read is ignored (the
 * benchmark's own lines are named). */
#define _GNU_SOURCE
#include "site_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* TraceLimits.MAX_COMPRESSED_LINE */
#define MAX_LINE (1 << 26)

typedef struct {
  char *site;
  site_frame *f;
  int n;
} kept_site;

/* A file read once: a benchgen.sites (ok: it reads) or a source (its lines). */
typedef struct {
  char *path;
  int is_table, ok;
  kept_site *sites;
  int nsites;
  char *start, *end; /* NULL: none */
  char *text;
  size_t len;
  size_t *line_at; /* a source's lines: where each starts */
  int nlines;
} kept_file;

struct site_kept {
  kept_file *v;
  int n, cap;
};

static void frame_free(site_frame *f) {
  free(f->where);
  free(f->file);
  free(f->function);
}

static void file_free(kept_file *k) {
  for (int i = 0; i < k->nsites; i++) {
    for (int j = 0; j < k->sites[i].n; j++) frame_free(&k->sites[i].f[j]);
    free(k->sites[i].f);
    free(k->sites[i].site);
  }
  free(k->sites);
  free(k->start);
  free(k->end);
  free(k->text);
  free(k->line_at);
  free(k->path);
}

void site_kept_free(site_kept *c) {
  if (!c) return;
  for (int i = 0; i < c->n; i++) file_free(&c->v[i]);
  free(c->v);
  free(c);
}

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *b = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n + 65536 + 1 > cap) {
      cap = cap ? 2 * cap : 65536 + 1;
      char *m = realloc(b, cap);
      if (!m) break;
      b = m;
    }
    size_t got = fread(b + n, 1, 65536, f);
    n += got;
    if (got < 65536) break;
  }
  int bad = ferror(f) || !b || n + 1 > cap;
  fclose(f);
  if (bad) {
    free(b);
    return NULL;
  }
  b[n] = 0;
  *len = n;
  return b;
}

/* Lines end at \n, \r or \r\n (BufferedReader.readLine); each is cut at its end in text. */
static int split_lines(kept_file *k) {
  size_t cap = 64;
  k->line_at = malloc(cap * sizeof *k->line_at);
  if (!k->line_at) return -1;
  for (size_t i = 0; i < k->len;) {
    if (k->nlines == (int) cap) {
      size_t *m = realloc(k->line_at, 2 * cap * sizeof *m);
      if (!m) return -1;
      k->line_at = m;
      cap *= 2;
    }
    k->line_at[k->nlines++] = i;
    size_t e = i;
    while (e < k->len && k->text[e] != '\n' && k->text[e] != '\r') e++;
    size_t next = e < k->len && k->text[e] == '\r' && e + 1 < k->len && k->text[e + 1] == '\n'
                  ? e + 2 : e + 1;
    k->text[e] = 0;
    i = next;
  }
  return 0;
}

/* A frame WHERE|FILE:LINE|FUNCTION of a site line (SiteLines.frames): 0, or -1. */
static int parse_frame(const char *tok, site_frame *f) {
  memset(f, 0, sizeof *f);
  const char *b1 = strchr(tok, '|'), *b2 = b1 ? strchr(b1 + 1, '|') : NULL;
  if (!b2 || strchr(b2 + 1, '|')) return -1;
  size_t wl = (size_t) (b1 - tok);
  if (!wl || (wl == 1 && tok[0] == '-')) return -1;
  f->where = site_decode(tok, wl);
  const char *fl = b1 + 1;
  size_t fll = (size_t) (b2 - fl);
  if (fll == 1 && fl[0] == '-') {
    f->file = strdup("");
  } else {
    const char *colon = NULL;
    for (const char *p = fl; p < b2; p++)
      if (*p == ':') colon = p;
    if (!colon || colon == fl) return -1;
    if (site_parse_int(colon + 1, (size_t) (b2 - colon - 1), &f->line) < 0 || f->line <= 0)
      return -1;
    f->file = site_decode(fl, (size_t) (colon - fl));
  }
  const char *fn = b2 + 1;
  f->function = strcmp(fn, "-") == 0 ? strdup("") : site_decode(fn, strlen(fn));
  return f->where && f->file && f->function ? 0 : -1;
}

/* A line of benchgen.sites (KeptSites.read): 0, or -1 where it is bad. */
static int parse_kept_line(kept_file *k, char *s, int *cap) {
  if (strlen(s) > MAX_LINE) return -1;
  char *tok[1024];
  int nt = 0;
  for (char *p = s;;) {
    char *sp = strchr(p, ' ');
    if (nt == 1024) return -1;
    tok[nt++] = p;
    if (!sp) break;
    *sp = 0;
    p = sp + 1;
  }
  while (nt > 0 && !tok[nt - 1][0]) nt--;
  if (strcmp(tok[0], "start") == 0 || strcmp(tok[0], "end") == 0) {
    if (nt != 2) return -1;
    char **to = tok[0][0] == 's' ? &k->start : &k->end;
    free(*to);
    *to = site_decode(tok[1], strlen(tok[1]));
    return *to ? 0 : -1;
  }
  if (strcmp(tok[0], "site") != 0 || nt < 3) return -1;
  if (k->nsites == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    kept_site *m = realloc(k->sites, (size_t) *cap * sizeof *m);
    if (!m) return -1;
    k->sites = m;
  }
  kept_site *ks = &k->sites[k->nsites++];
  ks->site = site_decode(tok[1], strlen(tok[1]));
  ks->n = 0;
  ks->f = calloc((size_t) nt - 2, sizeof *ks->f);
  if (!ks->site || !ks->f) return -1;
  for (int i = 2; i < nt; i++) {
    int bad = parse_frame(tok[i], &ks->f[ks->n]);
    ks->n++;
    if (bad) return -1;
  }
  return 0;
}

static int strip_in_place(char **s) {
  while (site_is_space((unsigned char) **s)) ++*s;
  size_t n = strlen(*s);
  while (n && site_is_space((unsigned char) (*s)[n - 1])) (*s)[--n] = 0;
  return (int) n;
}

static void read_table(kept_file *k) {
  if (!(k->text = read_all(k->path, &k->len)) || split_lines(k) < 0 || k->nlines == 0) return;
  char *head = k->text + k->line_at[0];
  strip_in_place(&head);
  if (strcmp(head, "benchgen-sites 1") != 0) return;
  int cap = 0;
  for (int i = 1; i < k->nlines; i++) {
    char *s = k->text + k->line_at[i];
    if (!strip_in_place(&s) || s[0] == '#') continue;
    if (parse_kept_line(k, s, &cap) < 0) return;
  }
  k->ok = 1;
}

/* The file at path, read once (a table, or a source's lines); NULL where it does not read. */
static kept_file *file_of(site_kept **cache, const char *path, int table) {
  if (!*cache && !(*cache = calloc(1, sizeof **cache))) return NULL;
  site_kept *c = *cache;
  for (int i = 0; i < c->n; i++)
    if (c->v[i].is_table == table && strcmp(c->v[i].path, path) == 0)
      return c->v[i].ok ? &c->v[i] : NULL;
  if (c->n == c->cap) {
    int cap = c->cap ? 2 * c->cap : 8;
    kept_file *m = realloc(c->v, (size_t) cap * sizeof *m);
    if (!m) return NULL;
    c->v = m;
    c->cap = cap;
  }
  kept_file *k = &c->v[c->n];
  memset(k, 0, sizeof *k);
  if (!(k->path = strdup(path))) return NULL;
  c->n++;
  k->is_table = table;
  if (table) {
    read_table(k);
  } else {
    struct stat sb;
    k->ok = stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && (k->text = read_all(path, &k->len))
            && split_lines(k) == 0;
  }
  return k->ok ? k : NULL;
}

static const kept_site *site_in(const kept_file *k, const char *site) {
  if (!site) return NULL;
  for (int i = k->nsites - 1; i >= 0; i--) /* a site described twice: the last counts */
    if (strcmp(k->sites[i].site, site) == 0) return &k->sites[i];
  return NULL;
}

static int is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The site a generated call's comment names: `/\* (before )?MPI_\w+ at SITE ...*\/`, its first
 * such comment (GENERATED_CALL); malloc'd and decoded, or NULL. *found: whether one matched. */
static char *generated_call(const char *l, int *found) {
  *found = 0;
  for (const char *p = strstr(l, "/* "); p; p = strstr(p + 1, "/* ")) {
    const char *q = p + 3;
    if (strncmp(q, "before MPI_", 11) == 0) q += 7;
    if (strncmp(q, "MPI_", 4) != 0 || !is_word(q[4])) continue;
    q += 4;
    while (is_word(*q)) q++;
    if (strncmp(q, " at ", 4) != 0) continue;
    q += 4;
    size_t n = strcspn(q, " */|");
    if (!n) continue;
    const char *star = strchr(q + n, '*');
    if (!star || star[1] != '/') continue;
    *found = 1;
    return site_decode(q, n);
  }
  return NULL;
}

/* `^\s*WORD`: the line begins, after white space, with word. */
static int begins(const char *l, const char *word) {
  while (*l == ' ' || *l == '\t' || *l == '\n' || *l == '\v' || *l == '\f' || *l == '\r') l++;
  return strncmp(l, word, strlen(word)) == 0;
}

int site_kept_map(site_kept **cache, const site_frame *f, int n, const site_frame **out,
                  int *nout) {
  for (int i = 0; i < n; i++) {
    const char *src = f[i].file;
    if (!src[0] || f[i].line <= 0 || src[0] != '/') continue;
    kept_file *code = file_of(cache, src, 0);
    if (!code) continue;
    const char *slash = strrchr(src, '/');
    char table_path[4200];
    snprintf(table_path, sizeof table_path, "%.*s/benchgen.sites", (int) (slash - src), src);
    kept_file *table = file_of(cache, table_path, 1);
    if (!table) continue;
    const char *l = f[i].line <= code->nlines ? code->text + code->line_at[f[i].line - 1] : "";
    int found;
    char *site = generated_call(l, &found);
    const kept_site *ks = found ? site_in(table, site)
        : begins(l, "MPI_Init(") || begins(l, "MPI_Init_thread(") ? site_in(table, table->start)
        : begins(l, "MPI_Finalize();") ? site_in(table, table->end) : NULL;
    free(site);
    if (ks) {
      *out = ks->f;
      *nout = ks->n;
      return 1;
    }
  }
  return 0;
}
