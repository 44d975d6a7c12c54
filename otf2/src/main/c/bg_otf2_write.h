/*
 * Shared by the files of bg-otf2-write, the OTF2 bridge's native writer (bg_otf2_write.c says
 * what it does): the bridge's input read line by line, and the definitions it writes.
 */
#ifndef BG_OTF2_WRITE_H
#define BG_OTF2_WRITE_H

#include "bg_otf2.h"

/* ---- a file of the bridge, read whole, and a cursor over its current line ---- */

typedef struct {
  const char *file; /* for messages: "defs", "rank-3" */
  char *text;
  size_t size, at;
  uint64_t line; /* 1-based number of the current line */
  const char *p, *end; /* the current line's unread part and its end */
} Lines;

/* Reads DIR/NAME whole; a refusal if it cannot be read. */
void lines_open(Lines *l, const char *dir, const char *name);
void lines_close(Lines *l);
/* The next line, or 0 at the end of the file. */
int lines_next(Lines *l);
/* The next word of the line (up to a space or the line's end), its length in *n; NULL at the end. */
const char *lines_word(Lines *l, size_t *n);
/* The next word as a decimal number from 0 to MAX; a refusal naming the file and line otherwise. */
uint64_t lines_num(Lines *l, uint64_t max);
/* The next word as a signed decimal (-1 or a number from 0 to MAX). */
int64_t lines_signed(Lines *l, uint64_t max);
/* A refusal naming the file and line. */
__attribute__((format(printf, 2, 3))) _Noreturn void lines_fail(const Lines *l, const char *fmt,
                                                                ...);
/* Refuses words left on the line. */
void lines_end(Lines *l);

/* ---- the definitions of the bridge's defs file ---- */

typedef struct { uint64_t id; uint8_t role, paradigm; char *name; } WRegion;
typedef struct { uint64_t id; char *name; uint64_t *members; uint32_t n; int64_t parent; } WComm;
typedef struct { uint32_t comm; uint8_t n; uint32_t *sizes; uint8_t *periodic; } WCart;
/* A group of world ranks (MPI_Win_post's and MPI_Win_start's), a window on a communicator. */
typedef struct { uint64_t id; uint64_t *members; uint32_t n; } WGroup;
typedef struct { uint64_t id; uint32_t comm; char *name; } WWin;
/* MPI-IO: a file by its anonymous name, a handle on a file and a communicator. */
typedef struct { uint64_t id; char *name; } WFile;
typedef struct { uint64_t id; uint32_t file, comm; } WHandle;

typedef struct {
  uint64_t ranks, resolution;
  WRegion *regions;
  size_t n_regions;
  Map region_of; /* bridge id -> OTF2 reference (its place in regions) */
  WComm *comms;
  size_t n_comms;
  Map comm_of; /* bridge id -> OTF2 reference */
  WCart *carts;
  size_t n_carts;
  WGroup *groups;
  size_t n_groups;
  Map group_of; /* bridge id -> OTF2 reference */
  WWin *wins;
  size_t n_wins;
  Map win_of; /* bridge id -> OTF2 reference (its place in wins) */
  WFile *files;
  size_t n_files;
  Map file_of;
  WHandle *handles;
  size_t n_handles;
  Map handle_of;
} WDefs;

/* Reads DIR/defs. */
void wdefs_read(WDefs *d, const char *dir);
/* The global definitions, as the Python bindings wrote them; EVENTS[r] = rank r's records. */
void wdefs_write(const WDefs *d, OTF2_Archive *archive, const uint64_t *events, uint64_t first,
                 uint64_t last, int any_event);

/* benchgen's attributes: their key on an enter line, name and description (docs/otf2.md). */
extern const char *const ATTRIBUTE_DESCRIPTION[N_ATTRIBUTES];

/* OTF2's name of collective operation I (OTF2_CollectiveOp), as the bridge writes it. */

#endif
