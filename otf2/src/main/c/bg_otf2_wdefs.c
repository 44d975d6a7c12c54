/*
 * bg-otf2-write's input and definitions: the bridge's files read line by line, its defs file,
 * and the archive's global definitions written as the Python bindings (bg_otf2.py's write mode)
 * wrote them, in their order, so that the archive is the same (docs/otf2.md, "The native writer").
 */
#include <errno.h>
#include <stdarg.h>
#include <time.h>

#include "bg_otf2_write.h"

const char *const ATTRIBUTE_DESCRIPTION[N_ATTRIBUTES] = {
    "the request a benchgen call names", "bytes a wildcard receive got from a source not traced",
    "requests without records that a completion call completed"};

/* OTF2_RegionRole and OTF2_Paradigm by name (the value is the index), as the defs file says. */
static const char *const ROLES[] = {
    "UNKNOWN", "FUNCTION", "WRAPPER", "LOOP", "CODE", "PARALLEL", "SECTIONS", "SECTION",
    "WORKSHARE", "SINGLE", "SINGLE_SBLOCK", "MASTER", "CRITICAL", "CRITICAL_SBLOCK", "ATOMIC",
    "BARRIER", "IMPLICIT_BARRIER", "FLUSH", "ORDERED", "ORDERED_SBLOCK", "TASK", "TASK_CREATE",
    "TASK_WAIT", "COLL_ONE2ALL", "COLL_ALL2ONE", "COLL_ALL2ALL", "COLL_OTHER", "FILE_IO",
    "POINT2POINT", "RMA", "DATA_TRANSFER", "ARTIFICIAL", "THREAD_CREATE", "THREAD_WAIT",
    "TASK_UNTIED", "ALLOCATE", "DEALLOCATE", "REALLOCATE", "FILE_IO_METADATA"};
static const char *const PARADIGMS[] = {"UNKNOWN", "USER", "COMPILER", "OPENMP", "MPI"};

/* ---- lines ---- */

_Noreturn void lines_fail(const Lines *l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bg_otf2: %s line %" PRIu64 ": ", l->file, l->line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void lines_open(Lines *l, const char *dir, const char *name) {
  char *p = path(dir, name);
  FILE *f = fopen(p, "rb");
  if (f == NULL) {
    fail("cannot read %s: %s", p, strerror(errno));
  }
  size_t cap = 1 << 20;
  l->text = grow(NULL, cap, 1);
  l->size = 0;
  size_t n;
  while ((n = fread(l->text + l->size, 1, cap - l->size, f)) > 0) {
    l->size += n;
    if (l->size == cap) {
      cap *= 2;
      l->text = grow(l->text, cap, 1);
    }
  }
  if (ferror(f)) {
    fail("cannot read %s: %s", p, strerror(errno));
  }
  fclose(f);
  free(p);
  l->file = name;
  l->at = 0;
  l->line = 0;
  l->p = l->end = l->text;
}

void lines_close(Lines *l) {
  free(l->text);
  l->text = NULL;
}

int lines_next(Lines *l) {
  if (l->at >= l->size) {
    return 0;
  }
  char *start = l->text + l->at;
  char *nl = memchr(start, '\n', l->size - l->at);
  if (nl == NULL) {
    l->line++;
    lines_fail(l, "the last line has no end (the file was cut)");
  }
  l->p = start;
  l->end = nl;
  l->at = (size_t)(nl - l->text) + 1;
  l->line++;
  return 1;
}

const char *lines_word(Lines *l, size_t *n) {
  if (l->p >= l->end) {
    return NULL;
  }
  const char *w = l->p;
  const char *sp = memchr(w, ' ', (size_t)(l->end - w));
  const char *stop = sp == NULL ? l->end : sp;
  *n = (size_t)(stop - w);
  l->p = sp == NULL ? l->end : sp + 1;
  if (*n == 0) {
    lines_fail(l, "two spaces in a row");
  }
  return w;
}

uint64_t lines_num(Lines *l, uint64_t max) {
  size_t n;
  const char *w = lines_word(l, &n);
  if (w == NULL) {
    lines_fail(l, "a number is missing");
  }
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned d = (unsigned)(w[i] - '0');
    if (d > 9 || n > 19 || d > max || v > (max - d) / 10) {
      lines_fail(l, "'%.*s' is not a number from 0 to %" PRIu64, (int)(n > 40 ? 40 : n), w, max);
    }
    v = v * 10 + d;
  }
  return v;
}

int64_t lines_signed(Lines *l, uint64_t max) {
  if (l->p + 2 <= l->end && l->p[0] == '-' && l->p[1] == '1'
      && (l->p + 2 == l->end || l->p[2] == ' ')) {
    l->p = l->p + 2 == l->end ? l->end : l->p + 3;
    return -1;
  }
  return (int64_t)lines_num(l, max);
}

void lines_end(Lines *l) {
  if (l->p < l->end) {
    lines_fail(l, "more fields than the record has");
  }
}

/* ---- the defs file ---- */

static int hex(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
       : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A percent-encoded name (Names.encode), decoded; it must be UTF-8 without NUL. */
static char *name(Lines *l) {
  size_t n;
  const char *w = lines_word(l, &n);
  if (w == NULL) {
    lines_fail(l, "a name is missing");
  }
  char *s = grow(NULL, n + 1, 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (w[i] != '%') {
      s[k++] = w[i];
      continue;
    }
    int hi = i + 2 < n ? hex(w[i + 1]) : -1;
    int lo = hi >= 0 ? hex(w[i + 2]) : -1;
    if (lo < 0 || (hi == 0 && lo == 0)) {
      lines_fail(l, "a malformed name");
    }
    s[k++] = (char)(hi * 16 + lo);
    i += 2;
  }
  s[k] = '\0';
  return s;
}

static uint8_t enum_of(Lines *l, const char *const *names, size_t count, const char *what) {
  size_t n;
  const char *w = lines_word(l, &n);
  for (size_t i = 0; w != NULL && i < count; i++) {
    if (strlen(names[i]) == n && memcmp(names[i], w, n) == 0) {
      return (uint8_t)i;
    }
  }
  lines_fail(l, "not a %s OTF2 has", what);
}

/* A comma-separated list of numbers from 0 to MAX; its length in *n. */
static uint64_t *list(Lines *l, uint64_t max, uint32_t *count) {
  size_t n;
  const char *w = lines_word(l, &n);
  if (w == NULL) {
    lines_fail(l, "a list is missing");
  }
  uint64_t *xs = NULL;
  uint32_t k = 0;
  Lines one = *l;
  for (const char *p = w, *stop = w + n; p < stop;) {
    const char *c = memchr(p, ',', (size_t)(stop - p));
    one.p = p;
    one.end = c == NULL ? stop : c;
    if (k == UINT32_MAX) {
      lines_fail(l, "a list too long");
    }
    xs = grow(xs, (size_t)k + 1, sizeof *xs);
    xs[k++] = lines_num(&one, max);
    p = c == NULL ? stop : c + 1;
  }
  *count = k;
  return xs;
}

void wdefs_read(WDefs *d, const char *dir) {
  memset(d, 0, sizeof *d);
  d->resolution = 1000000000;
  Lines l;
  lines_open(&l, dir, "defs");
  while (lines_next(&l)) {
    size_t n;
    const char *w = lines_word(&l, &n);
    if (w == NULL) {
      lines_fail(&l, "an empty line");
    }
    if (n == 5 && memcmp(w, "ranks", 5) == 0) {
      d->ranks = lines_num(&l, 1u << 30);
    } else if (n == 5 && memcmp(w, "clock", 5) == 0) {
      d->resolution = lines_num(&l, UINT64_MAX);
      (void)lines_num(&l, UINT64_MAX);
    } else if (n == 6 && memcmp(w, "region", 6) == 0) {
      WRegion r;
      r.id = lines_num(&l, UINT32_MAX);
      r.role = enum_of(&l, ROLES, sizeof ROLES / sizeof *ROLES, "region role");
      r.paradigm = enum_of(&l, PARADIGMS, sizeof PARADIGMS / sizeof *PARADIGMS, "paradigm");
      r.name = name(&l);
      if (map_get(&d->region_of, r.id) >= 0) {
        lines_fail(&l, "region %" PRIu64 " is defined twice", r.id);
      }
      map_put(&d->region_of, r.id, (int64_t)d->n_regions);
      d->regions = grow(d->regions, d->n_regions + 1, sizeof *d->regions);
      d->regions[d->n_regions++] = r;
    } else if (n == 4 && memcmp(w, "comm", 4) == 0) {
      WComm c;
      if (d->n_groups > 0) { /* groups' references follow the communicators' */
        lines_fail(&l, "a communicator after a group");
      }
      c.id = lines_num(&l, INT64_MAX);
      c.name = name(&l);
      c.members = list(&l, d->ranks == 0 ? 0 : d->ranks - 1, &c.n);
      c.parent = lines_signed(&l, INT64_MAX);
      if (map_get(&d->comm_of, c.id) >= 0) {
        lines_fail(&l, "communicator %" PRIu64 " is defined twice", c.id);
      }
      map_put(&d->comm_of, c.id, (int64_t)d->n_comms);
      d->comms = grow(d->comms, d->n_comms + 1, sizeof *d->comms);
      d->comms[d->n_comms++] = c;
    } else if (n == 4 && memcmp(w, "cart", 4) == 0) {
      WCart c;
      int64_t comm = map_get(&d->comm_of, lines_num(&l, INT64_MAX));
      if (comm < 0) {
        lines_fail(&l, "a topology of a communicator not defined before it");
      }
      uint32_t n_sizes, n_periods;
      uint64_t *sizes = list(&l, UINT32_MAX, &n_sizes);
      uint64_t *periods = list(&l, 1, &n_periods);
      if (n_sizes != n_periods || n_sizes > UINT8_MAX) {
        lines_fail(&l, "dimensions and periodicity do not agree, or more than 255 dimensions");
      }
      c.comm = (uint32_t)comm;
      c.n = (uint8_t)n_sizes;
      c.sizes = grow(NULL, n_sizes + 1u, sizeof *c.sizes);
      c.periodic = grow(NULL, n_sizes + 1u, 1);
      for (uint32_t i = 0; i < n_sizes; i++) {
        c.sizes[i] = (uint32_t)sizes[i];
        c.periodic[i] = (uint8_t)periods[i];
      }
      free(sizes);
      free(periods);
      d->carts = grow(d->carts, d->n_carts + 1, sizeof *d->carts);
      d->carts[d->n_carts++] = c;
    } else if (n == 5 && memcmp(w, "group", 5) == 0) {
      WGroup g;
      g.id = lines_num(&l, INT64_MAX);
      g.members = list(&l, d->ranks == 0 ? 0 : d->ranks - 1, &g.n);
      if (map_get(&d->group_of, g.id) >= 0) {
        lines_fail(&l, "group %" PRIu64 " is defined twice", g.id);
      }
      map_put(&d->group_of, g.id, (int64_t)(d->n_comms + 1 + d->n_groups));
      d->groups = grow(d->groups, d->n_groups + 1, sizeof *d->groups);
      d->groups[d->n_groups++] = g;
    } else if (n == 3 && memcmp(w, "win", 3) == 0) {
      WWin x;
      x.id = lines_num(&l, INT64_MAX);
      int64_t comm = map_get(&d->comm_of, lines_num(&l, INT64_MAX));
      if (comm < 0) {
        lines_fail(&l, "a window of a communicator not defined before it");
      }
      x.comm = (uint32_t)comm;
      x.name = name(&l);
      if (map_get(&d->win_of, x.id) >= 0) {
        lines_fail(&l, "window %" PRIu64 " is defined twice", x.id);
      }
      map_put(&d->win_of, x.id, (int64_t)d->n_wins);
      d->wins = grow(d->wins, d->n_wins + 1, sizeof *d->wins);
      d->wins[d->n_wins++] = x;
    } else if (n == 6 && memcmp(w, "iofile", 6) == 0) {
      WFile x;
      x.id = lines_num(&l, INT64_MAX);
      x.name = name(&l);
      if (map_get(&d->file_of, x.id) >= 0) {
        lines_fail(&l, "file %" PRIu64 " is defined twice", x.id);
      }
      map_put(&d->file_of, x.id, (int64_t)d->n_files);
      d->files = grow(d->files, d->n_files + 1, sizeof *d->files);
      d->files[d->n_files++] = x;
    } else if (n == 8 && memcmp(w, "iohandle", 8) == 0) {
      WHandle x;
      x.id = lines_num(&l, INT64_MAX);
      int64_t file = map_get(&d->file_of, lines_num(&l, INT64_MAX));
      int64_t comm = map_get(&d->comm_of, lines_num(&l, INT64_MAX));
      if (file < 0 || comm < 0) {
        lines_fail(&l, "a handle of a file or communicator not defined before it");
      }
      x.file = (uint32_t)file;
      x.comm = (uint32_t)comm;
      if (map_get(&d->handle_of, x.id) >= 0) {
        lines_fail(&l, "handle %" PRIu64 " is defined twice", x.id);
      }
      map_put(&d->handle_of, x.id, (int64_t)d->n_handles);
      d->handles = grow(d->handles, d->n_handles + 1, sizeof *d->handles);
      d->handles[d->n_handles++] = x;
    } else {
      lines_fail(&l, "unknown definition '%.*s'", (int)(n > 40 ? 40 : n), w);
    }
    lines_end(&l);
  }
  lines_close(&l);
}

/* ---- the global definitions ---- */

/* Strings are defined on first use, each once, as the bindings' registry does. */
typedef struct {
  OTF2_GlobalDefWriter *w;
  char **text;
  size_t n, cap; /* cap: slots of the hash table */
  uint32_t *slots; /* string index + 1; 0 = free */
} Strings;

static uint64_t fnv(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) {
    h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  }
  return h;
}

static OTF2_StringRef str(Strings *s, const char *text) {
  if (2 * (s->n + 1) > s->cap) {
    size_t cap = s->cap == 0 ? 256 : 2 * s->cap;
    uint32_t *slots = grow(NULL, cap, sizeof *slots);
    memset(slots, 0, cap * sizeof *slots);
    for (size_t i = 0; i < s->n; i++) {
      size_t j = (size_t)fnv(s->text[i]) & (cap - 1);
      while (slots[j] != 0) {
        j = (j + 1) & (cap - 1);
      }
      slots[j] = (uint32_t)i + 1;
    }
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
  }
  size_t j = (size_t)fnv(text) & (s->cap - 1);
  while (s->slots[j] != 0) {
    if (strcmp(s->text[s->slots[j] - 1], text) == 0) {
      return s->slots[j] - 1;
    }
    j = (j + 1) & (s->cap - 1);
  }
  s->text = grow(s->text, s->n + 1, sizeof *s->text);
  s->text[s->n] = strdup(text);
  s->slots[j] = (uint32_t)s->n + 1;
  check(OTF2_GlobalDefWriter_WriteString(s->w, (OTF2_StringRef)s->n, text));
  return (OTF2_StringRef)s->n++;
}

void wdefs_write(const WDefs *d, OTF2_Archive *archive, const uint64_t *events, uint64_t first,
                 uint64_t last, int any_event) {
  OTF2_GlobalDefWriter *w = OTF2_Archive_GetGlobalDefWriter(archive);
  if (w == NULL) {
    fail("Error: the OTF2 library gave no global definition writer");
  }
  /* The date is when the archive was written, as the bindings give it. */
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  check(OTF2_GlobalDefWriter_WriteClockProperties(
      w, d->resolution, any_event ? first : 0, any_event ? last - first : 0,
      any_event ? (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec
                : OTF2_UNDEFINED_TIMESTAMP));
  Strings s = {w, NULL, 0, 0, NULL};
  (void)str(&s, "");
  for (uint32_t a = 0; a < N_ATTRIBUTES; a++) {
    OTF2_StringRef nm = str(&s, ATTRIBUTE_NAME[a]);
    check(OTF2_GlobalDefWriter_WriteAttribute(w, a, nm, str(&s, ATTRIBUTE_DESCRIPTION[a]),
                                              OTF2_TYPE_UINT64));
  }
  OTF2_StringRef node = str(&s, "benchgen trace");
  check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, 0, node, str(&s, ""),
                                                 OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  char text[64];
  for (uint64_t r = 0; r < d->ranks; r++) {
    snprintf(text, sizeof text, "MPI Rank %" PRIu64, r);
    check(OTF2_GlobalDefWriter_WriteLocationGroup(w, (OTF2_LocationGroupRef)r, str(&s, text),
                                                  OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                  OTF2_UNDEFINED_LOCATION_GROUP));
  }
  for (uint64_t r = 0; r < d->ranks; r++) {
    check(OTF2_GlobalDefWriter_WriteLocation(w, r, str(&s, "Master thread"),
                                             OTF2_LOCATION_TYPE_CPU_THREAD, events[r],
                                             (OTF2_LocationGroupRef)r));
  }
  for (size_t i = 0; i < d->n_regions; i++) {
    const WRegion *r = &d->regions[i];
    OTF2_StringRef nm = str(&s, r->name);
    check(OTF2_GlobalDefWriter_WriteRegion(w, (OTF2_RegionRef)i, nm, nm, str(&s, ""), r->role,
                                           r->paradigm, OTF2_REGION_FLAG_NONE,
                                           OTF2_UNDEFINED_STRING, 0, 0));
  }
  uint64_t *members = grow(NULL, d->ranks + 1, sizeof *members);
  for (uint64_t r = 0; r < d->ranks; r++) {
    members[r] = r;
  }
  check(OTF2_GlobalDefWriter_WriteGroup(w, 0, str(&s, "MPI_COMM_WORLD locations"),
                                        OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, (uint32_t)d->ranks, members));
  free(members);
  for (size_t i = 0; i < d->n_comms; i++) {
    const WComm *c = &d->comms[i];
    check(OTF2_GlobalDefWriter_WriteGroup(w, (OTF2_GroupRef)i + 1, str(&s, c->name),
                                          OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, c->n, c->members));
  }
  for (size_t i = 0; i < d->n_comms; i++) {
    const WComm *c = &d->comms[i];
    /* A parent defined after its child is no parent, as the bindings' comm_of.get said. */
    int64_t parent = c->parent < 0 ? -1 : map_get(&d->comm_of, (uint64_t)c->parent);
    check(OTF2_GlobalDefWriter_WriteComm(w, (OTF2_CommRef)i, str(&s, c->name),
                                         (OTF2_GroupRef)i + 1,
                                         parent < 0 || (size_t)parent >= i ? OTF2_UNDEFINED_COMM
                                                                           : (OTF2_CommRef)parent,
                                         OTF2_COMM_FLAG_NONE));
  }
  /* Groups come after the communicators' (their references follow), as groups are defined
     after all communicators in the defs file; windows after the communicators they name. */
  for (size_t i = 0; i < d->n_groups; i++) {
    snprintf(text, sizeof text, "group %" PRIu64, d->groups[i].id);
    check(OTF2_GlobalDefWriter_WriteGroup(w, (OTF2_GroupRef)(d->n_comms + 1 + i), str(&s, text),
                                          OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, d->groups[i].n,
                                          d->groups[i].members));
  }
  for (size_t i = 0; i < d->n_wins; i++) {
    check(OTF2_GlobalDefWriter_WriteRmaWin(w, (OTF2_RmaWinRef)i, str(&s, d->wins[i].name),
                                           d->wins[i].comm,
                                           OTF2_RMA_WIN_FLAG_CREATE_DESTROY_EVENTS));
  }
  /* MPI-IO as Score-P defines it: one paradigm, each file by its (here anonymous) name, each
     handle on its file and communicator. */
  if (d->n_files > 0 || d->n_handles > 0) {
    OTF2_StringRef id = str(&s, "MPI-IO");
    check(OTF2_GlobalDefWriter_WriteIoParadigm(w, 0, id, id, OTF2_IO_PARADIGM_CLASS_PARALLEL,
                                               OTF2_IO_PARADIGM_FLAG_NONE, 0, NULL, NULL, NULL));
  }
  for (size_t i = 0; i < d->n_files; i++) {
    check(OTF2_GlobalDefWriter_WriteIoRegularFile(w, (OTF2_IoFileRef)i, str(&s, d->files[i].name),
                                                  0));
  }
  for (size_t i = 0; i < d->n_handles; i++) {
    check(OTF2_GlobalDefWriter_WriteIoHandle(w, (OTF2_IoHandleRef)i, str(&s, ""),
                                             d->handles[i].file, 0, OTF2_IO_HANDLE_FLAG_NONE,
                                             d->handles[i].comm, OTF2_UNDEFINED_IO_HANDLE));
  }
  OTF2_CartDimensionRef dim = 0;
  for (size_t i = 0; i < d->n_carts; i++) {
    const WCart *c = &d->carts[i];
    for (uint8_t k = 0; k < c->n; k++) {
      snprintf(text, sizeof text, "comm %" PRIu64 " dimension %u", d->comms[c->comm].id, k);
      check(OTF2_GlobalDefWriter_WriteCartDimension(
          w, dim++, str(&s, text), c->sizes[k],
          c->periodic[k] ? OTF2_CART_PERIODIC_TRUE : OTF2_CART_PERIODIC_FALSE));
    }
  }
  dim = 0;
  for (size_t i = 0; i < d->n_carts; i++) {
    const WCart *c = &d->carts[i];
    OTF2_CartDimensionRef *dims = grow(NULL, c->n + 1u, sizeof *dims);
    for (uint8_t k = 0; k < c->n; k++) {
      dims[k] = dim++;
    }
    snprintf(text, sizeof text, "comm %" PRIu64, d->comms[c->comm].id);
    check(OTF2_GlobalDefWriter_WriteCartTopology(w, (OTF2_CartTopologyRef)i, str(&s, text),
                                                 c->comm, c->n, dims));
    free(dims);
  }
}
