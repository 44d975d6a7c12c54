/* benchgen tracer: call sites. The format names the place of each call by a site, which must be
 * the same on every rank and in every run of the same binary for the compressor to find the loops.
 * The first use of a site records a description of it, for people (addr2line). */
#define _GNU_SOURCE
#include "core.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <stdio.h>
#include <string.h>

/* A site is a hash of the return addresses, each taken relative to the object (executable or
 * library) it lies in, so that address-space randomisation gives every rank the same site. */
static uintptr_t g_self_base;
static int g_site_depth = 1;
#define SCACHE 4096
static struct { uint64_t key; uint64_t site; } g_sites[SCACHE];

static int in_self(void *addr) {
  Dl_info di;
  return dladdr(addr, &di) && (uintptr_t) di.dli_fbase == g_self_base;
}

static uint64_t describe_sites(void *const *addrs, int n) {
  char desc[2048];
  size_t used = 0;
  uint64_t h = FNV_BASIS;
  for (int i = 0; i < n; i++) {
    Dl_info di;
    const char *obj = "?";
    uintptr_t off = (uintptr_t) addrs[i];
    if (dladdr(addrs[i], &di) && di.dli_fname) {
      obj = strrchr(di.dli_fname, '/') ? strrchr(di.dli_fname, '/') + 1 : di.dli_fname;
      off -= (uintptr_t) di.dli_fbase;
    }
    /* Report the call instruction (return address - 1) so addr2line names the line of the call. */
    off -= 1;
    h = fnv(h, obj, strlen(obj));
    h = fnv(h, &off, sizeof off);
    if (used < sizeof desc - 64) {
      int w = snprintf(desc + used, sizeof desc - used, "%s%s+0x%lx", i ? " < " : "", obj,
                       (unsigned long) off);
      /* snprintf says what it would have written: a long object name is cut, not overrun. */
      if (w > 0) used += (size_t) w < sizeof desc - used ? (size_t) w : sizeof desc - 1 - used;
    }
  }
  uint64_t site = h & 0xffffffffffffULL; /* 12 hex digits: short, and collisions stay unlikely */
  /* Object names come from the file system: keep them printable for the comment line. */
  for (size_t i = 0; i < used; i++)
    if ((unsigned char) desc[i] < 0x20 || (unsigned char) desc[i] > 0x7e) desc[i] = '?';
  if (site_table_note(site, addrs, n, desc)) {
    const uint64_t words[2] = { site, (uint64_t) intern(desc) };
    begin_record(K_SITE, 0, 2, words);
    end_record();
  }
  return site;
}

uint64_t site_of(void *ret) {
  if (g_site_depth <= 1) {
    uint64_t k = (uint64_t) (uintptr_t) ret;
    unsigned slot = (unsigned) (mix(k) % SCACHE);
    if (g_sites[slot].key == k && k) return g_sites[slot].site;
    uint64_t s = describe_sites(&ret, 1);
    g_sites[slot].key = k;
    g_sites[slot].site = s;
    return s;
  }
  void *frames[72];
  int n = backtrace(frames, 64);
  int first = 0;
  while (first < n && in_self(frames[first])) first++;
  int take = n - first < g_site_depth ? n - first : g_site_depth;
  if (take <= 0) return describe_sites(&ret, 1);
  uint64_t k = fnv(FNV_BASIS, frames + first, (size_t) take * sizeof(void *));
  unsigned slot = (unsigned) (mix(k) % SCACHE);
  if (g_sites[slot].key == k && k) return g_sites[slot].site;
  uint64_t s = describe_sites(frames + first, take);
  g_sites[slot].key = k;
  g_sites[slot].site = s;
  return s;
}

/* The tracer's own frames are left out of deeper sites: they are the same for every call. */
void sites_start(int depth) {
  g_site_depth = depth;
  Dl_info di;
  if (dladdr((void *) &sites_start, &di)) g_self_base = (uintptr_t) di.dli_fbase;
}

int site_depth(void) { return g_site_depth; }
