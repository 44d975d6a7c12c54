/* bg_runtime_requests.c: the requests of benchgen's C+MPI benchmarks (part of the run-time
 * library, interface: bg_runtime.h): the live list named by age as the trace names it, and the
 * completion calls made as the trace says they went. */
#include "bg_runtime.h"

#include <string.h>

/* Live requests in creation order, named as the trace names them: by age, 0 = the newest. */
static BG_TLS MPI_Request *bg_req;
static BG_TLS char *bg_pers; /* persistent: stays live when completed, until MPI_Request_free */
static BG_TLS int bg_nreq, bg_capreq;
/* Requests the trace completed earlier than this run did: completed by the next MPI_Waitall. */
static BG_TLS MPI_Request *bg_zombie;
static BG_TLS int bg_nzombie, bg_capzombie;
static BG_TLS MPI_Request *bg_tmp;
/* Statuses for calls on arrays: MPICH's MPI_STATUSES_IGNORE makes GCC 12 warn. */
static BG_TLS MPI_Status *bg_sts;
static BG_TLS int *bg_tmpi, bg_captmp;

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
  bg_waitall_given(ages, NULL);
}

void bg_waitall_given(const int *ages, const MPI_Request *given) {
  int n = bg_nzombie;
  MPI_Request *r = bg_gather(ages, 1);
  for (int i = 0; given != NULL && i < ages[0]; i++) {
    if (ages[1 + i] == BG_NULL) {
      r[i] = given[i];
    }
  }
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
 * trace says it left active (bg_hush; with restore, the real ones are put back): MPI could
 * complete one here, earlier than in the traced run, and the program's later MPI_Wait of it
 * would wait on MPI_REQUEST_NULL, which a tracer does not record (MPICH's nonblocking3: 140 of
 * 2,684 Waits a rank). A wait none of whose traced completions is still active here keeps its
 * requests (bg_hushes): with quiet ones only, it would wait for ever. Decided once per call, so
 * that what is hushed is what is put back. */
static int bg_hushes(int kind, const int *done, const MPI_Request *r, const int *reqs) {
  if (kind != BG_WAITANY && kind != BG_WAITSOME) {
    return 1;
  }
  for (int k = 0; k < reqs[0]; k++) {
    if (reqs[1 + k] != BG_NULL && !bg_left_active(done, reqs[1 + k])
        && r[k] != MPI_REQUEST_NULL) {
      return 1;
    }
  }
  return 0;
}

static void bg_hush(const int *reqs, const int *done, MPI_Request *r, int restore) {
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
  int hushed = bg_hushes(kind, done, r, reqs);
  if (hushed) {
    bg_hush(reqs, done, r, 0);
  }
  switch (kind) {
    case BG_WAITANY: MPI_Waitany(n, r, &index, MPI_STATUS_IGNORE); break;
    case BG_WAITSOME: MPI_Waitsome(n, r, &count, bg_tmpi, bg_sts); break;
    case BG_TEST: MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE); break;
    case BG_TESTALL: MPI_Testall(n, r, &flag, bg_sts); break;
    case BG_TESTANY: MPI_Testany(n, r, &index, &flag, MPI_STATUS_IGNORE); break;
    default: MPI_Testsome(n, r, &count, bg_tmpi, bg_sts); break;
  }
  if (hushed) {
    bg_hush(reqs, done, r, 1);
  }
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

void bg_requests_end(void) {
  for (int i = 0; i < bg_nzombie; i++) {
    PMPI_Wait(&bg_zombie[i], MPI_STATUS_IGNORE);
  }
  bg_nzombie = 0;
  bg_quiet_end();
}
