/* bg-otf2-read's refusals, output paths and reference map (bg_otf2.h). */
#include <errno.h>
#include <stdarg.h>

#include "bg_otf2.h"

/* A refusal: one "bg_otf2: ..." line, as the Python bridge's fail() writes it, and exit code 1. */
_Noreturn void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("bg_otf2: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void *grow(void *p, size_t n, size_t size) {
  void *q = realloc(p, n * size);
  if (q == NULL) {
    fail("MemoryError: ");
  }
  return q;
}

/* A library error, worded as the bindings' _otf2.Error is. */
void check(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) {
    fail("Error: %s (%d): %s", OTF2_Error_GetName(code), (int)code,
         OTF2_Error_GetDescription(code));
  }
}

/* A file that cannot be opened, worded as Python's open() is. */
FILE *open_out(const char *path) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    int e = errno;
    const char *kind = e == ENOENT ? "FileNotFoundError"
                       : e == EACCES ? "PermissionError"
                       : e == EISDIR ? "IsADirectoryError" : "OSError";
    fail("%s: [Errno %d] %s: '%s'", kind, e, strerror(e), path);
  }
  return f;
}

char *path(const char *dir, const char *file) {
  size_t n = strlen(dir);
  char *p = grow(NULL, n + strlen(file) + 2, 1);
  sprintf(p, "%s%s%s", dir, n == 0 || dir[n - 1] == '/' ? "" : "/", file);
  return p;
}



static size_t slot(const Map *m, uint64_t key) {
  size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (m->cap - 1);
  while (m->values[i] >= 0 && m->keys[i] != key) {
    i = (i + 1) & (m->cap - 1);
  }
  return i;
}

int64_t map_get(const Map *m, uint64_t key) {
  return m->cap == 0 ? -1 : m->values[slot(m, key)];
}

void map_put(Map *m, uint64_t key, int64_t value) {
  if (2 * (m->used + 1) > m->cap) {
    Map old = *m;
    m->cap = old.cap == 0 ? 64 : 2 * old.cap;
    m->keys = grow(NULL, m->cap, sizeof *m->keys);
    m->values = grow(NULL, m->cap, sizeof *m->values);
    memset(m->values, 0xff, m->cap * sizeof *m->values);
    m->used = 0;
    for (size_t i = 0; i < old.cap; i++) {
      if (old.values[i] >= 0) {
        map_put(m, old.keys[i], old.values[i]);
      }
    }
    free(old.keys);
    free(old.values);
  }
  size_t i = slot(m, key);
  if (m->values[i] < 0) {
    m->used++;
  }
  m->keys[i] = key;
  m->values[i] = value;
}

const char *const ATTRIBUTE_KEY[N_ATTRIBUTES] = {"request", "unmatched", "recordless"};
const char *const ATTRIBUTE_NAME[N_ATTRIBUTES] = {
    "benchgen::request", "benchgen::unmatched_bytes", "benchgen::recordless_requests"};
const char *const COLLECTIVE_OP[N_COLLECTIVE_OPS] = {
    "BARRIER", "BCAST", "GATHER", "GATHERV", "SCATTER", "SCATTERV", "ALLGATHER", "ALLGATHERV",
    "ALLTOALL", "ALLTOALLV", "ALLTOALLW", "ALLREDUCE", "REDUCE", "REDUCE_SCATTER", "SCAN",
    "EXSCAN", "REDUCE_SCATTER_BLOCK", "CREATE_HANDLE", "DESTROY_HANDLE", "ALLOCATE",
    "DEALLOCATE", "CREATE_HANDLE_AND_ALLOCATE", "DESTROY_HANDLE_AND_DEALLOCATE"};
