/* benchgen tracer: the stable sort of the fold, which must order equal elements as Java's
 * List.sort does (it keeps them in their order); the lists it sorts are short. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

void fold_sort(void *base, int n, size_t size, int (*after)(const void *a, const void *b)) {
  char *v = base, x[256];
  if (size > sizeof x) abort(); /* no element of the fold is that large */
  for (int i = 1; i < n; i++) {
    memcpy(x, v + (size_t) i * size, size);
    int j = i - 1;
    while (j >= 0 && after(v + (size_t) j * size, x)) {
      memcpy(v + (size_t) (j + 1) * size, v + (size_t) j * size, size);
      j--;
    }
    memcpy(v + (size_t) (j + 1) * size, x, size);
  }
}
