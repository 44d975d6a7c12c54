/* benchgen tracer: byte strings interned to dense ids, for the folder's shapes and lists. */
#include "fold.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_bytes(const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ULL; }
  return h ^ (h >> 29);
}

static int same_key(const unsigned char *k, const void *key, size_t len) {
  size_t kl;
  memcpy(&kl, k, sizeof kl);
  return kl == len && memcmp(k + sizeof kl, key, len) == 0;
}

static void grow(fold_table *t) {
  size_t ns = t->nslots ? 2 * t->nslots : 64;
  int *slots = fold_calloc(ns, sizeof *slots);
  for (int id = 0; id < t->n; id++) {
    size_t len;
    const void *k = fold_key(t, id, &len);
    size_t s = (size_t) hash_bytes(k, len) & (ns - 1);
    while (slots[s]) s = (s + 1) & (ns - 1);
    slots[s] = id + 1;
  }
  fold_free(t->slots);
  t->slots = slots;
  t->nslots = ns;
}

int fold_intern(fold_table *t, const void *key, size_t len) {
  if (2 * (size_t) (t->n + 1) > t->nslots) grow(t);
  size_t s = (size_t) hash_bytes(key, len) & (t->nslots - 1);
  while (t->slots[s]) {
    int id = t->slots[s] - 1;
    if (same_key(t->keys[id], key, len)) return id;
    s = (s + 1) & (t->nslots - 1);
  }
  if (t->n == t->cap) {
    int cap = t->cap ? 2 * t->cap : 64;
    t->keys = fold_realloc(t->keys, (size_t) cap * sizeof *t->keys);
    t->cap = cap;
  }
  unsigned char *k = fold_malloc(sizeof len + len);
  memcpy(k, &len, sizeof len);
  if (len) memcpy(k + sizeof len, key, len);
  t->keys[t->n] = k;
  t->slots[s] = t->n + 1;
  return t->n++;
}

int fold_find(const fold_table *t, const void *key, size_t len) {
  if (!t->nslots) return -1;
  size_t s = (size_t) hash_bytes(key, len) & (t->nslots - 1);
  while (t->slots[s]) {
    int id = t->slots[s] - 1;
    if (same_key(t->keys[id], key, len)) return id;
    s = (s + 1) & (t->nslots - 1);
  }
  return -1;
}

const void *fold_key(const fold_table *t, int id, size_t *len) {
  memcpy(len, t->keys[id], sizeof *len);
  return t->keys[id] + sizeof *len;
}

void fold_table_free(fold_table *t) {
  for (int i = 0; i < t->n; i++) fold_free(t->keys[i]);
  fold_free(t->keys);
  fold_free(t->slots);
  memset(t, 0, sizeof *t);
}
