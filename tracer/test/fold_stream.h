/* benchgen tracer, test driver: a rank's stream in the text format (docs/trace-format.md) read
 * into the folding compressor, as the tracer's records would feed it (fold_records.c). */
#ifndef BGT_FOLD_STREAM_H
#define BGT_FOLD_STREAM_H

#include "fold.h"

/* The header of the stream at `path`: its rank and the world's size. 0, or -1 with `why`. */
int stream_header(const char *path, int *rank, int *size, char *why, size_t cap);
/* Feeds the stream's communicators and events into r, in their order. 0; -1 with `why` where
 * the stream cannot be read (the fold itself says its own errors: fold_rank_error). */
int stream_fold(const char *path, fold_rank *r, char *why, size_t cap);
/* The names of the streams read (datatypes, operations), interned across all of them. */
int64_t stream_intern(const char *name);
const char *stream_name(int64_t id);
void stream_names_free(void);

#endif
