/* benchgen tracer: the life of a rank's trace. Settings are read at the first wrapped call; the
 * stream is opened when MPI_Init returns (the rank is known only then) and put in place at
 * MPI_Finalize; MPI_Abort, fatal signals and exit without MPI_Finalize still leave what was recorded,
 * marked as truncated. Also the guard that keeps calls nested in a wrapped call from being recorded. */
#define _GNU_SOURCE
#include "core.h"
#include "errnames.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static BGT_TLS int t_depth;   /* this thread's nesting of wrapped calls; depth 1 is recorded */
static int g_off;              /* tracing disabled (BENCHGEN_TRACE=0, or after finalize) */
static int g_started, g_initialized, g_flushed_final;
static volatile sig_atomic_t g_finishing; /* finish() has begun: a fault now ends it at once */
static int g_rank = -1, g_size = 0;
int g_multiple;                /* MPI_THREAD_MULTIPLE given: calls may come from any thread */
static pthread_t g_main;       /* the thread that initialised MPI: thread 0 of the stream */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static BGT_TLS int t_thread = -1; /* this thread's number in the stream; -1 before its first */
static int g_nthreads;             /* threads other than g_main that recorded a call */
static long g_max_mb;          /* BENCHGEN_TRACE_MAX_MB */
static unsigned g_unsupported; /* bits of enum bgt_unsupported found; set by any thread */
static unsigned g_noted;       /* those already in the buffer as `# unsupported` lines */
static char g_dir[4096];
static char g_part[4300], g_final[4200];
/* What a stream records after the first thing it cannot trace (it will be refused anyway). */
#define REFUSED_MORE_MB 1

void die(const char *what) {
  fprintf(stderr, "benchgen-trace: %s\n", what);
  abort();
}

int tracing_off(void) { return g_off; }
int tracing_initialized(void) { return g_initialized; }

static void start(void) {
  g_started = 1;
  const char *off = getenv("BENCHGEN_TRACE");
  g_off = off && strcmp(off, "0") == 0;
  int depth = 1;
  const char *d = getenv("BENCHGEN_TRACE_SITE_DEPTH");
  if (d && *d) {
    depth = atoi(d);
    if (depth < 1 || depth > 32) {
      fprintf(stderr, "benchgen-trace: BENCHGEN_TRACE_SITE_DEPTH=%s is not in 1..32; using 1\n", d);
      depth = 1;
    }
  }
  const char *raw = getenv("BENCHGEN_TRACE_RAW");
  if (fold_records_on() && raw && strcmp(raw, "0") == 0) writer_text_off();
  const char *cpu = getenv("BENCHGEN_TRACE_CPU");
  g_cpu_time = cpu && strcmp(cpu, "1") == 0;
  const char *mb = getenv("BENCHGEN_TRACE_BUFFER_MB");
  long limit_mb = mb && *mb ? atol(mb) : 64;
  if (limit_mb < 1) limit_mb = 1;
  buffer_limit((size_t) limit_mb * 1024 * 1024 / sizeof(uint64_t));
  /* The last line of defence against a stream that grows without end (a tracer bug, a runaway
   * program): generous, since a rank's stream of a long run can be gigabytes. */
  const char *max = getenv("BENCHGEN_TRACE_MAX_MB");
  g_max_mb = max && *max ? atol(max) : 16384;
  if (g_max_mb < 1) g_max_mb = 1;
  writer_limit((uint64_t) g_max_mb * 1024 * 1024);
  sites_start(depth);
}

/* `# unsupported` lines for what was found since the last ones, between two records. */
static void note_unsupported(void) {
  unsigned u = __atomic_load_n(&g_unsupported, __ATOMIC_RELAXED) & ~g_noted;
  g_noted |= u;
  for (int w = 0; w < U_COUNT; w++) {
    if (!(u & (1u << w))) continue;
    begin_record(K_NOTE, w, 0, NULL);
    end_record();
  }
}

void bgt_unsupported(bgt_call *c, int what) {
  unsigned bit = 1u << what;
  if (__atomic_fetch_or(&g_unsupported, bit, __ATOMIC_RELAXED) & bit) return; /* said once */
  if (g_off) return;
  fprintf(stderr, "benchgen-trace: rank %d used %s, which benchgen cannot trace yet; benchgen"
          " will refuse this rank's stream\n", g_rank, unsupported_text(what));
  if (!c->on) return;
  /* Taken here unless the recording holds it already; not held across the call: spawning is
   * collective and blocks. */
  int lock = !c->locked;
  if (lock) record_lock();
  if (writer_is_open()) {
    note_unsupported();
    /* The stream will be refused: what it records from now on only has to say where the rank
     * went, and a program that polls (MPICH's greq_test: MPI_Test on a generalized request, 24
     * million times in 9 s, 2 GB) must not fill the disk up to BENCHGEN_TRACE_MAX_MB. */
    writer_cap_more(REFUSED_MORE_MB << 20);
  }
  if (lock) record_unlock();
}

/* Under MPI_THREAD_MULTIPLE every thread may call MPI at any time, and the core's tables and
 * buffer are shared: a recording holds the lock, taken only once the PMPI call has returned (or
 * for the look-ups made before it), so a thread blocked in MPI never holds it. Below MULTIPLE the
 * program serialises its calls itself. */
void record_lock_now(void) { pthread_mutex_lock(&g_lock); }
void record_unlock_now(void) { pthread_mutex_unlock(&g_lock); }
void bgt_hold_now(bgt_call *c) {
  pthread_mutex_lock(&g_lock);
  c->locked = 1;
}

/* Under MPI_THREAD_MULTIPLE the stream numbers the threads that call MPI: 0 is the one that
 * initialised MPI, the others 1, 2, ... in the order of their first recorded call. Below it the
 * program makes one call at a time, whichever thread makes it, and the stream is that one
 * sequence: every call is thread 0's. Called with the lock held. */
int recording_thread_now(void) {
  if (t_thread < 0) t_thread = pthread_equal(pthread_self(), g_main) ? 0 : ++g_nthreads;
  return t_thread;
}

void bgt_enter(bgt_call *c, void *ret) {
  if (!g_started) start();
  c->locked = 0;
  c->large = 0;
  c->on = t_depth++ == 0 && !g_off;
  if (!c->on) return;
  if (__atomic_load_n(&g_unsupported, __ATOMIC_RELAXED) != g_noted && writer_is_open()) {
    record_lock();
    note_unsupported();
    record_unlock();
  }
  c->ret = ret; /* the site is looked up when the call is recorded, under the lock */
  c->enter = now_ns();
  if (g_cpu_time) c->cpu = cpu_ns();
}

void bgt_leave(bgt_call *c) {
  t_depth--;
  if (c->locked) {
    c->locked = 0;
    pthread_mutex_unlock(&g_lock);
  }
}

static void mkdirs(const char *path) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
  mkdir(tmp, 0755);
}

/* ---- ends that are not MPI_Finalize -------------------------------------------------------------- */

static void finish(int truncated);
static struct sigaction g_old[32];
static const int SIGNALS[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGINT };

/* A fatal signal ends the stream once (marked truncated) and re-raises with the action from before
 * MPI_Init. A second signal while the stream is being finished (a fault in the tracer itself, or
 * the launcher's SIGTERM) ends the stream as it stands, restores the default action and re-raises
 * at once: nothing is written twice, and no handler can run again and again. */
static void on_signal(int sig) {
  if (g_finishing) {
    writer_emergency_end();
    if (!writer_error()) rename(g_part, g_final);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    raise(sig);
    _exit(128 + sig);
  }
  finish(1);
  sigaction(sig, &g_old[sig], NULL);
  raise(sig);
}
static void on_exit_hook(void) {
  if (g_initialized && !g_flushed_final) finish(1);
}

/* ---- init and finalize --------------------------------------------------------------------------- */

void bgt_after_init(bgt_call *c, int required, int provided) {
  /* An MPI library's own MPI_Init called from inside our wrapper: the outer wrapper sets up. */
  if (g_initialized || (!c->on && t_depth > 1)) return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &g_size);
  int level = MPI_THREAD_SINGLE;
  PMPI_Query_thread(&level);
  g_main = pthread_self();
  g_multiple = level == MPI_THREAD_MULTIPLE;
  const char *dir = getenv("BENCHGEN_TRACE_DIR");
  snprintf(g_dir, sizeof g_dir, "%s", dir && *dir ? dir : "benchgen-trace");
  writer_start();
  /* A process started by MPI_Comm_spawn has a world of its own, whose rank-R.trace would be its
   * parents': it is not traced (the parents' streams say that they spawned it). */
  MPI_Comm parent = MPI_COMM_NULL;
  PMPI_Comm_get_parent(&parent);
  if (parent != MPI_COMM_NULL && !g_off) {
    if (g_rank == 0)
      fprintf(stderr, "benchgen-trace: the processes started by MPI_Comm_spawn are not traced\n");
    g_off = 1;
  }
  /* Every rank that may record folds (a rank whose stream cannot be opened too, so that all take
   * part in the merge at MPI_Finalize; it then says why it has no trace). */
  if (!g_off) fold_records_start(g_rank, g_size);
  if (!g_off) {
    mkdirs(g_dir);
    snprintf(g_final, sizeof g_final, "%s/rank-%d.trace", g_dir, g_rank);
    snprintf(g_part, sizeof g_part, "%s.part", g_final);
    if (writer_open(g_part) < 0) {
      fprintf(stderr, "benchgen-trace: rank %d cannot write %s: %s; this rank is not traced\n",
              g_rank, g_part, strerror(errno));
      g_off = 1;
    }
  }
  g_initialized = 1;
  if (g_off) return;
  char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  int len = 0;
  PMPI_Get_library_version(lib, &len);
  write_header(g_rank, g_size, site_depth(), lib);
  if (c->on) {
    bgt_hold(c);
    begin_event(c, required < 0 ? BGT_INIT : BGT_INIT_THREAD);
    if (required >= 0) {
      put(F_LEVEL, level_value(required));
      put(F_GIVEN, level_value(provided));
    }
    end_record();
  }
  for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_NODEFER; /* a fault inside the handler reaches it, which then stops */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGNALS[i], &sa, &g_old[SIGNALS[i]]);
  }
  atexit(on_exit_hook);
}

/* Writes what is buffered and puts the stream in place; a stream that did not reach MPI_Finalize
 * ends with "# truncated", which the compressor refuses with that message. */
static void finish(int truncated) {
  if (g_flushed_final || !writer_is_open()) return;
  g_flushed_final = 1;
  g_finishing = 1;
  flush_some(1);
  /* Again at the end, where `benchgen trace` looks (and for what another thread found late). */
  unsigned u = __atomic_load_n(&g_unsupported, __ATOMIC_RELAXED);
  for (int w = 0; w < U_COUNT; w++) {
    if (!(u & (1u << w))) continue;
    write_unsupported(w);
  }
  if (g_nthreads > 0)
    fprintf(stderr, "benchgen-trace: rank %d: %d thread%s besides the one that initialised MPI"
            " made MPI calls (recorded, each event with its thread=)\n", g_rank, g_nthreads,
            g_nthreads == 1 ? "" : "s");
  if (writer_full() && u) {
    fprintf(stderr, "benchgen-trace: rank %d: its stream, which benchgen will refuse, recorded %d MB"
            " after the first thing it cannot trace, and nothing after that\n", g_rank,
            REFUSED_MORE_MB);
    truncated = 1;
  } else if (writer_full()) {
    fprintf(stderr, "benchgen-trace: rank %d: its stream reached BENCHGEN_TRACE_MAX_MB=%ld MB;"
            " the rank recorded nothing after that, and its stream is marked truncated\n",
            g_rank, g_max_mb);
    write_limit_note(g_max_mb);
    truncated = 1;
  }
  if (truncated) write_truncated();
  /* What `benchgen trace` says of a rank without a trace, as it says it of a refused stream. */
  char why[600] = "";
  for (int w = 0; w < U_COUNT && !why[0]; w++)
    if (u & (1u << w)) snprintf(why, sizeof why, "used %s", unsupported_text(w));
  if (!why[0] && truncated)
    snprintf(why, sizeof why, "was cut short (rank-%d.truncated.bgc holds what it did until"
             " then)", g_rank);
  fold_records_freeze(why[0] ? why : NULL, truncated ? g_dir : NULL);
  writer_close();
  /* A stream that could not be written whole stays under its temporary name (rank-R.trace.part),
   * never under the final one as if complete: `benchgen trace` and `compress` then name the rank
   * and the file, and this says why. The folded records do not depend on it. */
  int werr = writer_text() ? writer_error() : 0;
  if (werr) {
    /* Renamed, which takes no space on a full disk, to a name that says so and why, so that
     * `benchgen trace` can tell it from a rank that was killed (rank-R.trace.part). */
    char unwritten[4300];
    snprintf(unwritten, sizeof unwritten, "%s.unwritten-%s", g_final, bgt_errno_name(werr));
    if (rename(g_part, unwritten) != 0) snprintf(unwritten, sizeof unwritten, "%s", g_part);
    fprintf(stderr, "benchgen-trace: rank %d could not write its stream %s: %s (after %llu"
            " bytes); the stream is incomplete, and left as %s\n", g_rank, g_final,
            strerror(werr), (unsigned long long) writer_bytes(), unwritten);
  } else if (writer_text()) {
    rename(g_part, g_final);
  }
  g_finishing = 0; /* a signal from now on goes where it went before MPI_Init */
}

/* The stream is as long as BENCHGEN_TRACE_MAX_MB allows: the rank records nothing more. */
void recording_full(void) {
  g_off = 1;
  finish(1);
}

/* Records MPI_Finalize and ends the stream. Nested: the outer wrapper records and closes it. */
static int record_finalize(bgt_call *c) {
  if (!c->on && t_depth > 1) return 0;
  bgt_hold(c);
  if (c->on && writer_is_open()) {
    begin_event(c, BGT_FINALIZE);
    end_record();
  }
  finish(0);
  g_off = 1;
  return 1;
}

/* Folding: MPI_Finalize is recorded before the library's own finalize, since the ranks then merge
 * their traces with MPI (fold_records_merge); its exit time is when the merge starts. */
void bgt_before_finalize(bgt_call *c) {
  comm_forget_world();
  if (fold_records_started() && record_finalize(c)) fold_records_merge();
}

/* Rank 0 writes the trace once MPI is down: locating its sites starts addr2line, a child process,
 * which no MPI library then minds (issue 50). */
void bgt_after_finalize(bgt_call *c) {
  record_finalize(c);
  fold_records_write(g_dir);
}

void bgt_abort(void) {
  record_lock();
  finish(1);
  record_unlock();
}
