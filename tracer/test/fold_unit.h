/* benchgen tracer, unit tests of the folder's steps: what the files of the C side of the shared
 * cases (tracer/test/cases/README.md) share. */
#ifndef BGT_FOLD_UNIT_H
#define BGT_FOLD_UNIT_H

#include "fold.h"

/* A case's input split into words, [WORDS]xN written out N times; freed with words_free. */
typedef struct {
  char **w;
  int n;
} words;

words words_of(const char *text);
void words_free(words *w);

/* Each runs one case of its file: the text it computes (malloc'd), or NULL with the reason in
 * `why` where the input is not a case of that file. */
char *case_folder(const char *input, char *why, size_t cap);
char *case_blocks(const char *input, char *why, size_t cap);

#endif
