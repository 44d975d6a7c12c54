/* benchgen tracer: the site lines of trace.bgc (issue 48, made in the job since issue 50). Rank 0
 * turns the merged table of trace.sites (site_table.c: per site, each return address's module and
 * address) into `site` lines after PMPI_Finalize, when no MPI is live to be disturbed by a child
 * process: binutils' `addr2line -a -f -C -i -e MODULE` runs once per module (posix_spawn, no
 * shell: the module's path is an argument), its addresses read from a file and its answers written
 * into one, so that neither side waits on a pipe. For each address the innermost frame counts
 * (where an inlined helper makes the call). A module that is gone, or built without -g, or no
 * addr2line on PATH: its frames stay module+0xOFFSET (or function and offset). A frame on a call
 * line of a benchmark generated with --keep-sites takes the traced program's frames (site_kept.c).
 * The lines are written as SiteLines writes them (docs/compressed-format.md, "Sites"). */
#define _GNU_SOURCE
#include "site_lines.h"
#include "fold.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ---- the texts of the format ------------------------------------------------------------------- */

int site_is_space(unsigned char c) { return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31); }

static int hex_digit(unsigned char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *site_decode(const char *s, size_t n) {
  if (!n) return NULL;
  char *out = malloc(n + 1);
  if (!out) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char) s[i];
    if (c == '%') {
      int hi = i + 2 < n ? hex_digit((unsigned char) s[i + 1]) : -1;
      int lo = i + 2 < n ? hex_digit((unsigned char) s[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        free(out);
        return NULL;
      }
      c = hi * 16 + lo;
      i += 2;
    }
    if (!c) {
      free(out);
      return NULL;
    }
    out[k++] = (char) c;
  }
  out[k] = 0;
  return out;
}

int site_parse_int(const char *s, size_t n, int *v) {
  size_t i = 0;
  int neg = 0;
  if (n && (s[0] == '-' || s[0] == '+')) neg = s[i++] == '-';
  if (i == n) return -1;
  int64_t x = 0;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    x = x * 10 + (s[i] - '0');
    if (x > (int64_t) INT32_MAX + 1) return -1;
  }
  if (neg) x = -x;
  if (x > INT32_MAX || x < INT32_MIN) return -1;
  *v = (int) x;
  return 0;
}

/* ADDRESS: 0x and lower-case hex digits, all of s. */
static int is_address(const char *s) {
  if (s[0] != '0' || s[1] != 'x' || !s[2]) return 0;
  for (s += 2; *s; s++)
    if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f'))) return 0;
  return 1;
}

static char *strip(char *s) {
  while (site_is_space((unsigned char) *s)) s++;
  size_t n = strlen(s);
  while (n && site_is_space((unsigned char) s[n - 1])) s[--n] = 0;
  return s;
}

/* ---- the table of trace.sites ------------------------------------------------------------------ */

/* One return address as the tracer saw it, and its frame once resolved (f.where is where). */
typedef struct {
  char *module, *addr;
  site_frame f;
} raw;

typedef struct {
  char *key;   /* the site, as the table writes it */
  raw *frames;
  int n;
  size_t at;   /* its line's place in the table: of two lines of one site, the last counts */
} raw_site;

static void raw_site_free(raw_site *s) {
  for (int i = 0; i < s->n; i++) {
    free(s->frames[i].module);
    free(s->frames[i].addr);
    free(s->frames[i].f.where);
    free(s->frames[i].f.file);
    free(s->frames[i].f.function);
  }
  free(s->frames);
  free(s->key);
}

/* A line `SITE WHERE PATH ADDRESS...` (split at single spaces, as String.split(" ")): 0, or -1
 * where it is not one (a line the tracer cut short: that site stays a hash). */
static int parse_site(char *line, size_t at, raw_site *out) {
  char *tok[3 * 64 + 1];
  int nt = 0;
  for (char *p = line;;) {
    char *sp = strchr(p, ' ');
    if (nt == (int) (sizeof tok / sizeof tok[0])) return -1;
    tok[nt++] = p;
    if (!sp) break;
    *sp = 0;
    p = sp + 1;
  }
  while (nt > 0 && !tok[nt - 1][0]) nt--; /* split drops trailing empty tokens */
  if (nt < 4 || (nt - 1) % 3 != 0) return -1;
  memset(out, 0, sizeof *out);
  out->at = at;
  out->key = strdup(tok[0]);
  out->frames = calloc((size_t) (nt - 1) / 3, sizeof *out->frames);
  if (!out->key || !out->frames) {
    raw_site_free(out);
    return -1;
  }
  for (int i = 1; i + 2 < nt; i += 3) {
    raw *r = &out->frames[out->n++];
    r->f.where = site_decode(tok[i], strlen(tok[i]));
    r->module = site_decode(tok[i + 1], strlen(tok[i + 1]));
    r->addr = strdup(tok[i + 2]);
    r->f.file = strdup("");
    r->f.function = strdup("");
    if (!r->f.where || !r->module || !r->addr || !r->f.file || !r->f.function) {
      raw_site_free(out);
      return -1;
    }
  }
  return 0;
}

static int by_key(const void *a, const void *b) {
  const raw_site *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c ? c : x->at < y->at ? -1 : x->at > y->at;
}

/* ---- addr2line --------------------------------------------------------------------------------- */

/* A file of its own in TMPDIR (or /tmp), closed on exec: the child gets it as a standard stream. */
static int temp_file(char *path, size_t cap) {
  const char *dir = getenv("TMPDIR");
  snprintf(path, cap, "%s/benchgen-addr2line-XXXXXX", dir && *dir ? dir : "/tmp");
  return mkostemp(path, O_CLOEXEC);
}

/* The environment less LD_PRELOAD: addr2line is no MPI program, and the tracer (with its MPI
 * library) has no business in it. */
static char **child_env(void) {
  size_t n = 0;
  while (environ && environ[n]) n++;
  char **e = malloc((n + 1) * sizeof *e);
  if (!e) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0) e[k++] = environ[i];
  e[k] = NULL;
  return e;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

/* addr2line's answers for the k addresses of module: its whole output, or NULL where it cannot
 * run, fails or takes more than 10 minutes. */
static char *addr2line(const char *module, char **addrs, int k, size_t *len) {
  char in_path[4200], out_path[4200];
  int in = temp_file(in_path, sizeof in_path);
  if (in < 0) return NULL;
  int out = temp_file(out_path, sizeof out_path);
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  char *text = NULL;
  FILE *f = out < 0 || null < 0 ? NULL : fdopen(dup(in), "w");
  if (f) {
    for (int i = 0; i < k; i++) fprintf(f, "%s\n", addrs[i]);
    int bad = ferror(f);
    if (fclose(f) == 0 && !bad && lseek(in, 0, SEEK_SET) == 0) {
      posix_spawn_file_actions_t fa;
      posix_spawn_file_actions_init(&fa);
      posix_spawn_file_actions_adddup2(&fa, in, 0);
      posix_spawn_file_actions_adddup2(&fa, out, 1);
      posix_spawn_file_actions_adddup2(&fa, null, 2);
      char *argv[] = {"addr2line", "-a", "-f", "-C", "-i", "-e", (char *) module, NULL};
      char **env = child_env();
      pid_t pid;
      int ok = env && posix_spawnp(&pid, "addr2line", &fa, NULL, argv, env) == 0;
      free(env);
      posix_spawn_file_actions_destroy(&fa);
      /* Polled, not waited for: a hung addr2line must not hold the job's end forever. */
      double deadline = seconds() + 600;
      long nap = 50000;
      while (ok) {
        int st;
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) {
          ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
          break;
        }
        if (r < 0 && errno != EINTR) break; /* reaped by the program's own handler: the answers
                                                 tell whether it finished */
        if (seconds() > deadline) {
          kill(pid, SIGKILL);
          waitpid(pid, &st, 0);
          ok = 0;
          break;
        }
        struct timespec ts = {0, nap};
        nanosleep(&ts, NULL);
        if (nap < 10000000) nap *= 2;
      }
      struct stat sb;
      if (ok && fstat(out, &sb) == 0 && (text = malloc((size_t) sb.st_size + 1))) {
        ssize_t got = pread(out, text, (size_t) sb.st_size, 0);
        if (got != (ssize_t) sb.st_size) {
          free(text);
          text = NULL;
        } else {
          text[got] = 0;
          *len = (size_t) got;
        }
      }
    }
  }
  close(in);
  unlink(in_path);
  if (out >= 0) {
    close(out);
    unlink(out_path);
  }
  if (null >= 0) close(null);
  return text;
}

/* " (discriminator N)" at the end of a file:line goes. */
static void drop_discriminator(char *s) {
  size_t n = strlen(s), i = n;
  if (!n || s[n - 1] != ')') return;
  i = n - 1;
  while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
  static const char lead[] = " (discriminator ";
  size_t l = sizeof lead - 1;
  if (i == n - 1 || i < l || strncmp(s + i - l, lead, l) != 0) return;
  s[i - l] = 0;
}

/* The k answers of `text` into frames[0..k-1] (function and file:line of each address's first,
 * innermost, frame); -1 where they are not k. */
static int answers(char *text, size_t len, raw **frames, int k) {
  char **fn = calloc((size_t) k + 1, sizeof *fn), **fl = calloc((size_t) k + 1, sizeof *fl);
  int n = 0, rc = -1;
  if (!fn || !fl) goto done;
  /* Lines end at \n, \r or \r\n (readAllLines). */
  for (size_t i = 0; i < len;) {
    char *l = text + i;
    size_t e = i;
    while (e < len && text[e] != '\n' && text[e] != '\r') e++;
    size_t next = e < len && text[e] == '\r' && e + 1 < len && text[e + 1] == '\n' ? e + 2 : e + 1;
    text[e] = 0;
    i = next;
    if (is_address(l) && (n == 0 || fl[n - 1])) {
      if (n == k + 1) goto done; /* more answers than addresses */
      n++;
    } else if (n > 0 && !fn[n - 1]) {
      fn[n - 1] = strip(l);
    } else if (n > 0 && !fl[n - 1]) {
      fl[n - 1] = strip(l);
      drop_discriminator(fl[n - 1]);
    }
  }
  int m = 0; /* the answers that have both lines */
  for (int i = 0; i < n; i++)
    if (fn[i] && fl[i]) fn[m] = fn[i], fl[m++] = fl[i];
  if (m != k) goto done;
  for (int i = 0; i < k; i++) {
    site_frame *f = &frames[i]->f;
    char *colon = strrchr(fl[i], ':');
    int line = 0;
    if (colon && colon > fl[i] && strncmp(fl[i], "??", 2) != 0 &&
        site_parse_int(colon + 1, strlen(colon + 1), &line) == 0 && line > 0) {
      *colon = 0;
      char *file = strdup(fl[i]);
      if (file) {
        free(f->file);
        f->file = file;
        f->line = line;
      }
    }
    if (strcmp(fn[i], "??") != 0) {
      char *function = strdup(fn[i]);
      if (function) {
        free(f->function);
        f->function = function;
      }
    }
  }
  rc = 0;
done:
  free(fn);
  free(fl);
  return rc;
}

static int by_module_address(const void *a, const void *b) {
  const raw *x = *(raw *const *) a, *y = *(raw *const *) b;
  int c = strcmp(x->module, y->module);
  return c ? c : strcmp(x->addr, y->addr);
}

/* Each frame's source place: addr2line once per module, on its distinct addresses. */
static void resolve(raw_site *sites, int n) {
  size_t total = 0;
  for (int i = 0; i < n; i++) total += (size_t) sites[i].n;
  raw **all = malloc((total ? total : 1) * sizeof *all);
  raw **first = malloc((total ? total : 1) * sizeof *first);
  char **addrs = malloc((total ? total : 1) * sizeof *addrs);
  if (!all || !first || !addrs) goto done;
  size_t k = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < sites[i].n; j++)
      if (is_address(sites[i].frames[j].addr)) all[k++] = &sites[i].frames[j];
  qsort(all, k, sizeof *all, by_module_address);
  for (size_t lo = 0, hi; lo < k; lo = hi) {
    for (hi = lo + 1; hi < k && strcmp(all[hi]->module, all[lo]->module) == 0; hi++) {}
    const char *module = all[lo]->module;
    struct stat sb;
    if (module[0] != '/' || stat(module, &sb) != 0 || !S_ISREG(sb.st_mode)) continue;
    int u = 0; /* its distinct addresses, each with its first frame */
    for (size_t i = lo; i < hi; i++)
      if (i == lo || strcmp(all[i]->addr, all[i - 1]->addr) != 0) {
        first[u] = all[i];
        addrs[u++] = all[i]->addr;
      }
    size_t len = 0;
    char *text = addr2line(module, addrs, u, &len);
    if (!text || answers(text, len, first, u) < 0) {
      free(text);
      continue;
    }
    free(text);
    /* The frames of an address that came later take its first's place. */
    for (size_t i = lo + 1; i < hi; i++) {
      if (strcmp(all[i]->addr, all[i - 1]->addr) != 0) continue;
      raw *from = all[i - 1], *to = all[i];
      char *file = strdup(from->f.file), *function = strdup(from->f.function);
      if (!file || !function) {
        free(file);
        free(function);
        continue;
      }
      free(to->f.file);
      free(to->f.function);
      to->f.file = file;
      to->f.function = function;
      to->f.line = from->f.line;
    }
  }
done:
  free(all);
  free(first);
  free(addrs);
}

/* ---- the lines --------------------------------------------------------------------------------- */

static void write_frame(FILE *o, const site_frame *f) {
  fputc(' ', o);
  fold_name_write(o, f->where, "|");
  fputc('|', o);
  if (f->file[0] && f->line > 0) {
    fold_name_write(o, f->file, "|");
    fprintf(o, ":%d", f->line);
  } else {
    fputc('-', o);
  }
  fputc('|', o);
  if (f->function[0]) fold_name_write(o, f->function, "|");
  else fputc('-', o);
}

char *site_lines_of(const char *table, size_t len, int *located, int *total) {
  *located = *total = 0;
  char *copy = malloc(len + 1);
  size_t cap = 16;
  raw_site *sites = malloc(cap * sizeof *sites);
  int n = 0;
  char *buf = NULL;
  size_t size = 0;
  FILE *o = NULL;
  if (!copy || !sites) goto done;
  memcpy(copy, table, len);
  copy[len] = 0;
  size_t at = 0;
  for (char *l = copy, *nl; l && *l; l = nl ? nl + 1 : NULL, at++) {
    nl = strchr(l, '\n');
    if (nl) *nl = 0;
    if (n == (int) cap) {
      raw_site *more = realloc(sites, 2 * cap * sizeof *sites);
      if (!more) goto done;
      sites = more;
      cap *= 2;
    }
    if (parse_site(strip(l), at, &sites[n]) == 0) n++;
  }
  qsort(sites, (size_t) n, sizeof *sites, by_key);
  resolve(sites, n);
  o = open_memstream(&buf, &size);
  if (!o) goto done;
  site_kept *kept = NULL;
  for (int i = 0; i < n; i++) {
    if (i + 1 < n && strcmp(sites[i].key, sites[i + 1].key) == 0) continue; /* the last counts */
    site_frame *own = malloc((size_t) sites[i].n * sizeof *own);
    if (!own) continue;
    for (int j = 0; j < sites[i].n; j++) own[j] = sites[i].frames[j].f;
    const site_frame *fs = own;
    int nf = sites[i].n;
    site_kept_map(&kept, own, nf, &fs, &nf);
    fputs("site ", o);
    fold_name_write(o, sites[i].key, "|");
    for (int j = 0; j < nf; j++) write_frame(o, &fs[j]);
    fputc('\n', o);
    *located += fs[0].file[0] && fs[0].line > 0;
    ++*total;
    free(own);
  }
  site_kept_free(kept);
  if (fclose(o) != 0) {
    free(buf);
    buf = NULL;
  }
done:
  for (int i = 0; i < n; i++) raw_site_free(&sites[i]);
  free(sites);
  free(copy);
  return buf;
}
