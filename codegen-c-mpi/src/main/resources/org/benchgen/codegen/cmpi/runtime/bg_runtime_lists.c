/* bg_runtime_lists.c: the lists that v-collectives take beside their counts (part of the run-time
 * library of benchgen's C+MPI benchmarks, interface: bg_runtime.h): displacements, counts scaled to
 * bytes, MPI_Alltoallw's datatypes. Scratch arrays that grow, so that no call allocates. */
#include "bg_runtime.h"

#include <limits.h>
#include <stdio.h>

static int *bg_displ[2], bg_capdispl[2];
static int *bg_bytelist[2], bg_capbytelist[2];

const int *bg_displs(int which, const int *counts) {
  if (counts[0] > bg_capdispl[which]) {
    bg_capdispl[which] = counts[0];
    bg_displ[which] = bg_grow(bg_displ[which], (size_t) counts[0] * sizeof(int));
  }
  int sum = 0;
  for (int i = 0; i < counts[0]; i++) {
    bg_displ[which][i] = sum;
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
  static MPI_Aint *displ[2];
  static int cap[2];
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

const MPI_Datatype *bg_byte_types(const int *counts) {
  static MPI_Datatype *types;
  static int cap;
  if (counts[0] > cap || types == NULL) {
    int n = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    n = n > 2 * cap ? n : 2 * cap;
    n = n > counts[0] ? n : counts[0];
    types = bg_grow(NULL, (size_t) (n > 0 ? n : 1) * sizeof *types);
    for (int i = 0; i < n; i++) {
      types[i] = MPI_BYTE;
    }
    cap = n;
  }
  return types;
}

void bg_decode(int *table, const char *const *codes, const int *values, int n, int chunk,
               int first) {
  for (int i = 0; i < n; i++) {
    table[i] = values[codes[i / chunk][i % chunk] - first];
  }
}
