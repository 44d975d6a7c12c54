/*
 * Shared by the files of bg-otf2-read, the OTF2 bridge's native reader (bg_otf2_read.c says what
 * it does): refusals, a map from references to indices, and the definitions it keeps.
 */
#ifndef BG_OTF2_H
#define BG_OTF2_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <otf2/otf2.h>

/* A refusal: one "bg_otf2: ..." line, as the Python bridge's fail() writes it, and exit code 1. */
__attribute__((format(printf, 1, 2))) _Noreturn void fail(const char *fmt, ...);
/* realloc, or a refusal. */
void *grow(void *p, size_t n, size_t size);
/* A library error, worded as the bindings' _otf2.Error is. */
void check(OTF2_ErrorCode code);
/* A file opened for writing, or a refusal worded as Python's open() is. */
FILE *open_out(const char *path);
/* DIR/FILE, as os.path.join writes it. */
char *path(const char *dir, const char *file);

/* A map from a reference to an index, for each kind of definition. */
typedef struct {
  uint64_t *keys;
  int64_t *values; /* -1: free */
  size_t cap, used;
} Map;

int64_t map_get(const Map *m, uint64_t key); /* -1: not there */
void map_put(Map *m, uint64_t key, int64_t value);

/* ---- the definitions the bridge's lines use, in the order the archive gives them ---- */

typedef struct { uint32_t ref, name; } Named;
typedef struct { uint32_t ref, name, group, parent; int inter; } Comm;
typedef struct { uint32_t ref; uint8_t type, paradigm; uint32_t n; uint64_t *members; } Group;
typedef struct { uint32_t comm; uint8_t n; uint32_t *dims; } Cart;
typedef struct { uint32_t size; uint8_t periodicity; } Dim;
typedef struct { uint32_t ref, comm; } Win;
/* MPI-IO: a paradigm by its identification, a file, a handle on a file. */
typedef struct { uint32_t ref, identification; } IoParadigm;
typedef struct { uint32_t ref, file, comm; uint8_t paradigm; } IoHandle;

typedef struct {
  Map strings, nodes, location_groups, locations, attribute_map, region_map, group_map, comm_map,
      dim_map, cart_map, win_map, io_paradigm_map, io_file_map, io_handle_map;
  char **string_text;
  size_t n_strings;
  Named *regions, *attributes;
  size_t n_regions, n_attributes;
  Group *groups;
  size_t n_groups;
  Comm *comms;
  size_t n_comms;
  Dim *dims;
  size_t n_dims;
  Cart *carts;
  size_t n_carts;
  Win *wins;
  size_t n_wins;
  IoParadigm *io_paradigms;
  size_t n_io_paradigms;
  uint32_t *io_files;
  size_t n_io_files;
  IoHandle *io_handles;
  size_t n_io_handles;
  int have_clock;
  uint64_t resolution, offset;
} Defs;

/* benchgen's attributes on an Enter (docs/otf2.md): their names in the archive, and the keys the
 * bridge's rank files give them, in one order. */
#define N_ATTRIBUTES 3
extern const char *const ATTRIBUTE_KEY[N_ATTRIBUTES];
extern const char *const ATTRIBUTE_NAME[N_ATTRIBUTES];
/* OTF2_CollectiveOp by name: the value is the index. */
#define N_COLLECTIVE_OPS 23
extern const char *const COLLECTIVE_OP[N_COLLECTIVE_OPS];

/* Opens the archive and reads its global definitions into D, as otf2.reader.open does. */
OTF2_Reader *open_archive(const char *anchor, Defs *d);
/* The first MPI COMM_LOCATIONS group: its members are the ranks, in order; or a refusal. */
const Group *mpi_locations(const Defs *d);
/* OUT/defs: ranks, clock, version, regions, MPI communicators, Cartesian topologies. */
void write_defs(const char *out, const Defs *d, const Group *ranks, OTF2_Reader *reader);

#endif
