/* bg_runtime_lists.c: the lists that v-collectives take beside their counts (part of the run-time
 * library of benchgen's C+MPI benchmarks, interface: bg_runtime.h): displacements, counts scaled to
 * bytes, MPI_Alltoallw's datatypes. Scratch arrays that grow, so that no call allocates; kept
 * copies for the calls whose requests hold their lists. */
#include "bg_runtime.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static BG_TLS int *bg_displ[2], bg_capdispl[2];
static BG_TLS int *bg_bytelist[2], bg_capbytelist[2];

const int *bg_displs(int which, const int *counts) {
  if (counts[0] > bg_capdispl[which]) {
    bg_capdispl[which] = counts[0];
    bg_displ[which] = bg_grow(bg_displ[which], (size_t) counts[0] * sizeof(int));
  }
  long long sum = 0;
  for (int i = 0; i < counts[0]; i++) {
    if (sum > INT_MAX) { /* generate makes such a call's large-count form: never here */
      fprintf(stderr, "benchmark: a displacement of %lld: more than an int holds\n", sum);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    bg_displ[which][i] = (int) sum;
    sum += counts[1 + i];
  }
  return bg_displ[which];
}

const int *bg_scaled(int which, const int *counts, long long size) {
  if (counts[0] + 1 > bg_capbytelist[which]) {
    bg_capbytelist[which] = counts[0] + 1;
    bg_bytelist[which] = bg_grow(bg_bytelist[which], (size_t) (counts[0] + 1) * sizeof(int));
  }
  bg_bytelist[which][0] = counts[0];
  for (int i = 1; i <= counts[0]; i++) {
    long long bytes = counts[i] * size;
    if (bytes > INT_MAX) {
      fprintf(stderr, "benchmark: %lld bytes in one count: more than an int holds\n", bytes);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    bg_bytelist[which][i] = (int) bytes;
  }
  return bg_bytelist[which];
}

const MPI_Aint *bg_aint_displs(int which, const int *counts) {
  static BG_TLS MPI_Aint *displ[2];
  static BG_TLS int cap[2];
  if (counts[0] > cap[which]) {
    cap[which] = counts[0];
    displ[which] = bg_grow(displ[which], (size_t) counts[0] * sizeof(MPI_Aint));
  }
  MPI_Aint sum = 0;
  for (int i = 0; i < counts[0]; i++) {
    displ[which][i] = sum;
    sum += counts[1 + i];
  }
  return displ[which];
}

/* MPI_BYTE for each of `peers` peers. */
static const MPI_Datatype *bg_bytes_for(long long peers) {
  static BG_TLS MPI_Datatype *types;
  static BG_TLS long long cap;
  if (peers > cap || types == NULL) {
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long long n = size > 2 * cap ? size : 2 * cap;
    n = n > peers ? n : peers;
    types = bg_grow(NULL, (size_t) (n > 0 ? n : 1) * sizeof *types);
    for (long long i = 0; i < n; i++) {
      types[i] = MPI_BYTE;
    }
    cap = n;
  }
  return types;
}

const MPI_Datatype *bg_byte_types(const int *counts) {
  return bg_bytes_for(counts[0]);
}

const MPI_Datatype *bg_byte_types_c(const MPI_Count *counts) {
  return bg_bytes_for(counts[0]);
}

void bg_decode(int *table, const char *const *codes, const int *values, int n, int chunk,
               int first) {
  for (int i = 0; i < n; i++) {
    table[i] = values[codes[i / chunk][i % chunk] - first];
  }
}

/* Kept lists: an open-addressing table of copies, by content. */
typedef struct {
  size_t bytes;
  uint64_t hash;
  void *data;
} bg_kept_list;
static BG_TLS bg_kept_list *bg_kept_table;
static BG_TLS size_t bg_kept_cap, bg_kept_used;

static uint64_t bg_hash(const void *xs, size_t bytes) {
  const unsigned char *p = xs;
  uint64_t h = 1469598103934665603ULL; /* FNV-1a */
  for (size_t i = 0; i < bytes; i++) {
    h = (h ^ p[i]) * 1099511628211ULL;
  }
  return h;
}

static void bg_kept_grow(void) {
  bg_kept_list *old = bg_kept_table;
  size_t cap = bg_kept_cap;
  bg_kept_cap = cap ? 2 * cap : 64;
  bg_kept_table = bg_grow(NULL, bg_kept_cap * sizeof *bg_kept_table);
  memset(bg_kept_table, 0, bg_kept_cap * sizeof *bg_kept_table);
  for (size_t i = 0; i < cap; i++) {
    if (old[i].data) {
      size_t j = old[i].hash & (bg_kept_cap - 1);
      while (bg_kept_table[j].data) {
        j = (j + 1) & (bg_kept_cap - 1);
      }
      bg_kept_table[j] = old[i];
    }
  }
  free(old);
}

static const void *bg_kept(const void *xs, size_t bytes) {
  static const MPI_Aint none[1];
  if (bytes == 0) {
    return none; /* an empty list (a rank without neighbours): xs may be NULL */
  }
  if (2 * (bg_kept_used + 1) > bg_kept_cap) {
    bg_kept_grow();
  }
  uint64_t h = bg_hash(xs, bytes);
  size_t j = h & (bg_kept_cap - 1);
  for (; bg_kept_table[j].data; j = (j + 1) & (bg_kept_cap - 1)) {
    bg_kept_list *k = &bg_kept_table[j];
    if (k->hash == h && k->bytes == bytes && memcmp(k->data, xs, bytes) == 0) {
      return k->data;
    }
  }
  void *copy = bg_grow(NULL, bytes > 0 ? bytes : 1);
  memcpy(copy, xs, bytes);
  bg_kept_table[j] = (bg_kept_list) {bytes, h, copy};
  bg_kept_used++;
  return copy;
}

const int *bg_kept_items(const int *list) {
  return bg_kept(list + 1, (size_t) list[0] * sizeof(int));
}

/* Scratch array 0 is free again when bg_kept returns, the copy made. */
const int *bg_kept_displs(const int *list) {
  return bg_kept(bg_displs(0, list), (size_t) list[0] * sizeof(int));
}

const MPI_Aint *bg_kept_aint_displs(const int *list) {
  return bg_kept(bg_aint_displs(0, list), (size_t) list[0] * sizeof(MPI_Aint));
}

/* The lists of the large-count calls: of MPI_Counts, displacements of MPI_Aint. */

const MPI_Aint *bg_displs_c(int which, const MPI_Count *counts) {
  static BG_TLS MPI_Aint *displ[2];
  static BG_TLS MPI_Count cap[2];
  if (counts[0] > cap[which]) {
    cap[which] = counts[0];
    displ[which] = bg_grow(displ[which], (size_t) counts[0] * sizeof(MPI_Aint));
  }
  MPI_Aint sum = 0;
  for (MPI_Count i = 0; i < counts[0]; i++) {
    displ[which][i] = sum;
    sum += (MPI_Aint) counts[1 + i];
  }
  return displ[which];
}

const MPI_Count *bg_scaled_c(int which, const MPI_Count *counts, long long size) {
  static BG_TLS MPI_Count *scaled[2];
  static BG_TLS MPI_Count cap[2];
  if (counts[0] + 1 > cap[which]) {
    cap[which] = counts[0] + 1;
    scaled[which] = bg_grow(scaled[which], (size_t) (counts[0] + 1) * sizeof(MPI_Count));
  }
  scaled[which][0] = counts[0];
  for (MPI_Count i = 1; i <= counts[0]; i++) {
    scaled[which][i] = counts[i] * size;
  }
  return scaled[which];
}

const MPI_Count *bg_kept_items_c(const MPI_Count *list) {
  return bg_kept(list + 1, (size_t) list[0] * sizeof(MPI_Count));
}

const MPI_Aint *bg_kept_displs_c(const MPI_Count *list) {
  return bg_kept(bg_displs_c(0, list), (size_t) list[0] * sizeof(MPI_Aint));
}
