/* bg_runtime.c: the run-time library of benchgen's C+MPI benchmarks (interface: bg_runtime.h).
 * Its own calls that a tracer would record (the start-up splits, the final waits and reductions)
 * go through PMPI_, so that tracing a benchmark shows only the traced calls. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bg_runtime.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

char *bg_sbuf, *bg_rbuf;
bg_slot *bg_comm;
unsigned long long bg_rng;

static double bg_scale = 1.0; /* --compute-scale X: where no region says otherwise */
/* --compute-scale LN=X: the factor of loop region N (1..bg_nregions), negative where unset. */
static double *bg_region_scale;
static int bg_nregions;
/* The factor in force, and those of the regions around the current one (loops nest at most 256
 * deep, bounded by the compressed trace's format). */
static double bg_current = 1.0;
static double bg_outer[257];
static int bg_depth;
static double bg_computed;    /* seconds spent computing */
#ifndef BENCHGEN_SMPI
/* Seconds computed beyond what was asked (a busy-wait overshoots when the rank is descheduled),
 * paid back by the next intervals, so that the total stays the traced one. */
static double bg_debt;
/* Seconds a clock read takes (measured by bg_setup): a busy-wait's first read and the call lie
 * outside the time it measures, so each wait adds one read to the debt. */
static double bg_read;
/* When MPI_Init returned (bg_args is the program's first call after it). */
static double bg_init_end;
#endif

/* Live requests in creation order, named as the trace names them: by age, 0 = the newest. */
static MPI_Request *bg_req;
static char *bg_pers; /* persistent: stays live when completed, until MPI_Request_free */
static int bg_nreq, bg_capreq;
/* Requests the trace completed earlier than this run did: completed by the next MPI_Waitall. */
static MPI_Request *bg_zombie;
static int bg_nzombie, bg_capzombie;
static MPI_Request *bg_tmp;
/* Statuses for calls on arrays: MPICH's MPI_STATUSES_IGNORE makes GCC 12 warn. */
static MPI_Status *bg_sts;
static int *bg_tmpi, bg_captmp;

void *bg_grow(void *p, size_t bytes) {
  void *q = realloc(p, bytes);
  if (q == NULL) {
    fprintf(stderr, "benchmark: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return q;
}

double bg_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

void bg_compute(double us) {
  double want = us * 1e-6 * bg_current;
#ifdef BENCHGEN_SMPI
  /* Under SimGrid (make sim): simulated time at the platform host's speed, not a busy-wait, which
   * SMPI would replay about a hundred times slower than real time. */
  smpi_execute_benched(want);
  bg_computed += want;
#else
  double run = bg_pay(want, &bg_debt);
  if (run <= 0) {
    return; /* paid by earlier overruns: no clock read, which would overrun again */
  }
  double start = bg_now(), now = start;
  while (now - start < run) {
    now = bg_now();
  }
  bg_debt += now - start - run + bg_read;
  bg_computed += now - start;
#endif
}

#ifndef BENCHGEN_SMPI
/* The least time a clock read took, over a few batches (a batch can be descheduled). */
static double bg_clock_cost(void) {
  double best = 1;
  for (int b = 0; b < 5; b++) {
    double t0 = bg_now(), t = t0;
    for (int i = 0; i < 200; i++) {
      t = bg_now();
    }
    best = (t - t0) / 200 < best ? (t - t0) / 200 : best;
  }
  return best;
}
#endif

void bg_region_push(int region) {
  bg_outer[bg_depth++] = bg_current;
  if (region <= bg_nregions && bg_region_scale[region] >= 0) {
    bg_current = bg_region_scale[region];
  }
}

void bg_region_pop(void) {
  bg_current = bg_outer[--bg_depth];
}

double bg_pay(double want, double *debt) {
  double run = want - *debt;
  if (run <= 0) {
    *debt = -run;
    return 0;
  }
  *debt = 0;
  return run;
}

int bg_sym(int v) {
  switch (v) {
    case BG_PROC_NULL: return MPI_PROC_NULL;
    case BG_ANY_SOURCE: return MPI_ANY_SOURCE;
    case BG_ANY_TAG: return MPI_ANY_TAG;
    case BG_UNDEFINED: return MPI_UNDEFINED;
    case BG_ROOT: return MPI_ROOT;
    default: return v;
  }
}

int bg_ceil(long long bytes, long long size) {
  return size > 0 ? (int) ((bytes + size - 1) / size) : 0;
}

MPI_Request *bg_req_new(int persistent) {
  if (bg_nreq == bg_capreq) {
    bg_capreq = bg_capreq ? 2 * bg_capreq : 16;
    bg_req = bg_grow(bg_req, bg_capreq * sizeof *bg_req);
    bg_pers = bg_grow(bg_pers, bg_capreq);
  }
  bg_req[bg_nreq] = MPI_REQUEST_NULL;
  bg_pers[bg_nreq] = (char) persistent;
  return &bg_req[bg_nreq++];
}

static int bg_index(int age) {
  return bg_nreq - 1 - age;
}

MPI_Request *bg_req_at(int age) {
  return &bg_req[bg_index(age)];
}

static void bg_remove(int i) {
  memmove(&bg_req[i], &bg_req[i + 1], (size_t) (bg_nreq - i - 1) * sizeof *bg_req);
  memmove(&bg_pers[i], &bg_pers[i + 1], (size_t) (bg_nreq - i - 1));
  bg_nreq--;
}

/* The requests of a list of ages in a scratch array, followed by the zombies when asked. */
static MPI_Request *bg_gather(const int *ages, int zombies) {
  int n = ages[0] + (zombies ? bg_nzombie : 0);
  if (n > bg_captmp) {
    bg_captmp = 2 * n;
    bg_tmp = bg_grow(bg_tmp, (size_t) bg_captmp * sizeof *bg_tmp);
    bg_tmpi = bg_grow(bg_tmpi, (size_t) bg_captmp * sizeof *bg_tmpi);
    bg_sts = bg_grow(bg_sts, (size_t) bg_captmp * sizeof *bg_sts);
  }
  for (int i = 0; i < ages[0]; i++) {
    bg_tmp[i] = ages[1 + i] == BG_NULL ? MPI_REQUEST_NULL : *bg_req_at(ages[1 + i]);
  }
  for (int i = 0; zombies && i < bg_nzombie; i++) {
    bg_tmp[ages[0] + i] = bg_zombie[i];
  }
  return bg_tmp;
}

/* Writes the handles back after a call (completed ones are MPI_REQUEST_NULL now). */
static void bg_scatter(const int *ages) {
  for (int i = 0; i < ages[0]; i++) {
    if (ages[1 + i] != BG_NULL) {
      *bg_req_at(ages[1 + i]) = bg_tmp[i];
    }
  }
}

/* Drops the listed requests that the trace says are gone (persistent ones stay). */
static void bg_drop(const int *ages) {
  int n = 0;
  for (int i = 0; i < ages[0]; i++) {
    if (ages[1 + i] != BG_NULL && !bg_pers[bg_index(ages[1 + i])]) {
      bg_tmpi[n++] = bg_index(ages[1 + i]);
    }
  }
  /* Highest index first, so the others do not move. */
  for (int i = 0; i < n; i++) {
    int top = i;
    for (int j = i + 1; j < n; j++) {
      if (bg_tmpi[j] > bg_tmpi[top]) {
        top = j;
      }
    }
    int t = bg_tmpi[i];
    bg_tmpi[i] = bg_tmpi[top];
    bg_tmpi[top] = t;
    bg_remove(bg_tmpi[i]);
  }
}

void bg_wait(int age) {
  int i = bg_index(age);
  MPI_Wait(&bg_req[i], MPI_STATUS_IGNORE);
  if (!bg_pers[i]) {
    bg_remove(i);
  }
}

void bg_waitall(const int *ages) {
  int n = bg_nzombie;
  MPI_Request *r = bg_gather(ages, 1);
  MPI_Waitall(ages[0] + n, r, bg_sts);
  bg_nzombie = 0;
  bg_scatter(ages);
  bg_drop(ages);
}

/* Whether the trace says that the completion call whose done list is done left request age
 * (not BG_NULL) active. */
static int bg_left_active(const int *done, int age) {
  for (int d = 0; d < done[0]; d++) {
    if (done[1 + d] == age) {
      return 0;
    }
  }
  return 1;
}

/* A test, Waitany or Waitsome is given quiet requests (never complete) in place of those the
 * trace says it left active: MPI could complete one here, earlier than in the traced run, and
 * the program's later MPI_Wait of it would wait on MPI_REQUEST_NULL, which a tracer does not
 * record (MPICH's nonblocking3: 140 of 2,684 Waits a rank). A wait that the trace says
 * completed none keeps its requests (it would wait for ever). With restore, the real ones are
 * put back. */
static void bg_hush(int kind, const int *reqs, const int *done, MPI_Request *r, int restore) {
  int completed = 0;
  for (int d = 0; d < done[0]; d++) {
    completed |= done[1 + d] != BG_NULL;
  }
  if ((kind == BG_WAITANY || kind == BG_WAITSOME) && !completed) {
    return;
  }
  for (int k = 0; k < reqs[0]; k++) {
    if (reqs[1 + k] != BG_NULL && bg_left_active(done, reqs[1 + k])) {
      r[k] = restore ? *bg_req_at(reqs[1 + k]) : bg_quiet_request(k);
    }
  }
}

/* Afterwards the live list is made what the trace says: a request the trace completed here that
 * is still active trades places with one that completed here instead, or else is left to the
 * next MPI_Waitall. */
void bg_complete(int kind, const int *reqs, const int *done) {
  int n = reqs[0], index, flag, count;
  MPI_Request *r = bg_gather(reqs, 0);
  bg_hush(kind, reqs, done, r, 0);
  switch (kind) {
    case BG_WAITANY: MPI_Waitany(n, r, &index, MPI_STATUS_IGNORE); break;
    case BG_WAITSOME: MPI_Waitsome(n, r, &count, bg_tmpi, bg_sts); break;
    case BG_TEST: MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE); break;
    case BG_TESTALL: MPI_Testall(n, r, &flag, bg_sts); break;
    case BG_TESTANY: MPI_Testany(n, r, &index, &flag, MPI_STATUS_IGNORE); break;
    default: MPI_Testsome(n, r, &count, bg_tmpi, bg_sts); break;
  }
  bg_hush(kind, reqs, done, r, 1);
  bg_scatter(reqs);
  for (int d = 0; d < done[0]; d++) {
    if (done[1 + d] == BG_NULL) {
      continue;
    }
    int i = bg_index(done[1 + d]);
    if (bg_req[i] == MPI_REQUEST_NULL || bg_pers[i]) {
      continue;
    }
    int swapped = 0;
    for (int k = 0; k < n && !swapped; k++) {
      int j = reqs[1 + k] == BG_NULL ? -1 : bg_index(reqs[1 + k]);
      int traced = 0;
      for (int e = 0; e < done[0]; e++) {
        traced |= done[1 + e] != BG_NULL && bg_index(done[1 + e]) == j;
      }
      if (j >= 0 && !traced && !bg_pers[j] && bg_req[j] == MPI_REQUEST_NULL) {
        bg_req[j] = bg_req[i];
        bg_req[i] = MPI_REQUEST_NULL;
        swapped = 1;
      }
    }
    if (!swapped) {
      /* Zombies wait for the next Waitall: random Tests may leave more than requests live. */
      if (bg_nzombie == bg_capzombie) {
        bg_capzombie = bg_capzombie ? 2 * bg_capzombie : 16;
        bg_zombie = bg_grow(bg_zombie, (size_t) bg_capzombie * sizeof *bg_zombie);
      }
      bg_zombie[bg_nzombie++] = bg_req[i];
      bg_req[i] = MPI_REQUEST_NULL;
    }
  }
  bg_drop(done);
}

void bg_startall(const int *ages) {
  MPI_Request *r = bg_gather(ages, 0);
  MPI_Startall(ages[0], r);
  bg_scatter(ages);
}

void bg_request_free(int age) {
  int i = bg_index(age);
  MPI_Request_free(&bg_req[i]);
  bg_remove(i);
}

/* Reads --compute-scale's value: X, or LN=X for loop region N; 0 when it is wrong (said on rank
 * 0). */
static int bg_scale_arg(const char *v, int rank, const char *name) {
  int region = 0;
  const char *x = v;
  if (v[0] == 'L') {
    char *eq;
    long n = strtol(v + 1, &eq, 10);
    if (!isdigit((unsigned char) v[1]) || *eq != '=' || n < 1 || n > bg_nregions) {
      if (rank == 0) {
        fprintf(stderr, "%s: --compute-scale LN=X names a loop region L1 to L%d (see the"
            " program's comments), not '%s'\n", name, bg_nregions, v);
      }
      return 0;
    }
    region = (int) n;
    x = eq + 1;
  }
  char *end;
  errno = 0;
  double f = strtod(x, &end);
  /* Finite: an infinite factor would busy-wait forever. */
  if (*x == '\0' || *end != '\0' || errno == ERANGE || !(f >= 0) || !isfinite(f)) {
    if (rank == 0) {
      fprintf(stderr, "%s: --compute-scale needs a finite number >= 0, not '%s'\n", name, v);
    }
    return 0;
  }
  if (region == 0) {
    bg_scale = f;
  } else {
    bg_region_scale[region] = f;
  }
  return 1;
}

int bg_args(int argc, char **argv, const char *name, int ranks, int regions) {
#ifndef BENCHGEN_SMPI
  bg_init_end = bg_now();
#endif
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* before bg_setup: the world slot is not made yet */
  bg_nregions = regions;
  bg_region_scale = bg_grow(NULL, (size_t) (regions + 1) * sizeof(double));
  for (int r = 0; r <= regions; r++) {
    bg_region_scale[r] = -1;
  }
  for (int i = 1; i < argc; i++) {
    const char *v = NULL;
    if (strcmp(argv[i], "--compute-scale") == 0 && i + 1 < argc) {
      v = argv[++i];
    } else if (strncmp(argv[i], "--compute-scale=", 16) == 0) {
      v = argv[i] + 16;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      if (rank == 0) {
        printf("usage: mpirun -np %d %s [--compute-scale X] [--compute-scale LN=X ...]\n"
            "  --compute-scale X     multiply every compute interval by X (default 1;\n"
            "                        0.3 models compute 3.3x faster)\n"
            "  --compute-scale LN=X  the same for loop region N only (L1 to L%d, named in\n"
            "                        the program's comments) and the loops inside it\n",
            ranks, name, regions);
      }
      return 0;
    } else {
      if (rank == 0) {
        fprintf(stderr, "%s: unknown argument '%s' (try --help)\n", name, argv[i]);
      }
      return 2;
    }
    if (!bg_scale_arg(v, rank, name)) {
      return 2;
    }
  }
  bg_current = bg_scale;
  return -1;
}

void bg_setup(int comms, long long send, long long recv, int bsend) {
  bg_comm = bg_grow(NULL, (size_t) comms * sizeof *bg_comm);
  bg_comm[0].c = MPI_COMM_WORLD;
  bg_comm_ready(0);
  for (int s = 1; s < comms; s++) {
    bg_comm[s].c = MPI_COMM_NULL;
    bg_comm_ready(s);
  }
  bg_sbuf = calloc((size_t) send, 1);
  bg_rbuf = calloc((size_t) recv, 1);
  if (bg_sbuf == NULL || bg_rbuf == NULL) {
    fprintf(stderr, "benchmark: cannot allocate %lld + %lld bytes of buffers\n", send, recv);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (bsend) {
    if (send > (INT_MAX - 64LL * MPI_BSEND_OVERHEAD) / 64) {
      fprintf(stderr, "benchmark: a buffer for MPI_Bsend of 64 x %lld bytes is more than MPI"
              " can attach\n", send);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int size = (int) (64 * (send + MPI_BSEND_OVERHEAD));
    /* By PMPI: the benchmark's own, not a call of the traced program. */
    PMPI_Buffer_attach(bg_grow(NULL, (size_t) size), size);
  }
#ifndef BENCHGEN_SMPI
  bg_read = bg_clock_cost();
#endif
}

void bg_buffer_attach(long long bytes) {
  if (bytes < 0 || bytes > INT_MAX) {
    fprintf(stderr, "benchmark: MPI_Buffer_attach of %lld bytes: more than an int holds\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Buffer_attach(bg_grow(NULL, (size_t) (bytes > 0 ? bytes : 1)), (int) bytes);
}

void bg_buffer_detach(void) {
  void *buffer = NULL;
  int size = 0;
  MPI_Buffer_detach(&buffer, &size);
  free(buffer);
}

double bg_begin(void) {
#ifndef BENCHGEN_SMPI
  /* The trace's first interval runs from the end of MPI_Init, so the set-up since then (buffers,
   * start-up communicators, measuring the clock) is compute it already took. */
  bg_debt += bg_now() - bg_init_end;
#endif
  PMPI_Barrier(MPI_COMM_WORLD);
  return bg_now();
}

void bg_finish(double wall, const char *name) {
  for (int i = 0; i < bg_nzombie; i++) {
    PMPI_Wait(&bg_zombie[i], MPI_STATUS_IGNORE);
  }
  bg_quiet_end();
  double mine[2] = {wall, bg_computed}, max[2], sum[2];
  PMPI_Reduce(mine, max, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  PMPI_Reduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (bg_comm[0].rank == 0) {
    printf("%s: %d ranks, wall time %.6f s (slowest rank), compute %.1f %% of it"
        " (mean over ranks), compute scale %g\n", name, bg_comm[0].size, max[0],
        sum[0] > 0 ? 100.0 * sum[1] / sum[0] : 0.0, bg_scale);
  }
}

/* Uniform in [0, 1): xorshift64*, top 53 bits. */
static double bg_uniform(void) {
  bg_rng ^= bg_rng >> 12;
  bg_rng ^= bg_rng << 25;
  bg_rng ^= bg_rng >> 27;
  return (double) ((bg_rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

double bg_sample(const bg_hist *h) {
  long long total = 0;
  for (int i = 0; i < h->nbins; i++) {
    total += h->bins[2 * i + 1];
  }
  double u = bg_uniform() * (double) total;
  int i = 0;
  while (i < h->nbins - 1 && u >= (double) h->bins[2 * i + 1]) {
    u -= (double) h->bins[2 * i + 1];
    i++;
  }
  int k = (int) h->bins[2 * i];
  double lo = k == 0 ? 0 : (double) (1LL << (k - 1)), hi = k == 0 ? 0 : (double) (1LL << k);
  if (lo < (double) h->min) {
    lo = (double) h->min;
  }
  if (hi > (double) h->max) {
    hi = (double) h->max;
  }
  if (hi < lo) {
    hi = lo;
  }
  return (lo + (hi - lo) * bg_uniform()) * h->scale / 1000.0;
}
