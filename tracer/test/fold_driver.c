/* benchgen tracer, test driver: the tracer's folding compressor without MPI. For each directory of
 * per-rank streams (rank-R.trace, the text `benchgen compress` reads), it folds every rank's
 * events as the tracer folds them in the job, merges the ranks with the tracer's own tree
 * (fold_tree.c), the traces passed through memory as fold_wire bytes where MPI would carry them,
 * and writes the result with the tracer's writer: DIR/NAME, or DIR/trace.problems where a rank
 * could not be folded. With -s, DIR/trace.sites (if there) becomes the trace's site lines as rank
 * 0 makes them (site_lines.c: addr2line). Built with AddressSanitizer and
 * UndefinedBehaviorSanitizer (make fold-driver), so that the Java tests that compare it with
 * rsd-compressor also run the C code under both (docs/compression.md, "How the twins are kept
 * one").
 *   fold-driver [-o NAME] [-s] DIR...     NAME: driver.bgc
 * Exit 0 when every directory got its trace, 1 when one got trace.problems, 2 on a usage error. */
#include "fold_tree.h"
#include "fold_stream.h"
#include "site_lines.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the tree sends and the next step receives: in one process a send is always followed by
 * the receive of the same step (fold_tree_merge), so one message is in flight at a time. */
typedef struct {
  int full, from, to;
  uint64_t ok;
  unsigned char *b;
  size_t n;
} mailbox;

static void post(void *ctx, int from, int to, uint64_t ok, const unsigned char *b, size_t n) {
  mailbox *m = ctx;
  if (m->full) {
    fprintf(stderr, "fold-driver: rank %d sends to rank %d before rank %d received\n", from, to,
            m->to);
    abort();
  }
  m->b = fold_malloc(n ? n : 1);
  if (n) memcpy(m->b, b, n);
  *m = (mailbox){1, from, to, ok, m->b, n};
}

static unsigned char *take(void *ctx, int to, int from, uint64_t *ok, size_t *n) {
  mailbox *m = ctx;
  if (!m->full || m->from != from || m->to != to) {
    fprintf(stderr, "fold-driver: rank %d receives from rank %d, which sent nothing\n", to, from);
    abort();
  }
  m->full = 0;
  *ok = m->ok;
  *n = m->n;
  return m->b;
}

/* One directory: 0 (DIR/name written), 1 (a rank had no trace: DIR/trace.problems) or 2. */
static int compress(const char *dir, const char *name, int sites) {
  char path[4200], why[4400];
  int rank, size;
  snprintf(path, sizeof path, "%s/rank-0.trace", dir);
  if (stream_header(path, &rank, &size, why, sizeof why) < 0) {
    fprintf(stderr, "fold-driver: %s\n", why);
    return 2;
  }
  fold_part *parts = fold_calloc((size_t) size, sizeof *parts);
  for (int r = 0; r < size; r++) {
    fold_part *p = &parts[r];
    p->rank = r;
    p->max_bytes = SIZE_MAX; /* all ranks share this process's memory: no rank's own bound */
    p->fold = fold_rank_new(r, size, SIZE_MAX);
    int at, n;
    snprintf(path, sizeof path, "%s/rank-%d.trace", dir, r);
    if (stream_header(path, &at, &n, why, sizeof why) < 0) {
      /* why says it */
    } else if (at != r || n != size) {
      snprintf(why, sizeof why, "%s: the header says rank %d of %d, not %d of %d", path, at, n,
               r, size);
    } else if (stream_fold(path, p->fold, why, sizeof why) == 0) {
      why[0] = 0;
    }
    fold_part_freeze(p, why[0] ? why : NULL);
  }
  mailbox box = {0};
  fold_tree_io io = {&box, parts, 0, size, post, take, stream_name, stream_intern};
  fold_tree_merge(&io, 0, size);
  char *lines = NULL;
  if (sites) {
    size_t len = 0;
    snprintf(path, sizeof path, "%s/trace.sites", dir);
    FILE *f = fopen(path, "rb");
    char *table = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0 && ftell(f) >= 0) {
      long n = ftell(f);
      table = fold_malloc((size_t) n + 1);
      rewind(f);
      len = fread(table, 1, (size_t) n, f);
    }
    if (f) fclose(f);
    int located, total;
    if (table) lines = site_lines_of(table, len, &located, &total);
    if (lines) fprintf(stderr, "fold-driver: %d of %d call sites located\n", located, total);
    fold_free(table);
  }
  int rc = fold_tree_write(&parts[0], dir, name, stream_name, lines) == 0 ? 0 : 1;
  free(lines);
  for (int r = 0; r < size; r++) fold_part_free(&parts[r]);
  fold_free(parts);
  return rc;
}

int main(int argc, char **argv) {
  const char *name = "driver.bgc";
  int i = 1;
  int sites = 0;
  for (;;) {
    if (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
      name = argv[i + 1];
      i += 2;
    } else if (i < argc && strcmp(argv[i], "-s") == 0) {
      sites = 1;
      i++;
    } else {
      break;
    }
  }
  if (i >= argc || argv[i][0] == '-' || strchr(name, '/')) {
    fputs("usage: fold-driver [-o NAME] [-s] DIR...\n"
          "  folds the streams DIR/rank-R.trace as the tracer does in the job and writes DIR/NAME"
          " (default driver.bgc), or DIR/trace.problems; -s: with the site lines of"
          " DIR/trace.sites\n", stderr);
    return 2;
  }
  int rc = 0;
  for (; i < argc; i++) {
    int r = compress(argv[i], name, sites);
    rc = r > rc ? r : rc;
  }
  stream_names_free();
  return rc;
}
