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

static void bg_io_fail(const char *what, const char *path) {
  fprintf(stderr, "benchmark: %s%s%s\n", what, path ? ": " : "", path ? path : "");
  MPI_Abort(MPI_COMM_WORLD, 1);
}

void bg_io_setup(long long bytes) {
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
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
  bg_iobuf = bg_grow(NULL, (size_t) (bytes > 0 ? bytes : 1));
  memset(bg_iobuf, 'b', (size_t) (bytes > 0 ? bytes : 1));
  for (int s = 0; s < BG_FILE_SLOTS; s++) {
    bg_files[s].fh = MPI_FILE_NULL;
  }
  bg_io_ready = 1;
}

/* Names opened on a communicator of one rank (MPI_COMM_SELF, say): each rank's own file, since
 * the trace cannot tell whether two ranks' names were the same (a file per rank is the usual
 * reason), f<name>-r<rank>.dat; a delete of such a name deletes this rank's. */
#define BG_NAMES 4096
static unsigned char bg_private[BG_NAMES];

static void bg_file_path(int name, char *path, size_t n) {
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (name >= 0 && name < BG_NAMES && bg_private[name]) {
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

void bg_file_open(MPI_Comm comm, int slot, int name, int mode) {
  char path[4400];
  int members;
  PMPI_Comm_size(comm, &members);
  if (name >= 0 && name < BG_NAMES) {
    bg_private[name] = members == 1;
  }
  bg_file_path(name, path, sizeof path);
  int amode = bg_amode(mode);
  /* A file the traced program found there (its input) does not exist here: made empty, by an
   * open that may create it, where every member agrees that it is missing. */
  int here = access(path, F_OK) == 0, all;
  PMPI_Allreduce(&here, &all, 1, MPI_INT, MPI_MIN, comm);
  if (!all && !(amode & MPI_MODE_CREATE)) {
    amode = (amode & ~(MPI_MODE_RDONLY | MPI_MODE_WRONLY)) | MPI_MODE_RDWR | MPI_MODE_CREATE;
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
    DIR *d = opendir(bg_io_dir);
    struct dirent *e;
    char path[4400];
    while (d && (e = readdir(d)) != NULL) {
      int n;
      char end;
      if (sscanf(e->d_name, "f%d%c", &n, &end) == 2 && (end == '.' || end == '-')
          && strstr(e->d_name, ".dat") != NULL) {
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
  free(bg_iobuf);
  bg_io_ready = 0;
}
