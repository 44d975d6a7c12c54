/* benchgen tracer: the text of a rank's stream (docs/trace-format.md). Text is produced only when
 * the buffer is flushed, into a large output buffer written with few system calls; the words and
 * names of the format come from mpi-vocabulary.def, so the Java reader parses what is written. */
#define _GNU_SOURCE
#include "core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The texts of the vocabulary's ids, from mpi-vocabulary.def. */
static const char *const FIELD_NAME[] = {
#define BG_FIELD(id, key, kind) [F_##id] = key,
#include "vocab_each.h"
  [F_MEMBERS] = "members",
  [F_REMOTE] = "remote",
};
static const char *const OP_NAME[] = {
#define BG_CALL(id, name, kind, required, optional) [BGT_##id] = name,
#include "vocab_each.h"
};
static const char *const SYM_NAME[] = {
#define BG_SYMBOL(id, text) [SYM_##id] = text,
#include "vocab_each.h"
};
static const char *const SYNTAX[] = {
#define BG_SYNTAX(id, text) [SYNTAX_##id] = text,
#include "vocab_each.h"
};
/* Fields whose value is a name id (printed as the interned string). */
#define IS_NAME_FIELD(f) ((f) == F_TYPE || (f) == F_RTYPE || (f) == F_OP || (f) == F_TTYPE)

/* What the `# unsupported` lines say, by enum bgt_unsupported: the feature, then why in brackets
 * (benchgen's refusal says "rank R used <this>, which benchgen cannot trace yet"). */
static const char *const UNSUPPORTED[U_COUNT] = {
  [U_SPAWN] = "dynamic processes (MPI_Comm_spawn, connect, accept or join: processes outside the"
              " traced world, which are not traced and which the trace format cannot name)",
  [U_GREQUEST] = "generalized requests (MPI_Grequest_start: requests that the program completes"
                 " itself, from another thread or a callback, which the trace cannot record)",
  [U_MPROBE] = "a message matched before tracing (MPI_Mrecv or MPI_Imrecv of a message whose"
               " MPI_Mprobe or MPI_Improbe the tracer did not see: the benchmark would lack it)",
  [U_RMA] = "one-sided communication on a window that no recorded call made (a large-count"
            " MPI_Win_create_c, MPI_Win_allocate_c or MPI_Win_allocate_shared_c, or one made"
            " while recording was off): its calls cannot name it)",
  [U_UNTRACED_REQUEST] = "requests made by calls the tracer does not record (MPI_Start or"
                         " MPI_Startall of a partitioned or persistent collective request, say)",
};

static int g_fd = -1;
static int g_open;     /* the stream is being recorded (to a file, or only folded) */
static int g_text = 1; /* 0: BENCHGEN_TRACE_RAW=0, the records are folded but no text is written */
static char *g_out;
static size_t g_outlen;
#define OUTCAP (1 << 20)
static uint64_t g_written, g_max = UINT64_MAX; /* bytes in the file; BENCHGEN_TRACE_MAX_MB */
static int g_full;                             /* g_max was reached: no more records */

/* The first error writing the stream (a full disk, a quota), 0 while there is none: after it the
 * rank writes nothing more, and its stream is never put in place (lifecycle.c says which rank
 * could not write what, and why). Once a write failed, the file is cut mid-record. */
static int g_werr;

static void out_flush(void) {
  size_t done = 0;
  if (g_fd < 0 || g_werr) {
    g_outlen = 0;
    return;
  }
  while (done < g_outlen) {
    ssize_t w = write(g_fd, g_out + done, g_outlen - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      g_werr = w < 0 ? errno : EIO;
      break;
    }
    done += (size_t) w;
  }
  g_written += done;
  g_outlen = 0;
}

int writer_error(void) { return g_werr; }
uint64_t writer_bytes(void) { return g_written; }
static void out_str(const char *s) {
  size_t n = strlen(s);
  if (g_outlen + n + 1 > OUTCAP) out_flush();
  if (n >= OUTCAP) { n = OUTCAP - 1; }
  memcpy(g_out + g_outlen, s, n);
  g_outlen += n;
}
static void out_ch(char c) {
  if (g_outlen + 1 > OUTCAP) out_flush();
  g_out[g_outlen++] = c;
}
static void out_u64(uint64_t v) {
  char tmp[24];
  int n = 0;
  do { tmp[n++] = (char) ('0' + v % 10); v /= 10; } while (v);
  if (g_outlen + (size_t) n > OUTCAP) out_flush();
  while (n) g_out[g_outlen++] = tmp[--n];
}
static void out_i64(int64_t v) {
  if (v < 0) { out_ch('-'); out_u64((uint64_t) 0 - (uint64_t) v); }
  else out_u64((uint64_t) v);
}
static void out_hex(uint64_t v, int digits) {
  static const char hex[] = "0123456789abcdef";
  for (int i = digits - 1; i >= 0; i--) out_ch(hex[(v >> (4 * i)) & 15]);
}
/* Names are percent-encoded as the format requires (anything but printable ASCII without the
 * separators), so no datatype name can break a line or add a field. */
static void out_name(const char *s) {
  for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
    if (*p <= 0x20 || *p >= 0x7f || strchr(SYNTAX[SYNTAX_ESCAPED_IN_NAMES], *p)) {
      out_ch('%');
      out_hex(*p, 2);
    } else {
      out_ch((char) *p);
    }
  }
}
static void out_value(int f, int64_t v) {
  if (v > INT64_MIN && v < V_UNSET) out_str(SYM_NAME[v - INT64_MIN]);
  else if (IS_NAME_FIELD(f)) out_name(name_text(v));
  else out_i64(v);
}

static void write_record(const uint64_t *r) {
  int kind = (int) (r[0] & 0xff), op = (int) ((r[0] >> 8) & 0xff);
  size_t n = (size_t) (r[0] >> 16), i;
  if (kind == K_NOTE) {
    write_unsupported(op);
    return;
  }
  if (kind == K_SITE) {
    out_str("# site ");
    out_hex(r[1], 12);
    out_str(" = ");
    out_str(name_text((int64_t) r[2]));
    out_ch('\n');
    return;
  }
  if (kind == K_COMM) {
    out_str("comm id=");
    out_u64(r[1]);
    i = 2;
  } else {
    out_str(OP_NAME[op]);
    out_str(" site=");
    out_hex(r[1], 12);
    out_str(" enter=");
    out_u64(r[2]);
    out_str(" exit=");
    out_u64(r[3]);
    i = kind == K_EVENT_CPU ? 5 : 4;
  }
  while (i < n) {
    uint64_t h = r[i++];
    int f = (int) (h & 0xff);
    size_t cnt = (size_t) ((h >> 8) & 0xffffffffULL);
    if (h >> 40) {
      out_ch(' ');
      out_str(FIELD_NAME[f]);
      out_ch('=');
      for (size_t j = 0; j < cnt; j++) {
        if (j) out_ch(',');
        out_value(f, (int64_t) r[i + j]);
      }
    } else if ((int64_t) r[i] != V_UNSET) {
      out_ch(' ');
      out_str(FIELD_NAME[f]);
      out_ch('=');
      out_value(f, (int64_t) r[i]);
    }
    i += cnt;
  }
  if (kind == K_EVENT_CPU) { /* last on the line, where the reader looks for it */
    out_str(" cpu=");
    out_u64(r[4]);
  }
  out_ch('\n');
}

/* Writes the records of r[0 .. nwords) and hands the text to the file; none once the stream is as
 * long as BENCHGEN_TRACE_MAX_MB allows (it ends at the first line past the limit). A record whose
 * length is not that of a whole record ends the writing: no record is ever written twice. */
void write_records(const uint64_t *r, size_t nwords) {
  size_t i = 0;
  while (i < nwords && !g_full) {
    size_t n = (size_t) (r[i] >> 16);
    if (n == 0 || n > nwords - i) break;
    if (g_written + g_outlen >= g_max) {
      g_full = 1;
      break;
    }
    if (g_text) write_record(r + i);
    fold_record(r + i);
    i += n;
  }
  out_flush();
}

void writer_limit(uint64_t bytes) { g_max = bytes; }
void writer_cap_more(uint64_t bytes) {
  uint64_t at = g_written + g_outlen + bytes;
  if (at < g_max) g_max = at;
}
int writer_full(void) { return g_full; }

void write_header(int rank, int size, int depth, char *library) {
  /* The library's version may run over several lines: the comment keeps the first. */
  for (int i = 0; library[i]; i++)
    if (library[i] == '\n' || library[i] == '\r' || (unsigned char) library[i] < 0x20) {
      library[i] = 0;
      break;
    }
  out_str("# ");
  out_str(SYNTAX[SYNTAX_FORMAT]);
  out_ch(' ');
  out_str(SYNTAX[SYNTAX_VERSION]);
  out_str(" rank=");
  out_u64((uint64_t) rank);
  out_str(" size=");
  out_u64((uint64_t) size);
  out_str("\n# traced by libbenchgen-trace, site depth ");
  out_u64((uint64_t) depth);
  out_str(", ");
  out_str(library);
  out_ch('\n');
  out_flush();
}

/* The format's marker of a stream that ended before MPI_Finalize. */
void write_truncated(void) {
  out_str(SYNTAX[SYNTAX_TRUNCATED]);
  out_ch('\n');
}

const char *unsupported_text(int what) {
  return what >= 0 && what < U_COUNT ? UNSUPPORTED[what] : "?";
}

void write_unsupported(int what) {
  out_str(SYNTAX[SYNTAX_UNSUPPORTED]);
  out_ch(' ');
  out_str(unsupported_text(what));
  out_ch('\n');
}

void write_limit_note(long max_mb) {
  out_str("# the stream reached BENCHGEN_TRACE_MAX_MB=");
  out_u64((uint64_t) max_mb);
  out_str(" MB: this rank recorded nothing after that\n");
}

/* Only write(2) and close(2): called from a signal handler while the stream was being written. The
 * line that was being written may be cut; the marker starts a line of its own. */
void writer_emergency_end(void) {
  if (g_fd < 0) return;
  const char *m = SYNTAX[SYNTAX_TRUNCATED];
  size_t n = strlen(m);
  if (write(g_fd, "\n", 1) == 1 && write(g_fd, m, n) == (ssize_t) n && write(g_fd, "\n", 1)) {}
  close(g_fd);
  g_fd = -1;
}

void writer_start(void) {
  g_out = malloc(OUTCAP);
  if (!g_out) die("out of memory for the output buffer");
}

void writer_text_off(void) { g_text = 0; }
int writer_text(void) { return g_text; }

int writer_open(const char *path) {
  if (!g_text) {
    g_open = 1;
    return 0;
  }
  g_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  g_open = g_fd >= 0;
  return g_fd < 0 ? -1 : 0;
}

int writer_is_open(void) { return g_open; }

void writer_close(void) {
  out_flush();
  /* A file system may report a failed write only at close (NFS, quotas). */
  if (g_fd >= 0 && close(g_fd) != 0 && !g_werr) g_werr = errno;
  g_fd = -1;
  g_open = 0;
}
