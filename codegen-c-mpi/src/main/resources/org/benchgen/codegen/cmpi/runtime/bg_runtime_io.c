/* bg_runtime_io.c: MPI-IO in a generated benchmark (docs/codegen.md, "MPI-IO"). The traced
 * program's files are remade in a scratch directory: `--io-dir DIR` (which the benchmark does not
 * remove), else a new one under $TMPDIR (or /tmp) that it removes at the end. A file is named by
 * the number of its name in the trace (f0.dat, f1.dat, ...), never by the traced name; a handle
 * lives in the slot of its id. Views are remade as bytes (etype and filetype MPI_BYTE, the traced
 * displacement), so the trace's offsets, in bytes from the file's start, are used less the
 * displacement. The bookkeeping that is not the traced program's (agreeing on the directory and
 * on whether a file exists, the final clean-up) calls PMPI_ directly: a tracer sees only the
 * program's own calls. */
#define _POSIX_C_SOURCE 200809L
#include "bg_runtime.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BG_FILE_SLOTS 256 /* the tracer's bound on files open at once */

const char *bg_io_dir_arg; /* --io-dir, or NULL */
char *bg_iobuf;            /* the buffer of every read and write, of the largest one's size */
static char bg_io_dir[4096];
static int bg_io_made;  /* the directory is the benchmark's own: removed at the end */
static int bg_io_ready; /* bg_io_setup ran */
static struct {
  MPI_File fh;
  long long disp;
} bg_files[BG_FILE_SLOTS];

/* The files the benchmark made (f*.dat) and what MPI-IO made beside them (ROMIO's shared file
 * pointer, a hidden .f0.dat.shfp...); in a directory of its own, everything, then the directory. */
static void bg_io_clean(void) {
  DIR *d = opendir(bg_io_dir);
  struct dirent *e;
  char path[4400];
  while (d && (e = readdir(d)) != NULL) {
    int n;
    char end;
    const char *f = e->d_name[0] == '.' ? e->d_name + 1 : e->d_name;
    if ((bg_io_made && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
        || (sscanf(f, "f%d%c", &n, &end) == 2 && (end == '.' || end == '-')
        && strstr(f, ".dat") != NULL)) {
      snprintf(path, sizeof path, "%s/%s", bg_io_dir, e->d_name);
      unlink(path);
    }
  }
  if (d) {
    closedir(d);
  }
  if (bg_io_made) {
    rmdir(bg_io_dir);
  }
}

/* A failure ends the run: the rank that meets it removes the scratch directory first where it is
 * the benchmark's own (the abort leaves no rank to do it at the end). */
static void bg_io_fail(const char *what, const char *path) {
  fprintf(stderr, "benchmark: %s%s%s\n", what, path ? ": " : "", path ? path : "");
  if (bg_io_ready) {
    bg_io_clean();
  }
  MPI_Abort(MPI_COMM_WORLD, 1);
}

void bg_io_setup(long long bytes) {
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* The buffer first: a rank that cannot have it ends the run before a directory is made. */
  bg_iobuf = bg_grow(NULL, (size_t) (bytes > 0 ? bytes : 1));
  memset(bg_iobuf, 'b', (size_t) (bytes > 0 ? bytes : 1));
  if (rank == 0) {
    if (bg_io_dir_arg) {
      struct stat s;
      if (strlen(bg_io_dir_arg) >= sizeof bg_io_dir - 32 || stat(bg_io_dir_arg, &s) != 0
          || !S_ISDIR(s.st_mode)) {
        bg_io_fail("--io-dir is not a directory", bg_io_dir_arg);
      }
      strcpy(bg_io_dir, bg_io_dir_arg);
    } else {
      const char *t = getenv("TMPDIR");
      snprintf(bg_io_dir, sizeof bg_io_dir - 32, "%s/benchgen-io-XXXXXX", t && *t ? t : "/tmp");
      if (!mkdtemp(bg_io_dir)) {
        bg_io_fail("cannot make a scratch directory (give one with --io-dir DIR)", bg_io_dir);
      }
      bg_io_made = 1;
    }
  }
  PMPI_Bcast(bg_io_dir, (int) sizeof bg_io_dir, MPI_CHAR, 0, MPI_COMM_WORLD);
  PMPI_Bcast(&bg_io_made, 1, MPI_INT, 0, MPI_COMM_WORLD); /* for a rank that fails (bg_io_fail) */
  for (int s = 0; s < BG_FILE_SLOTS; s++) {
    bg_files[s].fh = MPI_FILE_NULL;
  }
  bg_io_ready = 1;
}

/* Names opened on communicators of one rank only (MPI_COMM_SELF, say): each rank's own file,
 * since the trace cannot tell whether two ranks' names were the same (a file per rank is the usual
 * reason), f<name>-r<rank>.dat; a delete of such a name deletes this rank's. Once opened by
 * several ranks together, a name is one file for the rest of the run, also where a rank opens it
 * alone (to read back what all wrote; the shared file is made of the size the traced open found
 * where a rank had written it alone before). 0: not opened yet, 1: the rank's own, 2: shared. */
#define BG_NAMES 4096
static unsigned char bg_private[BG_NAMES];

static void bg_file_path(int name, char *path, size_t n) {
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (name >= 0 && name < BG_NAMES && bg_private[name] == 1) {
    snprintf(path, n, "%s/f%d-r%d.dat", bg_io_dir, name, rank);
  } else {
    snprintf(path, n, "%s/f%d.dat", bg_io_dir, name);
  }
}

static int bg_file_slot(int slot) {
  if (slot < 0 || slot >= BG_FILE_SLOTS) {
    bg_io_fail("a file slot out of range", NULL);
  }
  return slot;
}

/* The trace's access mode bits (the tracer's, the same in every MPI) as this MPI's. */
static int bg_amode(int v) {
  static const int modes[] = {MPI_MODE_CREATE, MPI_MODE_RDONLY, MPI_MODE_WRONLY, MPI_MODE_RDWR,
      MPI_MODE_DELETE_ON_CLOSE, MPI_MODE_UNIQUE_OPEN, MPI_MODE_EXCL, MPI_MODE_APPEND,
      MPI_MODE_SEQUENTIAL};
  int m = 0;
  for (int i = 0; i < (int) (sizeof modes / sizeof modes[0]); i++) {
    if (v & (1 << i)) {
      m |= modes[i];
    }
  }
  return m;
}

/* The file at path made as the traced open found it, by the communicator's first member: of
 * `found` bytes (zeros where the benchmark has not written; its input, or what the program did to
 * it by means MPI does not see, such as unlink or truncate, as it was then), or absent where the
 * open was exclusive (it succeeded: the file was not there). */
static void bg_file_as_found(MPI_Comm comm, const char *path, int amode, long long found) {
  int first;
  PMPI_Comm_rank(comm, &first);
  if (first == 0) {
    if (amode & MPI_MODE_EXCL) {
      unlink(path);
    } else {
      int fd = open(path, O_WRONLY | O_CREAT, 0644);
      if (fd < 0 || ftruncate(fd, (off_t) found) != 0) {
        bg_io_fail("cannot make the file as the traced program found it", path);
      }
      close(fd);
    }
  }
  PMPI_Barrier(comm);
}

/* found: the file's size when the traced program opened it; -1 where the trace does not say. */
void bg_file_open(MPI_Comm comm, int slot, int name, int mode, long long found) {
  char path[4400];
  int members;
  PMPI_Comm_size(comm, &members);
  if (name >= 0 && name < BG_NAMES && (members > 1 || bg_private[name] == 0)) {
    bg_private[name] = members == 1 ? 1 : 2;
  }
  bg_file_path(name, path, sizeof path);
  int amode = bg_amode(mode);
  if (found >= 0) {
    bg_file_as_found(comm, path, amode, found);
  } else {
    /* A trace without the size: a file the traced program found there (its input) does not
     * exist here: made empty, by an open that may create it, where every member agrees that it
     * is missing. */
    int here = access(path, F_OK) == 0, all;
    PMPI_Allreduce(&here, &all, 1, MPI_INT, MPI_MIN, comm);
    if (!all && !(amode & MPI_MODE_CREATE)) {
      amode = (amode & ~(MPI_MODE_RDONLY | MPI_MODE_WRONLY)) | MPI_MODE_RDWR | MPI_MODE_CREATE;
    }
  }
  slot = bg_file_slot(slot);
  if (MPI_File_open(comm, path, amode, MPI_INFO_NULL, &bg_files[slot].fh) != MPI_SUCCESS) {
    bg_io_fail("cannot open", path);
  }
  bg_files[slot].disp = 0;
}

MPI_File bg_file(int slot) {
  return bg_files[bg_file_slot(slot)].fh;
}

void bg_file_close(int slot) {
  MPI_File_close(&bg_files[bg_file_slot(slot)].fh);
}

void bg_file_delete(int name) {
  char path[4400];
  bg_file_path(name, path, sizeof path);
  MPI_File_delete(path, MPI_INFO_NULL); /* as the traced one, it may find no file */
}

void bg_file_view(int slot, long long disp) {
  slot = bg_file_slot(slot);
  MPI_File_set_view(bg_files[slot].fh, (MPI_Offset) disp, MPI_BYTE, MPI_BYTE, "native",
      MPI_INFO_NULL);
  bg_files[slot].disp = disp;
}

/* The filetype of a view's layout (docs/codegen.md, "A view's layout"): the traced runs of bytes,
 * {4n, then per vector its first displacement, length, count and stride} (MPI_BYTE blocks, an
 * hvector each, joined by a struct), else `size` bytes from the lower bound (the trace kept no
 * runs), in the traced extent from the traced lower bound. */
static MPI_Datatype bg_layout_type(long long lb, long long extent, long long size,
    const MPI_Count *runs) {
  int n = runs ? (int) (runs[0] / 4) : 0;
  int most = n > 0 ? n : 1;
  int *lens = malloc(sizeof(int) * (size_t) most);
  MPI_Aint *at = malloc(sizeof(MPI_Aint) * (size_t) most);
  MPI_Datatype *parts = malloc(sizeof(MPI_Datatype) * (size_t) most), all, resized;
  if (!lens || !at || !parts) {
    bg_io_fail("out of memory for a view's layout", NULL);
  }
  for (int i = 0; i < n; i++) {
    const MPI_Count *v = runs + 1 + 4 * i;
    if (v[1] < 0 || v[1] > INT_MAX || v[2] < 1 || v[2] > INT_MAX) {
      bg_io_fail("a view's layout out of range", NULL);
    }
    MPI_Type_create_hvector((int) v[2], (int) v[1], (MPI_Aint) v[3], MPI_BYTE, &parts[i]);
    lens[i] = 1;
    at[i] = (MPI_Aint) v[0];
  }
  if (n == 0) {
    if (size < 0 || size > INT_MAX) {
      bg_io_fail("a view's filetype size out of range", NULL);
    }
    MPI_Type_contiguous((int) size, MPI_BYTE, &parts[0]);
    lens[0] = 1;
    at[0] = (MPI_Aint) lb;
  }
  MPI_Type_create_struct(most, lens, at, parts, &all);
  MPI_Type_create_resized(all, (MPI_Aint) lb, (MPI_Aint) extent, &resized);
  MPI_Type_commit(&resized);
  for (int i = 0; i < most; i++) {
    MPI_Type_free(&parts[i]);
  }
  MPI_Type_free(&all);
  free(lens);
  free(at);
  free(parts);
  return resized;
}

/* A view from disp whose filetype was traced as `size` bytes in `extent` from `lb` (runs: where
 * they lie, or NULL); bytes one after the other (size = extent, lb 0, no runs) as bg_file_view. */
void bg_file_layout(int slot, long long disp, long long lb, long long extent, long long size,
    const MPI_Count *runs) {
  if (runs && runs[0] == 0) {
    runs = NULL;
  }
  if (!runs && ((size == extent && lb == 0) || size <= 0)) {
    bg_file_view(slot, disp);
    return;
  }
  slot = bg_file_slot(slot);
  MPI_Datatype t = bg_layout_type(lb, extent, size, runs);
  MPI_File_set_view(bg_files[slot].fh, (MPI_Offset) disp, MPI_BYTE, t, "native", MPI_INFO_NULL);
  MPI_Type_free(&t);
  bg_files[slot].disp = disp;
}

/* `bytes` bytes as one datatype, for a read or write past an int's count (a derived datatype's
 * count in bytes): 2^30-byte blocks and the remainder, so that the call takes a count of 1 and
 * not its large-count form (MPICH's ROMIO asserts that a count fits an int there). The last few
 * are kept. */
#define BG_BIG_TYPES 8
static struct {
  long long bytes;
  MPI_Datatype type;
} bg_big[BG_BIG_TYPES];
static int bg_nbig;

MPI_Datatype bg_io_bytes(long long bytes) {
  for (int i = 0; i < bg_nbig; i++) {
    if (bg_big[i].bytes == bytes) {
      return bg_big[i].type;
    }
  }
  const long long chunk = 1LL << 30;
  long long q = bytes / chunk, r = bytes % chunk;
  MPI_Datatype block, blocks, rest, t;
  if (q > INT_MAX || bytes < 0) {
    bg_io_fail("a read or write too large", NULL);
  }
  MPI_Type_contiguous((int) chunk, MPI_BYTE, &block);
  MPI_Type_contiguous((int) q, block, &blocks);
  MPI_Type_contiguous((int) r, MPI_BYTE, &rest);
  int lens[2] = {1, 1};
  MPI_Aint at[2] = {0, (MPI_Aint) (q * chunk)};
  MPI_Datatype parts[2] = {blocks, rest};
  MPI_Type_create_struct(2, lens, at, parts, &t);
  MPI_Type_commit(&t);
  MPI_Type_free(&block);
  MPI_Type_free(&blocks);
  MPI_Type_free(&rest);
  if (bg_nbig == BG_BIG_TYPES) {
    MPI_Type_free(&bg_big[0].type);
    memmove(&bg_big[0], &bg_big[1], sizeof bg_big[0] * (BG_BIG_TYPES - 1));
    bg_nbig--;
  }
  bg_big[bg_nbig].bytes = bytes;
  bg_big[bg_nbig++].type = t;
  return t;
}

MPI_Offset bg_file_at(int slot, long long offset) {
  return (MPI_Offset) (offset - bg_files[bg_file_slot(slot)].disp);
}

void bg_file_seek(int slot, long long offset, int shared) {
  slot = bg_file_slot(slot);
  MPI_Offset at = (MPI_Offset) (offset - bg_files[slot].disp);
  if (shared) {
    MPI_File_seek_shared(bg_files[slot].fh, at, MPI_SEEK_SET);
  } else {
    MPI_File_seek(bg_files[slot].fh, at, MPI_SEEK_SET);
  }
}

/* At the end, once every rank is past its I/O: the files the benchmark made (f*.dat), and its
 * directory. */
void bg_io_end(void) {
  if (!bg_io_ready) {
    return;
  }
  PMPI_Barrier(MPI_COMM_WORLD);
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    bg_io_clean();
  }
  free(bg_iobuf);
  bg_io_ready = 0;
}
