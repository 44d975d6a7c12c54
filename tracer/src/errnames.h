/* The symbol of the errors a full or failing file system gives, for a file's name: a stream or
 * trace the tracer could not write is left as NAME.unwritten-SYMBOL (renaming takes no space on a
 * full disk), which `benchgen trace` reads to say why (cli's TraceCommand). */
#ifndef BGT_ERRNAMES_H
#define BGT_ERRNAMES_H

#include <errno.h>

static inline const char *bgt_errno_name(int e) {
  switch (e) {
    case ENOSPC: return "ENOSPC";
#ifdef EDQUOT
    case EDQUOT: return "EDQUOT";
#endif
    case EFBIG: return "EFBIG";
    case EIO: return "EIO";
    default: return "EOTHER";
  }
}

#endif
