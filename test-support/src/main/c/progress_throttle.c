/*
 * A progress throttle for the tests' MPI runs, preloaded into the processes the test JVMs start
 * (the parent pom's surefire environment). Not part of benchgen: it changes how long a waiting
 * rank spins, never what MPI does.
 *
 * Why: MPICH 4.0.2 (Debian's, device ch4:ucx) waits by calling ucp_worker_progress in a tight
 * loop, which its CVARs for yielding do not reach (MPIR_CVAR_CH4_PROGRESS_THROTTLE came later).
 * The tests run 2 to 8 ranks of it on CI's 2 cores, so a waiting rank burns the CPU that the rank
 * it waits for needs: BenchmarkUnderMpichTest's processes took 35 s of CPU without this and 14 s
 * with it (docs/benchmarks.md, "The test suite, ninth session"). After 32 empty polls in a row of
 * one thread this sleeps for a microsecond (some 50 us with the timer's slack), which gives the
 * core away. Open MPI's opal_progress, wrapped the same way, saved nothing measurable: not done.
 *
 * The wrapper reaches UCX's own function through dlsym(RTLD_NEXT): libmpich calls it through the
 * PLT. No UCX header is needed; a process that never loads UCX never calls it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <time.h>

struct ucp_worker;

unsigned ucp_worker_progress(struct ucp_worker *worker);

/* Empty polls before a sleep: enough that a message in flight is seen without sleeping. */
enum { EMPTY_POLLS = 32 };

static __thread unsigned empty_polls;

/* Counts a poll that completed {@code done} events; sleeps after EMPTY_POLLS empty ones. */
static void after_poll(long done) {
  if (done != 0) {
    empty_polls = 0;
  } else if (++empty_polls >= EMPTY_POLLS) {
    empty_polls = 0;
    struct timespec pause = {0, 1000};
    nanosleep(&pause, NULL);
  }
}

unsigned ucp_worker_progress(struct ucp_worker *worker) {
  static void *next;
  unsigned (*real)(struct ucp_worker *);
  /* UCX's own function, looked up once (racing threads store the same value); POSIX's way to
   * take a function from dlsym without an object-to-function cast. */
  *(void **)&real = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
  if (real == NULL) {
    *(void **)&real = dlsym(RTLD_NEXT, "ucp_worker_progress");
    if (real == NULL) {
      return 0;
    }
    __atomic_store_n(&next, *(void **)&real, __ATOMIC_RELEASE);
  }
  unsigned done = real(worker);
  after_poll(done);
  return done;
}
