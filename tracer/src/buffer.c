/* benchgen tracer: the event buffer. Events are kept as binary records (64-bit words) rather than
 * text so that recording costs a few stores; the writer turns them into text when the buffer is
 * flushed. A record may wait in the buffer for a later patch (a receive's size is known only at its
 * completion), which is why flushing stops at the first record still waiting. */
#define _GNU_SOURCE
#include "core.h"

#include <stdlib.h>
#include <time.h>

uint64_t *g_buf;                 /* shared with the inline put of core.h */
size_t g_len, g_cap;             /* words used, allocated */
static size_t g_limit, g_limit0; /* flush threshold */
static uint64_t g_base;          /* absolute position of g_buf[0] (words already written out) */
static size_t g_rec;             /* start of the record being built */
static int g_open;               /* a record is being built: it is not written until complete */

int g_cpu_time;                  /* BENCHGEN_TRACE_CPU=1: record CPU time per compute interval */
static BGT_TLS uint64_t g_cpu_exit; /* this thread's CPU time at its last event's exit; 0 before */
static int g_thread;             /* the event being built is of this thread (> 0: say so) */
static int g_large;              /* ... and is of a call's large-count form (say so) */

uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

uint64_t cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void buffer_limit(size_t words) { g_limit = g_limit0 = words; }

void buffer_grow(size_t words) {
  size_t cap = g_cap ? g_cap : 1 << 16;
  while (cap < g_len + words) cap *= 2;
  uint64_t *b = realloc(g_buf, cap * sizeof *b);
  if (!b) die("out of memory for the event buffer");
  g_buf = b;
  g_cap = cap;
}

static void reserve(size_t words) {
  if (g_len + words > g_cap) buffer_grow(words);
}

/* ---- record building ----------------------------------------------------------------------------- */

uint64_t put_at(int f, int64_t v) {
  put(f, v);
  return g_base + g_len - 1;
}
uint64_t put_patchable(int f) { return put_at(f, V_UNSET); }
int64_t *put_list_open(int f, int n) {
  reserve(1 + (size_t) n);
  g_buf[g_len++] = (uint64_t) f | ((uint64_t) n << 8) | (1ULL << 40);
  int64_t *v = (int64_t *) &g_buf[g_len];
  g_len += (size_t) n;
  return v;
}
void put_list64(int f, const int64_t *v, int n) {
  int64_t *to = put_list_open(f, n);
  for (int i = 0; i < n; i++) to[i] = v[i];
}
void put_list_int(int f, const int *v, int n) {
  int64_t *to = put_list_open(f, n);
  for (int i = 0; i < n; i++) to[i] = v[i];
}

/* A record's header word, then room for `extra` kind-specific words at g_buf[g_rec + 1 ...]. */
static inline void open_record(int kind, int op, int extra) {
  reserve(1 + (size_t) extra);
  g_rec = g_len;
  g_open = 1;
  g_buf[g_len++] = (uint64_t) kind | ((uint64_t) op << 8);
  g_len += (size_t) extra;
}
void begin_record(int kind, int op, int nwords, const uint64_t *words) {
  g_thread = 0;
  g_large = 0;
  open_record(kind, op, nwords);
  for (int i = 0; i < nwords; i++) g_buf[g_rec + 1 + (size_t) i] = words[i];
}
void end_record(void) {
  /* Last but for cpu: the reader's fast path takes the fields in the table's order. */
  if (g_large) put(F_LARGE, 1);
  if (g_thread > 0) put(F_THREAD, g_thread);
  g_thread = 0;
  g_large = 0;
  g_buf[g_rec] |= (uint64_t) (g_len - g_rec) << 16;
  g_open = 0;
  if (g_len >= g_limit && tracing_initialized()) flush_some(0);
}
uint64_t record_start(void) { return g_base + g_rec; }

/* The exit time is taken here, once the call has returned and before its record is written. With
 * CPU time on, an event after the first of its thread also carries the CPU time of the compute
 * interval before it: from the thread's previous event's exit to this one's enter. An event of a
 * thread other than MPI's main one ends with its number (`thread=`). */
void begin_event(bgt_call *c, int op) {
  uint64_t exit = now_ns();
  uint64_t site = site_of(c->ret); /* may write the site's description first */
  int cpu = g_cpu_time && g_cpu_exit != 0;
  open_record(cpu ? K_EVENT_CPU : K_EVENT, op, cpu ? 4 : 3);
  g_thread = recording_thread();
  g_large = c->large;
  g_buf[g_rec + 1] = site;
  g_buf[g_rec + 2] = c->enter;
  g_buf[g_rec + 3] = exit;
  if (cpu) g_buf[g_rec + 4] = c->cpu > g_cpu_exit ? c->cpu - g_cpu_exit : 0;
  if (g_cpu_time) g_cpu_exit = cpu_ns();
}

uint64_t g_flush_ns; /* time spent writing records out (folding them, and their text with --raw) */

/* ---- patches and flushing ------------------------------------------------------------------------ */

void patch_at(uint64_t abs, int64_t v) {
  if (abs >= g_base && abs - g_base < g_len) g_buf[abs - g_base] = (uint64_t) v;
}
int peek_at(uint64_t abs, int64_t *v) {
  if (!(abs >= g_base && abs - g_base < g_len)) return 0;
  *v = (int64_t) g_buf[abs - g_base];
  return 1;
}

/* Writes out every record before the first one still waiting for a patch (all of them if final,
 * or if waiting records alone fill the buffer four times over: those lose the awaited fields).
 * A record still being built (a fatal signal in a wrapper) is never written: it is not whole. */
void flush_some(int final) {
  if (!writer_is_open()) return;
  uint64_t upto = g_base + (g_open ? g_rec : g_len);
  if (!final) {
    upto = req_first_waiting(upto);
    if (upto - g_base < g_len / 2 && g_len < 4 * g_limit) {
      if (g_len >= g_limit) g_limit = g_len + g_limit / 2; /* wait for completions */
      return;
    }
  }
  size_t stop = (size_t) (upto - g_base);
  uint64_t t0 = now_ns();
  write_records(g_buf, stop);
  g_flush_ns += now_ns() - t0;
  memmove(g_buf, g_buf + stop, (g_len - stop) * sizeof *g_buf);
  g_len -= stop;
  g_base += stop;
  if (g_open) g_rec -= stop;
  g_limit = g_limit0;
  req_written_before(g_base);
  if (!final && writer_full()) recording_full();
}
