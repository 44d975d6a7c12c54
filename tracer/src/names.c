/* benchgen tracer: names, and the datatypes and reduction operations that have them. The format
 * writes those by name; a record holds a small id instead, and each distinct string is kept once here
 * (site descriptions too). Names are looked up only when a handle misses the small caches below. */
#define _GNU_SOURCE
#include "core.h"

#include <stdlib.h>
#include <string.h>

static char **g_names;
static int g_nnames, g_capnames;

/* s as valid UTF-8 (RFC 3629), each ill-formed sequence (its maximal subpart) replaced by U+FFFD,
 * into a new string. The Java side decodes names as UTF-8 and would otherwise replace such bytes
 * itself, joining names that differ only there; valid UTF-8 is read back unchanged, so the
 * stream and the tracer's own compression name things alike. */
static char *valid_utf8(const char *in) {
  const unsigned char *s = (const unsigned char *) in;
  size_t n = strlen(in), o = 0, i = 0;
  unsigned char *out = malloc(3 * n + 1);
  if (!out) die("out of memory for names");
  while (i < n) {
    unsigned c = s[i];
    size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    size_t k = 1;
    if (len > 1) {
      for (; k < len && i + k < n; k++) {
        unsigned lo = 0x80, hi = 0xBF;
        if (k == 1 && c == 0xE0) lo = 0xA0;      /* overlong */
        else if (k == 1 && c == 0xED) hi = 0x9F; /* surrogates */
        else if (k == 1 && c == 0xF0) lo = 0x90; /* overlong */
        else if (k == 1 && c == 0xF4) hi = 0x8F; /* past U+10FFFF */
        if (s[i + k] < lo || s[i + k] > hi) break;
      }
    }
    if (len == 1 || (len > 1 && k == len)) {
      memcpy(out + o, s + i, len);
      o += len;
      i += len;
    } else {
      out[o++] = 0xEF, out[o++] = 0xBF, out[o++] = 0xBD;
      i += k;
    }
  }
  out[o] = 0;
  return (char *) out;
}

int64_t intern(const char *given) {
  char *s = valid_utf8(given);
  for (int i = g_nnames - 1; i >= 0; i--) /* only on cache misses; few distinct names */
    if (strcmp(g_names[i], s) == 0) {
      free(s);
      return i;
    }
  if (g_nnames == g_capnames) {
    g_capnames = g_capnames ? 2 * g_capnames : 64;
    g_names = realloc(g_names, g_capnames * sizeof *g_names);
    if (!g_names) die("out of memory for names");
  }
  g_names[g_nnames] = s;
  return g_nnames++;
}

const char *name_text(int64_t id) { return g_names[id]; }

/* Datatypes: name and size per handle, cached. A freed derived type's handle may come back for
 * another type; the size is therefore asked every time, only the name is cached. */
#define TCACHE 256
static struct { uint64_t key; int64_t name; int used; } g_types[TCACHE];

static void type_info(MPI_Datatype t, int64_t *name, int64_t *size) {
  if (t == MPI_DATATYPE_NULL) {
    static int64_t null_name = -1;
    if (null_name < 0) null_name = intern("MPI_DATATYPE_NULL");
    *name = null_name;
    *size = 0;
    return;
  }
  MPI_Count sz = 0;
  PMPI_Type_size_x(t, &sz); /* a type can hold more than 2 GB */
  *size = (int64_t) sz;
  uint64_t k = KEY(t);
  unsigned slot = (unsigned) (mix(k) % TCACHE);
  if (g_types[slot].used && g_types[slot].key == k) {
    *name = g_types[slot].name;
    return;
  }
  char buf[MPI_MAX_OBJECT_NAME + 1] = "";
  int len = 0;
  PMPI_Type_get_name(t, buf, &len);
  *name = intern(len > 0 ? buf : "derived");
  g_types[slot].key = k;
  g_types[slot].name = *name;
  g_types[slot].used = 1;
}

/* A datatype as fields: its name, its size, its extent where that is larger, and its lower bound
 * where not 0. */
void put_datatype(int ftype, int ftsize, MPI_Datatype t) {
  int64_t name, size;
  type_info(t, &name, &size);
  put(ftype, name);
  put(ftsize, size);
  /* The memory an element spans, where larger than its data: a benchmark allocates by it (a pair
   * type such as MPI_LONG_DOUBLE_INT has 20 bytes of data in 32). Asked every time, as the size. */
  MPI_Count lb = 0, extent = 0;
  if (t == MPI_DATATYPE_NULL || PMPI_Type_get_extent_x(t, &lb, &extent) != MPI_SUCCESS) return;
  int recv = ftsize == F_RTSIZE;
  if (extent > size) put(recv ? F_REXT : F_EXT, (int64_t) extent);
  if (lb != 0) put(recv ? F_RLB : F_LB, (int64_t) lb);
}
/* A datatype's name and size alone: a one-sided operation's target type, whose extent and lower
 * bound are the target's memory, which the benchmark does not lay out (issue 46). */
void put_datatype_bare(int ftype, int ftsize, MPI_Datatype t) {
  int64_t name, size;
  type_info(t, &name, &size);
  put(ftype, name);
  put(ftsize, size);
}

void put_type(int fcount, int ftype, int ftsize, MPI_Count count, MPI_Datatype t) {
  put(fcount, count);
  put_datatype(ftype, ftsize, t);
}

void put_list_bytes(int f, counts_t counts, const MPI_Datatype *types, int n) {
  if (!counts_given(counts) || !types) n = 0; /* an erroneous program's NULL arrays: never read */
  int64_t *v = put_list_open(f, n);
  for (int i = 0; i < n; i++) {
    MPI_Count size = 0;
    if (types[i] != MPI_DATATYPE_NULL) PMPI_Type_size_x(types[i], &size);
    v[i] = count_at(counts, i) * (int64_t) size;
  }
}

int64_t op_name(MPI_Op op) {
  static const struct { MPI_Op op; const char *name; } known[] = {
    {MPI_SUM, "MPI_SUM"}, {MPI_PROD, "MPI_PROD"}, {MPI_MAX, "MPI_MAX"}, {MPI_MIN, "MPI_MIN"},
    {MPI_LAND, "MPI_LAND"}, {MPI_LOR, "MPI_LOR"}, {MPI_LXOR, "MPI_LXOR"}, {MPI_BAND, "MPI_BAND"},
    {MPI_BOR, "MPI_BOR"}, {MPI_BXOR, "MPI_BXOR"}, {MPI_MAXLOC, "MPI_MAXLOC"},
    {MPI_MINLOC, "MPI_MINLOC"}, {MPI_REPLACE, "MPI_REPLACE"}, {MPI_NO_OP, "MPI_NO_OP"},
    {MPI_OP_NULL, "MPI_OP_NULL"}, /* an argument MPI ignores on this rank */
  };
  static int64_t ids[sizeof known / sizeof known[0]];
  static int64_t user = -1;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
    if (op == known[i].op) {
      if (!ids[i]) ids[i] = intern(known[i].name) + 1;
      return ids[i] - 1;
    }
  }
  if (user < 0) user = intern("user");
  return user;
}
