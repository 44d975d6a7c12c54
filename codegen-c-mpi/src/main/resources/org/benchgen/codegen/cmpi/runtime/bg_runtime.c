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
BG_TLS unsigned long long bg_rng;

static double bg_scale = 1.0; /* --compute-scale X: where no region says otherwise */
/* --compute-scale LN=X: the factor of loop region N (1..bg_nregions), negative where unset. */
static double *bg_region_scale;
static int bg_nregions;
/* The factor in force, and those of the regions around the current one (loops nest at most 256
 * deep, bounded by the compressed trace's format). */
static BG_TLS double bg_current = 1.0;
static BG_TLS double bg_outer[257];
static BG_TLS int bg_depth;
static BG_TLS double bg_computed;    /* seconds spent computing */
#ifndef BENCHGEN_SMPI
/* Seconds computed beyond what was asked (a busy-wait overshoots when the rank is descheduled),
 * paid back by the next intervals, so that the total stays the traced one. */
static BG_TLS double bg_debt;
/* Seconds a clock read takes (measured by bg_setup): a busy-wait's first read and the call lie
 * outside the time it measures, so each wait adds one read to the debt. */
static double bg_read;
/* When MPI_Init returned (bg_args is the program's first call after it). */
static double bg_init_end;
#endif


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

long long bg_ceil(long long bytes, long long size) {
  return size > 0 ? (bytes + size - 1) / size : 0;
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
    if (strcmp(argv[i], "--io-dir") == 0 && i + 1 < argc) { /* MPI-IO's scratch directory */
      bg_io_dir_arg = argv[++i];
      continue;
    }
    if (strcmp(argv[i], "--compute-scale") == 0 && i + 1 < argc) {
      v = argv[++i];
    } else if (strncmp(argv[i], "--compute-scale=", 16) == 0) {
      v = argv[i] + 16;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      if (rank == 0) {
        printf("usage: mpirun -np %d %s [--compute-scale X] [--compute-scale LN=X ...] [--io-dir DIR]\n"
            "  --compute-scale X     multiply every compute interval by X (default 1;\n"
            "                        0.3 models compute 3.3x faster)\n"
            "  --compute-scale LN=X  the same for loop region N only (L1 to L%d, named in\n"
            "                        the program's comments) and the loops inside it\n"
            "  --io-dir DIR          where a program that does MPI-IO makes its files (default:\n"
            "                        a new directory under $TMPDIR or /tmp, removed at the end)\n",
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

/* A new thread's compute factor: the program's, outside every loop region (bg_runtime_threads.c). */
void bg_thread_scale(void) {
  bg_current = bg_scale;
  bg_depth = 0;
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

#if MPI_VERSION >= 4
void bg_buffer_attach_c(long long bytes) {
  if (bytes < 0) {
    fprintf(stderr, "benchmark: MPI_Buffer_attach_c of %lld bytes\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Buffer_attach_c(bg_grow(NULL, (size_t) (bytes > 0 ? bytes : 1)), (MPI_Count) bytes);
}

void bg_buffer_detach_c(void) {
  void *buffer = NULL;
  MPI_Count size = 0;
  MPI_Buffer_detach_c(&buffer, &size);
  free(buffer);
}
#endif

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
  bg_requests_end();
  bg_io_end();
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
