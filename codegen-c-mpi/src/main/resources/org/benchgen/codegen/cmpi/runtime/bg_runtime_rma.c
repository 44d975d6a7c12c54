/* benchgen run-time library: one-sided communication (issue 46). Windows are kept by the slot
 * the trace gives them on this rank, with the memory the benchmark gave them (MPI_Win_create's,
 * and a dynamic window's attached regions), freed with them.
 *
 * A dynamic window's operations address the target's memory (MPI_Get_address of a region the
 * target attached, sent to the origin by the program), which the benchmark does not have. So
 * each rank attaches to it, when it is made, one region of its own for the operations, as large
 * as the largest operation's target bytes, and the ranks exchange these regions' addresses; an
 * operation is made at the start of its target's (bg_win_disp). That attach, the exchange and the
 * address are the run-time library's (PMPI_, unseen by a tracer), so that the benchmark makes the
 * program's calls alone. */
#include "bg_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MPI_Win win;
  void *mem;       /* MPI_Win_create's memory, else NULL */
  void *ops;       /* a dynamic window's region for the operations, else NULL */
  MPI_Aint *at;    /* its address on every rank of the window's group, else NULL */
  void **regions;  /* a dynamic window's attached regions, oldest first */
  int nregions;
} bg_window;

static bg_window *windows;
static long long nwindows;

static bg_window *slot_of(long long slot) {
  if (slot < 0) {
    fprintf(stderr, "benchgen: window slot %lld is negative\n", slot);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (slot >= nwindows) {
    bg_window *w = realloc(windows, (size_t) (slot + 1) * sizeof *w);
    if (w == NULL) {
      fprintf(stderr, "benchgen: out of memory for %lld windows\n", slot + 1);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(w + nwindows, 0, (size_t) (slot + 1 - nwindows) * sizeof *w);
    windows = w;
    nwindows = slot + 1;
  }
  return &windows[slot];
}

/* A dynamic window's region of `size` bytes for the operations, attached, and every rank's
 * address of its own (a collective over comm, as the creation is). */
static void operations_region(bg_window *w, long long size, MPI_Comm comm) {
  int n;
  MPI_Aint mine;
  PMPI_Comm_size(comm, &n);
  w->ops = calloc((size_t) size, 1);
  w->at = malloc((size_t) n * sizeof *w->at);
  if (w->ops == NULL || w->at == NULL) {
    fprintf(stderr, "benchgen: cannot allocate a dynamic window's region of %lld bytes\n", size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  PMPI_Win_attach(w->win, w->ops, (MPI_Aint) size);
  PMPI_Get_address(w->ops, &mine);
  PMPI_Allgather(&mine, 1, MPI_AINT, w->at, 1, MPI_AINT, comm);
}

void bg_win_create(int kind, long long slot, long long size, long long unit, MPI_Comm comm) {
  bg_window *w = slot_of(slot);
  void *base = NULL;
  switch (kind) {
  case BG_WIN_CREATE:
    /* calloc of at least one byte: a window of size 0 may have any base. */
    w->mem = calloc(size > 0 ? (size_t) size : 1, 1);
    if (w->mem == NULL) {
      fprintf(stderr, "benchgen: cannot allocate a window of %lld bytes\n", size);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Win_create(w->mem, (MPI_Aint) size, (int) unit, MPI_INFO_NULL, comm, &w->win);
    break;
  case BG_WIN_ALLOCATE:
    MPI_Win_allocate((MPI_Aint) size, (int) unit, MPI_INFO_NULL, comm, &base, &w->win);
    break;
  case BG_WIN_ALLOCATE_SHARED:
    MPI_Win_allocate_shared((MPI_Aint) size, (int) unit, MPI_INFO_NULL, comm, &base, &w->win);
    break;
  default:
    MPI_Win_create_dynamic(MPI_INFO_NULL, comm, &w->win);
    if (size > 0) {
      operations_region(w, size, comm);
    }
    break;
  }
}

MPI_Win bg_win(long long slot) {
  return slot_of(slot)->win;
}

MPI_Aint bg_win_disp(long long slot, int target, long long disp) {
  bg_window *w = slot_of(slot);
  if (w->at == NULL || target == MPI_PROC_NULL) {
    return (MPI_Aint) disp;
  }
  return w->at[target];
}

void bg_win_free(long long slot) {
  bg_window *w = slot_of(slot);
  MPI_Win_free(&w->win);
  for (int i = 0; i < w->nregions; i++) {
    free(w->regions[i]);
  }
  free(w->regions);
  free(w->mem);
  /* The operations' region goes with the window (freed first: MPI_Win_free waits for every
   * rank's epochs to end, a detach before it would not). */
  free(w->ops);
  free(w->at);
  memset(w, 0, sizeof *w);
}

void bg_win_attach(long long slot, long long size) {
  bg_window *w = slot_of(slot);
  void **r = realloc(w->regions, (size_t) (w->nregions + 1) * sizeof *r);
  void *mem = calloc(size > 0 ? (size_t) size : 1, 1);
  if (r == NULL || mem == NULL) {
    fprintf(stderr, "benchgen: cannot attach a region of %lld bytes\n", size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  w->regions = r;
  w->regions[w->nregions++] = mem;
  MPI_Win_attach(w->win, mem, (MPI_Aint) size);
}

void bg_win_detach(long long slot) {
  bg_window *w = slot_of(slot);
  if (w->nregions == 0) {
    return; /* nothing attached: the traced detach failed as well, or detached no region */
  }
  MPI_Win_detach(w->win, w->regions[0]);
  free(w->regions[0]);
  memmove(w->regions, w->regions + 1, (size_t) --w->nregions * sizeof *w->regions);
}

void bg_win_lock(long long slot, int target, long long excl) {
  MPI_Win_lock(excl ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED, target, 0, bg_win(slot));
}

/* The group of the listed world ranks. */
static MPI_Group group_of(const int *ranks) {
  MPI_Group world, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, ranks[0], ranks + 1, &group);
  MPI_Group_free(&world);
  return group;
}

void bg_win_post(long long slot, const int *ranks) {
  MPI_Group g = group_of(ranks);
  MPI_Win_post(g, 0, bg_win(slot));
  if (g != MPI_GROUP_EMPTY) {
    MPI_Group_free(&g);
  }
}

void bg_win_start(long long slot, const int *ranks) {
  MPI_Group g = group_of(ranks);
  MPI_Win_start(g, 0, bg_win(slot));
  if (g != MPI_GROUP_EMPTY) {
    MPI_Group_free(&g);
  }
}

/* MPI_Win_test with the traced outcome: a poll's differs from run to run, and the program polls
 * until its epoch is done, so the benchmark makes as many tests as the traced run. A test that
 * finds the epoch done where the traced one did not leaves an epoch of no origin in its place
 * (PMPI_Win_post of the empty group, unseen by a tracer), done at once, for the program's next
 * test (or wait) to end; a test done in the traced run but not here ends the epoch with
 * PMPI_Win_wait. */
void bg_win_test(long long slot, long long traced) {
  MPI_Win win = bg_win(slot);
  int flag = 0;
  MPI_Win_test(win, &flag);
  if (traced && !flag) {
    PMPI_Win_wait(win);
  } else if (!traced && flag) {
    PMPI_Win_post(MPI_GROUP_EMPTY, 0, win);
  }
}
