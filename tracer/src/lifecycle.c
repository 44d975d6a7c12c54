/* benchgen tracer: the life of a rank's trace. Settings are read at the first wrapped call; the
 * stream is opened when MPI_Init returns (the rank is known only then) and put in place at
 * MPI_Finalize; MPI_Abort, fatal signals and exit without MPI_Finalize still leave what was recorded,
 * marked as truncated. Also the guard that keeps calls nested in a wrapped call from being recorded. */
#define _GNU_SOURCE
#include "core.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int g_depth;            /* nesting of wrapped calls; only depth 1 is recorded */
static int g_off;              /* tracing disabled (BENCHGEN_TRACE=0, or after finalize) */
static int g_started, g_initialized, g_flushed_final;
static int g_rank = -1, g_size = 0;
static char g_dir[4096];
static char g_part[4300], g_final[4200];

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
  const char *cpu = getenv("BENCHGEN_TRACE_CPU");
  g_cpu_time = cpu && strcmp(cpu, "1") == 0;
  const char *mb = getenv("BENCHGEN_TRACE_BUFFER_MB");
  long limit_mb = mb && *mb ? atol(mb) : 64;
  if (limit_mb < 1) limit_mb = 1;
  buffer_limit((size_t) limit_mb * 1024 * 1024 / sizeof(uint64_t));
  sites_start(depth);
}

void bgt_enter(bgt_call *c, void *ret) {
  if (!g_started) start();
  c->on = g_depth++ == 0 && !g_off;
  if (!c->on) return;
  c->site = site_of(ret);
  c->enter = now_ns();
  if (g_cpu_time) c->cpu = cpu_ns();
}

void bgt_leave(bgt_call *c) {
  (void) c;
  g_depth--;
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

static void on_signal(int sig) {
  finish(1);
  sigaction(sig, &g_old[sig], NULL);
  raise(sig);
}
static void on_exit_hook(void) {
  if (g_initialized && !g_flushed_final) finish(1);
}

/* ---- init and finalize --------------------------------------------------------------------------- */

void bgt_after_init(bgt_call *c) {
  /* An MPI library's own MPI_Init called from inside our wrapper: the outer wrapper sets up. */
  if (g_initialized || (!c->on && g_depth > 1)) return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &g_size);
  const char *dir = getenv("BENCHGEN_TRACE_DIR");
  snprintf(g_dir, sizeof g_dir, "%s", dir && *dir ? dir : "benchgen-trace");
  writer_start();
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
    begin_event(c, BGT_INIT);
    end_record();
  }
  for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
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
  flush_some(1);
  if (truncated) write_truncated();
  writer_close();
  rename(g_part, g_final);
}

void bgt_before_finalize(void) { comm_forget_world(); }

void bgt_after_finalize(bgt_call *c) {
  if (!c->on && g_depth > 1) return; /* nested: the outer wrapper records and closes the stream */
  if (c->on && writer_is_open()) {
    begin_event(c, BGT_FINALIZE);
    end_record();
  }
  finish(0);
  g_off = 1;
}

void bgt_abort(void) { finish(1); }
