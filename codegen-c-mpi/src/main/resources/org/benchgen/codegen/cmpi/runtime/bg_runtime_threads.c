/* bg_runtime_threads.c: the threads of benchgen's C+MPI benchmarks of traced runs whose ranks
 * called MPI from several threads (interface: bg_runtime_threads.h). */
#define _POSIX_C_SOURCE 200809L
#include "bg_runtime_threads.h"

#include "bg_runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The starting thread's generator, read by the lanes it starts (all started by the main thread,
 * before pthread_create, which orders the write before the reads). */
static unsigned long long bg_rng_base;

void bg_thread_start(pthread_t *t, void *(*fn)(void *), int lane) {
  bg_rng_base = bg_rng;
  int e = pthread_create(t, NULL, fn, (void *) (intptr_t) lane);
  if (e != 0) {
    fprintf(stderr, "benchmark: cannot start a thread: %s\n", strerror(e));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

void bg_thread_join(pthread_t *ts, int n) {
  for (int i = 0; i < n; i++) {
    pthread_join(ts[i], NULL);
  }
}

static pthread_mutex_t bg_self = PTHREAD_MUTEX_INITIALIZER;

void bg_self_lock(void) {
  pthread_mutex_lock(&bg_self);
}

void bg_self_unlock(void) {
  pthread_mutex_unlock(&bg_self);
}

/* This thread's lane in its phase (0: MPI's main thread). */
static BG_TLS int bg_lane;

/* Requests handed over and not taken yet, oldest first: a phase's lanes run at once, so the
 * queue is shared, under its lock; a taker waits on the condition for its maker. */
typedef struct bg_handed {
  int from, to;
  MPI_Request req;
  struct bg_handed *next;
} bg_handed;
static bg_handed *bg_handed_first, *bg_handed_last;
static pthread_mutex_t bg_handed_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t bg_handed_more = PTHREAD_COND_INITIALIZER;

/* Per pair of lanes: requests handed over, and those of them the taker has completed. */
typedef struct bg_pair {
  int from, to;
  long handed, done;
  struct bg_pair *next;
} bg_pair;
static bg_pair *bg_pairs;

/* The counts of (from, to), made at first use; called under the lock. */
static bg_pair *bg_pair_of(int from, int to) {
  for (bg_pair *p = bg_pairs; p != NULL; p = p->next) {
    if (p->from == from && p->to == to) {
      return p;
    }
  }
  bg_pair *p = calloc(1, sizeof *p);
  if (p == NULL) {
    fprintf(stderr, "benchmark: out of memory handing a request over\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  p->from = from;
  p->to = to;
  p->next = bg_pairs;
  bg_pairs = p;
  return p;
}

void bg_req_turn(int to) {
  pthread_mutex_lock(&bg_handed_lock);
  bg_pair *p = bg_pair_of(bg_lane, to);
  while (p->done < p->handed) {
    pthread_cond_wait(&bg_handed_more, &bg_handed_lock);
  }
  pthread_mutex_unlock(&bg_handed_lock);
}

void bg_req_give(int to) {
  bg_handed *h = malloc(sizeof *h);
  if (h == NULL) {
    fprintf(stderr, "benchmark: out of memory handing a request over\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Request *mine = bg_req_at(0);
  h->from = bg_lane;
  h->to = to;
  h->req = *mine;
  h->next = NULL;
  *mine = MPI_REQUEST_NULL;
  pthread_mutex_lock(&bg_handed_lock);
  if (bg_handed_last == NULL) {
    bg_handed_first = h;
  } else {
    bg_handed_last->next = h;
  }
  bg_handed_last = h;
  bg_pair_of(bg_lane, to)->handed++;
  pthread_cond_broadcast(&bg_handed_more);
  pthread_mutex_unlock(&bg_handed_lock);
}

/* The oldest request lane `from` handed to this one, waiting for it if need be. */
static MPI_Request bg_req_take(int from) {
  pthread_mutex_lock(&bg_handed_lock);
  for (;;) {
    bg_handed *prev = NULL;
    for (bg_handed *h = bg_handed_first; h != NULL; prev = h, h = h->next) {
      if (h->from == from && h->to == bg_lane) {
        if (prev == NULL) {
          bg_handed_first = h->next;
        } else {
          prev->next = h->next;
        }
        if (bg_handed_last == h) {
          bg_handed_last = prev;
        }
        pthread_mutex_unlock(&bg_handed_lock);
        MPI_Request r = h->req;
        free(h);
        return r;
      }
    }
    pthread_cond_wait(&bg_handed_more, &bg_handed_lock);
  }
}

void bg_waitall_taken(const int *ages, const int *from) {
  MPI_Request *given = malloc((size_t) (ages[0] + 1) * sizeof *given);
  if (given == NULL) {
    fprintf(stderr, "benchmark: out of memory taking requests over\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (int i = 0; i < ages[0]; i++) {
    given[i] = from[1 + i] >= 0 ? bg_req_take(from[1 + i]) : MPI_REQUEST_NULL;
  }
  bg_waitall_given(ages, given);
  free(given);
  /* Completed (and recorded, were the benchmark traced): their makers may start their next. */
  pthread_mutex_lock(&bg_handed_lock);
  for (int i = 0; i < ages[0]; i++) {
    if (from[1 + i] >= 0) {
      bg_pair_of(from[1 + i], bg_lane)->done++;
    }
  }
  pthread_cond_broadcast(&bg_handed_more);
  pthread_mutex_unlock(&bg_handed_lock);
}

void bg_thread_begin(void *lane) {
  bg_lane = (int) (intptr_t) lane;
  bg_rng = bg_rng_base + 0x9E3779B97F4A7C15ULL * (unsigned long long) (intptr_t) lane;
  bg_thread_scale();
}

void bg_thread_end(void) {
}
