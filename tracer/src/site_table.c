/* benchgen tracer: where the call sites lie (issue 48). A site is a hash (sites.c); for people, and
 * for addr2line at the end of the run, each rank keeps, per site it saw, each return address's
 * module (its full path) and address as addr2line takes it: the offset from the module's load
 * bias, which is the offset in the file for PIE executables and libraries and the address itself
 * for others. In MPI_Finalize the ranks merge their tables over a binary tree (a site seen by one
 * rank alone is kept); after PMPI_Finalize rank 0 writes `trace.sites` beside trace.bgc:
 *
 *   SITE WHERE PATH ADDRESS [WHERE PATH ADDRESS]...     one line a site, sorted, frames innermost
 *                                                       first; WHERE as in the hash (ring+0x13a8)
 *
 * and resolves it into trace.bgc's site lines (site_lines.c). The file stays, so that a trace can
 * be resolved again where its binaries are. */
#define _GNU_SOURCE
#include "core.h"

#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char *st_text;          /* the table's lines, '\n'-terminated */
static size_t st_len, st_cap;
#define SEEN 8192
static uint64_t st_seen[SEEN]; /* sites already described, a site once (0: empty) */

static void add(const char *s, size_t n) {
  if (st_len + n + 1 > st_cap) {
    size_t cap = st_cap ? st_cap : 4096;
    while (cap < st_len + n + 1) cap *= 2;
    char *t = realloc(st_text, cap);
    if (!t) return; /* out of memory: the site goes undescribed, the trace is still right */
    st_text = t;
    st_cap = cap;
  }
  memcpy(st_text + st_len, s, n);
  st_len += n;
  st_text[st_len] = 0;
}

/* A path with its spaces, '%' and bytes outside printable ASCII percent-encoded: a line is tokens. */
static void add_path(const char *p) {
  char buf[3 * PATH_MAX + 4];
  size_t n = 0;
  for (; *p && n < sizeof buf - 4; p++) {
    unsigned char c = (unsigned char) *p;
    if (c <= 0x20 || c >= 0x7f || c == '%') n += (size_t) snprintf(buf + n, 4, "%%%02X", c);
    else buf[n++] = (char) c;
  }
  add(buf, n);
}

/* The executable's own path: dladdr names it by argv[0], or not at all. */
static const char *self_exe(void) {
  static char exe[PATH_MAX];
  if (!exe[0]) {
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
  }
  return exe;
}

int site_table_note(uint64_t site, void *const *addrs, int n, const char *where) {
  unsigned slot = (unsigned) (mix(site) % SEEN);
  for (unsigned i = 0; i < SEEN; i++, slot = (slot + 1) % SEEN) {
    if (st_seen[slot] == site) return 0;
    if (!st_seen[slot]) break;
  }
  if (!st_seen[slot]) st_seen[slot] = site ? site : 1;
  char line[64];
  add(line, (size_t) snprintf(line, sizeof line, "%012llx", (unsigned long long) site));
  /* `where` is "a+0x1 < b+0x2": its frames, in order. */
  const char *w = where;
  for (int i = 0; i < n; i++) {
    Dl_info di;
    struct link_map *lm = NULL;
    const char *path = "?";
    uintptr_t addr = (uintptr_t) addrs[i] - 1;
    if (dladdr1(addrs[i], &di, (void **) &lm, RTLD_DL_LINKMAP) && lm) {
      path = lm->l_name && lm->l_name[0] ? lm->l_name : self_exe();
      addr -= (uintptr_t) lm->l_addr;
    }
    const char *end = strstr(w, " < ");
    size_t wl = end ? (size_t) (end - w) : strlen(w);
    char wbuf[1024];
    snprintf(wbuf, sizeof wbuf, "%.*s", (int) (wl < sizeof wbuf ? wl : sizeof wbuf - 1), w);
    add(" ", 1);
    add_path(wbuf);
    add(" ", 1);
    add_path(path[0] ? path : "?");
    add(line, (size_t) snprintf(line, sizeof line, " 0x%lx", (unsigned long) addr));
    w = end ? end + 3 : w + wl;
  }
  add("\n", 1);
  return 1;
}

static int by_text(const void *a, const void *b) {
  return strcmp(*(char *const *) a, *(char *const *) b);
}

/* Keeps one line per site, sorted (lines of one site are the same on every rank). */
static void unique(void) {
  size_t n = 0;
  for (size_t i = 0; i < st_len; i++) n += st_text[i] == '\n';
  if (!n) return;
  char **lines = malloc(n * sizeof *lines);
  char *copy = malloc(st_len + 1);
  if (!lines || !copy) {
    free(lines);
    free(copy);
    return;
  }
  memcpy(copy, st_text, st_len + 1);
  size_t k = 0;
  for (char *s = copy, *nl; k < n && (nl = strchr(s, '\n')); s = nl + 1) {
    *nl = 0;
    lines[k++] = s;
  }
  qsort(lines, k, sizeof *lines, by_text);
  st_len = 0;
  for (size_t i = 0; i < k; i++) {
    /* The first 12 characters are the site: a second description of it is dropped. */
    if (i && strncmp(lines[i], lines[i - 1], 12) == 0) continue;
    add(lines[i], strlen(lines[i]));
    add("\n", 1);
  }
  free(lines);
  free(copy);
}

/* Tables move in chunks of a fixed size, so that a receiver short of memory still takes every
 * chunk its sender sends (and drops them), and no count passes an int. */
#define PIECE 65536

void site_table_merge(MPI_Comm *w, int rank, int size) {
  for (int step = 1; step < size; step <<= 1) {
    if (rank & step) {
      uint64_t n = st_len;
      PMPI_Send(&n, 1, MPI_UINT64_T, rank - step, 7, *w);
      for (uint64_t at = 0; at < n; at += PIECE)
        PMPI_Send(st_text + at, (int) (n - at < PIECE ? n - at : PIECE), MPI_CHAR, rank - step, 8,
                  *w);
      return;
    }
    if (rank + step < size) {
      uint64_t n;
      PMPI_Recv(&n, 1, MPI_UINT64_T, rank + step, 7, *w, MPI_STATUS_IGNORE);
      char *b = malloc(n + 1);
      static char scratch[PIECE];
      for (uint64_t at = 0; at < n; at += PIECE)
        PMPI_Recv(b ? b + at : scratch, (int) (n - at < PIECE ? n - at : PIECE), MPI_CHAR,
                  rank + step, 8, *w, MPI_STATUS_IGNORE);
      if (b) {
        add(b, (size_t) n);
        free(b);
        unique();
      } /* else: out of memory, that subtree's sites stay undescribed (their hashes are right) */
    }
  }
}

const char *site_table_text(size_t *len) {
  *len = st_len;
  return st_text ? st_text : "";
}

void site_table_write(const char *dir) {
  if (!st_len) return;
  char path[PATH_MAX], tmp[PATH_MAX + 8];
  snprintf(path, sizeof path, "%s/trace.sites", dir);
  snprintf(tmp, sizeof tmp, "%s.part", path);
  FILE *f = fopen(tmp, "w");
  if (!f) return;
  int ok = fwrite(st_text, 1, st_len, f) == st_len;
  if (fclose(f) == 0 && ok) rename(tmp, path);
  else remove(tmp);
}
