/* benchgen tracer: the trace format's vocabulary as C, taken from mpi-vocabulary.def (through
 * vocab_each.h) so that the tracer and the Java reader cannot drift apart. Ids here; the tables of
 * their texts live in writer.c, their only reader. */
#ifndef BGT_VOCABULARY_H
#define BGT_VOCABULARY_H

#include <stdint.h>

/* Calls, in the table order (the record header stores this number). */
enum bgt_op {
#define BG_CALL(id, name, kind, required, optional) BGT_##id,
#include "vocab_each.h"
  BGT_NOPS
};

/* Fields of an event, then `members` and `remote`, which only the tracer's `comm` definition lines
 * carry. */
enum field {
#define BG_FIELD(id, key, kind) F_##id,
#include "vocab_each.h"
  F_MEMBERS,
  F_REMOTE
};

/* Fixed words of the stream. */
enum bgt_syntax {
#define BG_SYNTAX(id, text) SYNTAX_##id,
#include "vocab_each.h"
  SYNTAX_COUNT
};

/* Symbols are recorded as values far below any real one: the n-th symbol of the .def (from 1) is
 * INT64_MIN + n, and the first value past them marks a field still waiting for its patch. */
enum bgt_symbol {
  SYM_NONE,
#define BG_SYMBOL(id, text) SYM_##id,
#include "vocab_each.h"
  SYM_END
};
#define BG_SYMBOL(id, text) static const int64_t V_##id = INT64_MIN + SYM_##id;
#include "vocab_each.h"
static const int64_t V_UNSET = INT64_MIN + SYM_END; /* skipped when written if never patched */

/* What a collective is (the .def's BG_SHAPE lines, by blocking form): flags of these. */
enum bgt_shape {
  SHAPE_ROOTED = 1, SHAPE_VECTOR = 2, SHAPE_REDUCING = 4, SHAPE_NEIGHBOURHOOD = 8, SHAPE_SCATTERS = 16,
  SHAPE_GATHERS = 32, SHAPE_PREFIX = 64, SHAPE_EXCLUSIVE = 128
};
#define BG_SHAPE(id, shape) [BGT_##id] = (shape),
static const int bgt_shapes[BGT_NOPS] = {
#include "vocab_each.h"
};

#endif
