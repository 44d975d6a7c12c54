/* benchgen tracer, unit tests of the folder's steps (make fold-check): the shared cases of
 * tracer/test/cases (README.md there), which the Java tests read too, run against the C functions
 * under AddressSanitizer and UndefinedBehaviorSanitizer. Prints each failing case with what it
 * computed; exits 1 if any failed, or if a file holds no case (a file lost is no pass).
 *   fold-unit CASES-DIR */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fold_unit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- words: a case's input ----------------------------------------------------------------------- */

static void add_word(words *w, const char *s, size_t n) {
  w->w = realloc(w->w, (size_t) (w->n + 1) * sizeof *w->w);
  w->w[w->n] = strndup(s, n);
  w->n++;
}

words words_of(const char *text) {
  words w = {NULL, 0};
  int group = -1; /* where the words of an open [...] start */
  for (const char *p = text; *p;) {
    while (*p == ' ') p++;
    const char *e = p;
    while (*e && *e != ' ') e++;
    if (e == p) break;
    const char *s = p;
    if (*s == '[') group = w.n, s++;
    const char *close = group >= 0 ? strstr(s, "]x") : NULL;
    add_word(&w, s, (size_t) ((close && close < e ? close : e) - s));
    if (close && close < e) { /* ]xN: the group's words N times in all */
      int from = group, to = w.n;
      long times = strtol(close + 2, NULL, 10);
      for (long t = 1; t < times; t++)
        for (int i = from; i < to; i++) add_word(&w, w.w[i], strlen(w.w[i]));
      group = -1;
    }
    p = e;
  }
  return w;
}

void words_free(words *w) {
  for (int i = 0; i < w->n; i++) free(w->w[i]);
  free(w->w);
  w->w = NULL;
  w->n = 0;
}

/* A value: a symbol's text (PROC_NULL) or an integer. */
static int value_of(const char *s, int64_t *v) {
  for (int64_t x = INT64_MIN + 1; fold_symbol_text(x); x++) {
    if (strcmp(fold_symbol_text(x), s) == 0 && strcmp(s, "-") != 0) {
      *v = x;
      return 0;
    }
  }
  char *end;
  errno = 0;
  *v = strtoll(s, &end, 10);
  return *s && !*end && !errno ? 0 : -1;
}

/* The values of a list of words into a builder; -1 on a word that is none. */
static int push_all(vseq_builder *b, const words *w, int from, int to) {
  for (int i = from; i < to; i++) {
    int64_t v;
    if (value_of(w->w[i], &v) < 0) return -1;
    vseq_push(b, v);
  }
  return 0;
}

/* The index of the word "|", or n. */
static int bar(const words *w) {
  for (int i = 0; i < w->n; i++)
    if (strcmp(w->w[i], "|") == 0) return i;
  return w->n;
}

/* Text written into memory: MEMSTREAM declares the stream and its buffer, TEXT closes the stream
 * (which sets the buffer) and is the text. */
#define MEMSTREAM(o, buf) \
  char *buf = NULL;       \
  size_t buf##_len = 0;   \
  FILE *o = open_memstream(&buf, &buf##_len)
#define TEXT(o, buf) (fclose(o), buf)

/* ---- the steps ------------------------------------------------------------------------------------- */

/* values.cases: VALUES, or A | B (B's builder appended to A's). */
static char *case_values(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  int split = bar(&w);
  vseq_builder a = {0}, b = {0};
  if (push_all(&a, &w, 0, split) < 0 || push_all(&b, &w, split + 1, w.n) < 0) {
    snprintf(why, cap, "a word is no value");
    vseq_builder_free(&a);
    vseq_builder_free(&b);
    words_free(&w);
    return NULL;
  }
  if (split < w.n) vseq_append_all(&a, &b);
  vseq s = vseq_build(&a);
  MEMSTREAM(o, buf);
  fold_text t = {.out = o};
  fold_text_values(&t, -1, &s, 0);
  vseq_free(&s);
  vseq_builder_free(&a);
  vseq_builder_free(&b);
  words_free(&w);
  return TEXT(o, buf);
}

static void print_bins(FILE *o, const int64_t *bins, int n) {
  fputs(" bins=", o);
  for (int k = 0, first = 1; k < n; k++) {
    if (!bins[k]) continue;
    fprintf(o, "%s%d:%lld", first ? "" : ",", k, (long long) bins[k]);
    first = 0;
  }
}

/* histograms.cases: add VALUES, pool A | B (builders), merge A | B (frozen histograms). The
 * doubles are printed in full (%.17g): case_matches compares them as doubles. */
static char *case_histograms(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  if (w.n == 0) add_word(&w, "", 0);
  int split = bar(&w), add = strcmp(w.w[0], "add") == 0;
  fold_histo h[2];
  histo_init(&h[0]);
  histo_init(&h[1]);
  for (int i = 1; i < w.n; i++)
    if (i != split) histo_add(&h[i > split], strtoll(w.w[i], NULL, 10));
  MEMSTREAM(o, buf);
  if (add || strcmp(w.w[0], "pool") == 0) {
    histo_merge(&h[0], &h[1]);
    fprintf(o, "n=%lld min=%lld max=%lld mean=%.17g sd=%.17g", (long long) h[0].count,
            (long long) h[0].min, (long long) h[0].max, h[0].mean, histo_sd(&h[0]));
    print_bins(o, h[0].bins, h[0].nbins);
  } else if (strcmp(w.w[0], "merge") == 0) {
    fold_hist a = hist_freeze(&h[0]), b = hist_freeze(&h[1]), m = hist_merge(&a, &b);
    int64_t bins[65];
    hist_bins(&m, bins);
    fprintf(o, "n=%lld min=%lld max=%lld mean=%.17g sd=%.17g", (long long) m.count,
            (long long) m.min, (long long) m.max, m.mean, m.sd);
    print_bins(o, bins, 65);
  } else {
    snprintf(why, cap, "expected add, pool or merge");
  }
  histo_free(&h[0]);
  histo_free(&h[1]);
  int ok = add || !strcmp(w.w[0], "pool") || !strcmp(w.w[0], "merge");
  words_free(&w);
  char *text = TEXT(o, buf);
  if (!ok) free(text);
  return ok ? text : NULL;
}

/* decimals.cases: mean V MIN MAX, sd V. */
static char *case_decimals(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  char *text = malloc(400);
  if (w.n == 4 && strcmp(w.w[0], "mean") == 0) {
    fold_mean_text(text, 400, strtod(w.w[1], NULL), strtoll(w.w[2], NULL, 10),
                   strtoll(w.w[3], NULL, 10));
  } else if (w.n == 2 && strcmp(w.w[0], "sd") == 0) {
    fold_sd_text(text, 400, strtod(w.w[1], NULL));
  } else {
    snprintf(why, cap, "expected mean V MIN MAX or sd V");
    free(text);
    text = NULL;
  }
  words_free(&w);
  return text;
}

/* ranks.cases: ranks R... (a union of single ranks), runs V... (a sequence's strided runs). */
static char *case_ranks(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  int ranks = w.n > 1 && strcmp(w.w[0], "ranks") == 0, runs = w.n > 1 && !strcmp(w.w[0], "runs");
  if (!ranks && !runs) {
    snprintf(why, cap, "expected ranks R... or runs V...");
    words_free(&w);
    return NULL;
  }
  MEMSTREAM(o, buf);
  int n = w.n - 1;
  int64_t *v = malloc((size_t) n * sizeof *v), *r = malloc((size_t) 3 * n * sizeof *r);
  for (int i = 0; i < n; i++) v[i] = strtoll(w.w[i + 1], NULL, 10);
  if (ranks) {
    ranklist all = ranks_of((int) v[0]);
    for (int i = 1; i < n; i++) {
      ranklist one = ranks_of((int) v[i]), u = ranks_union(&all, &one);
      ranks_free(&all);
      ranks_free(&one);
      all = u;
    }
    ranks_print(o, &all);
    ranks_free(&all);
  } else {
    int k = fold_runs(v, n, r);
    for (int i = 0; i < k; i++) {
      if (i) fputc(',', o);
      fold_print_run(o, r[3 * i], r[3 * i + 1], r[3 * i + 2], 0);
    }
  }
  free(v);
  free(r);
  words_free(&w);
  return TEXT(o, buf);
}

typedef struct {
  double mean;
  const char *text;
} keyed;

static int mean_after(const void *a, const void *b) {
  return ((const keyed *) a)->mean > ((const keyed *) b)->mean;
}

/* sort.cases: MEAN:TAG... sorted by mean, stably. */
static char *case_sort(const char *input, char *why, size_t cap) {
  words w = words_of(input);
  keyed *k = malloc((size_t) (w.n ? w.n : 1) * sizeof *k);
  for (int i = 0; i < w.n; i++) k[i] = (keyed){strtod(w.w[i], NULL), w.w[i]};
  fold_sort(k, w.n, sizeof *k, mean_after);
  MEMSTREAM(o, buf);
  for (int i = 0; i < w.n; i++) fprintf(o, "%s%s", i ? " " : "", k[i].text);
  free(k);
  words_free(&w);
  return TEXT(o, buf);
}

/* ---- running the cases ---------------------------------------------------------------------------- */

/* Whether the computed text is the expected one: word by word, mean= and sd= as doubles. */
static int case_matches(const char *expected, const char *actual) {
  words e = words_of(expected), a = words_of(actual);
  int ok = e.n == a.n;
  for (int i = 0; ok && i < e.n; i++) {
    int real = !strncmp(e.w[i], "mean=", 5) || !strncmp(e.w[i], "sd=", 3);
    const char *x = strchr(e.w[i], '='), *y = strchr(a.w[i], '=');
    ok = real && x && y && x - e.w[i] == y - a.w[i] ? strtod(x + 1, NULL) == strtod(y + 1, NULL)
                                                    : strcmp(e.w[i], a.w[i]) == 0;
  }
  words_free(&e);
  words_free(&a);
  return ok;
}

static const struct {
  const char *file;
  char *(*run)(const char *input, char *why, size_t cap);
} FILES[] = {
  {"values.cases", case_values},     {"folder.cases", case_folder},
  {"blocks.cases", case_blocks},
  {"histograms.cases", case_histograms}, {"decimals.cases", case_decimals},
  {"ranks.cases", case_ranks},       {"sort.cases", case_sort},
};

/* The cases of one file: how many failed (a file without cases counts as one failure). */
static int run_file(const char *dir, int f, int *ran) {
  char path[4200], why[200];
  snprintf(path, sizeof path, "%s/%s", dir, FILES[f].file);
  FILE *in = fopen(path, "r");
  if (!in) {
    fprintf(stderr, "fold-unit: %s: %s\n", path, strerror(errno));
    return 1;
  }
  char *line = NULL;
  size_t cap = 0;
  int failed = 0, cases = 0;
  for (long at = 1; getline(&line, &cap, in) >= 0; at++) {
    line[strcspn(line, "\r\n")] = 0;
    char *arrow = strstr(line, " => ");
    if (line[0] == '#' || !line[0]) continue;
    cases++;
    why[0] = 0;
    if (arrow) *arrow = 0;
    char *actual = arrow ? FILES[f].run(line, why, sizeof why) : NULL;
    if (!actual || !case_matches(arrow + 4, actual)) {
      fprintf(stderr, "FAIL %s:%ld: %s\n  expected: %s\n  computed: %s\n", path, at, line,
              arrow ? arrow + 4 : "(no ' => ')", actual ? actual : why);
      failed++;
    }
    free(actual);
  }
  free(line);
  fclose(in);
  *ran += cases;
  if (cases == 0) fprintf(stderr, "fold-unit: %s holds no case\n", path);
  return failed + (cases == 0);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fputs("usage: fold-unit CASES-DIR\n", stderr);
    return 2;
  }
  int failed = 0, ran = 0;
  for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++)
    failed += run_file(argv[1], (int) f, &ran);
  printf("fold-unit: %d cases, %d failed\n", ran, failed);
  return failed ? 1 : 0;
}
