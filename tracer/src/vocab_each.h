/* Walks trace-model's mpi-vocabulary.def, the one table of calls, fields, symbols and stream syntax,
 * with the BG_* macros the includer defined; those it did not define stand for nothing. No include
 * guard on purpose: define what you need, include this, and every BG_* macro is forgotten again so
 * that the next walk starts clean. Keep the ids to pasting (V_##id) and stringifying: one is NULL. */
#ifndef BG_SYNTAX
#define BG_SYNTAX(id, text)
#endif
#ifndef BG_SYMBOL
#define BG_SYMBOL(id, text)
#endif
#ifndef BG_FIELD
#define BG_FIELD(id, key, kind)
#endif
#ifndef BG_CALL
#define BG_CALL(id, name, kind, required, optional)
#endif
#ifndef BG_SHAPE
#define BG_SHAPE(id, shape)
#endif
#include "mpi-vocabulary.def"
#undef BG_SYNTAX
#undef BG_SYMBOL
#undef BG_FIELD
#undef BG_CALL
#undef BG_SHAPE
