/* benchgen tracer: what the format records for MPI-IO (docs/tracer.md, "MPI-IO"). A file handle is
 * named by an id, as a communicator is: the lowest number no file open on this rank holds, given
 * back by MPI_File_close, so the members of a collective open agree on it without talking, and a
 * file opened and closed in a loop keeps one id. A file's name never leaves the rank: it is
 * recorded as its number among the names this rank opened or deleted (the first 0), so that a
 * benchmark opens the same file again and deletes the one it made. Offsets are recorded in bytes:
 * an explicit offset (in etypes of the file's view) times the view's etype size, plus the view's
 * displacement, which this table keeps for each file. */
#include "core.h"

#include <limits.h>

#define FCAP 256  /* files open at once on a rank */
#define NCAP 4096 /* names a rank remembers; past them a name gets the last number */
static struct {
  uint64_t key;
  int used;
  int64_t etsize, disp;
  int64_t begun; /* the bytes a split collective's _begin asked for, for an _end without status */
} g_files[FCAP];
static char *g_names[NCAP];
static int g_nnames;

/* The slot of the open file fh, or -1. */
static int file_find(MPI_File fh) {
  uint64_t k = KEY(fh);
  for (int i = 0; i < FCAP; i++)
    if (g_files[i].used && g_files[i].key == k) return i;
  return -1;
}

/* The id of a file in use (one opened before tracing started gets one now, with a byte view). */
static int64_t file_id(MPI_File fh) {
  int i = file_find(fh);
  if (i >= 0) return i;
  for (i = 0; i < FCAP; i++)
    if (!g_files[i].used) {
      g_files[i].used = 1;
      g_files[i].key = KEY(fh);
      g_files[i].etsize = 1;
      g_files[i].disp = 0;
      return i;
    }
  die("more than 256 files open at once");
  return -1;
}

/* The number of a file's name (the first name 0); a NULL name counts as the empty one. */
static int64_t name_number(const char *name) {
  if (!name) name = "";
  for (int i = 0; i < g_nnames; i++)
    if (strcmp(g_names[i], name) == 0) return i;
  if (g_nnames == NCAP) return NCAP - 1;
  size_t n = strlen(name) + 1;
  char *copy = malloc(n);
  if (!copy) die("out of memory for a file name");
  memcpy(copy, name, n);
  g_names[g_nnames] = copy;
  return g_nnames++;
}

static int64_t type_size(MPI_Datatype t) {
  MPI_Count sz = 0;
  if (t != MPI_DATATYPE_NULL) PMPI_Type_size_x(t, &sz);
  return (int64_t) sz;
}

/* An access mode in the format's bits, the same in every MPI library (a benchmark built with another
 * MPI maps them back): CREATE 1, RDONLY 2, WRONLY 4, RDWR 8, DELETE_ON_CLOSE 16, UNIQUE_OPEN 32,
 * EXCL 64, APPEND 128, SEQUENTIAL 256. */
static int64_t amode_value(int amode) {
  static const int modes[] = {MPI_MODE_CREATE, MPI_MODE_RDONLY, MPI_MODE_WRONLY, MPI_MODE_RDWR,
                              MPI_MODE_DELETE_ON_CLOSE, MPI_MODE_UNIQUE_OPEN, MPI_MODE_EXCL,
                              MPI_MODE_APPEND, MPI_MODE_SEQUENTIAL};
  int64_t v = 0;
  for (int i = 0; i < (int) (sizeof modes / sizeof modes[0]); i++)
    if (amode & modes[i]) v |= (int64_t) 1 << i;
  return v;
}

void bgt_rec_file_open(bgt_call *c, MPI_Comm comm, const char *name, int amode, MPI_File fh) {
  RECORDING(c);
  if (fh == MPI_FILE_NULL) return; /* the open failed: nothing was made */
  int64_t cid = comm_id(comm);
  int64_t fid = file_id(fh);
  /* The size the file had when opened (its input, or what the program left there, perhaps by
   * means MPI does not see, such as unlink or truncate): a benchmark makes the file so again. */
  MPI_Offset found = 0;
  if (PMPI_File_get_size(fh, &found) != MPI_SUCCESS || found < 0) found = 0;
  begin_event(c, BGT_FILE_OPEN);
  put(F_COMM, cid);
  put(F_FILE, fid);
  put(F_AMODE, amode_value(amode));
  put(F_FNAME, name_number(name));
  put(F_FSIZE, (int64_t) found);
  end_record();
}

/* MPI_File_close nulls the handle: the file is named before the call. */
static BGT_TLS int64_t g_closing = -1;
void bgt_file_close_before(bgt_call *c, MPI_File fh) {
  if (!c->on) return;
  record_lock();
  g_closing = file_find(fh);
  record_unlock();
}

void bgt_rec_file_close(bgt_call *c) {
  RECORDING(c);
  if (g_closing < 0) return;
  begin_event(c, BGT_FILE_CLOSE);
  put(F_FILE, g_closing);
  end_record();
  g_files[g_closing].used = 0;
  g_closing = -1;
}

void bgt_rec_file_delete(bgt_call *c, const char *name) {
  RECORDING(c);
  begin_event(c, BGT_FILE_DELETE);
  put(F_FNAME, name_number(name));
  end_record();
}

/* MPI_File_set_size and MPI_File_preallocate (op). */
void bgt_rec_file_size(bgt_call *c, int op, MPI_File fh, MPI_Offset size) {
  RECORDING(c);
  begin_event(c, op);
  put(F_FILE, file_id(fh));
  put(F_FSIZE, (int64_t) size);
  end_record();
}

/* A view's filetype with holes: where its data lies, as runs of bytes (docs/tracer.md, "A view's
 * layout"). MPI requires a filetype's displacements to be non-negative and non-decreasing, so
 * the bytes a filetype covers, in address order, are its data in order: unpacking its size in
 * marked bytes into a zeroed buffer of its true extent shows them. The runs are grouped into
 * vectors (first displacement, length, count, stride), four numbers each, at most FT_VECTORS of
 * them; a filetype spread over more than FT_SPAN bytes, or of more vectors, keeps its size and
 * extent only. */
#define FT_VECTORS 64
#define FT_SPAN ((MPI_Count) 16 << 20)
static int64_t g_ft[4 * FT_VECTORS];

/* The vectors of filetype t (size bytes, true lower bound tlb, true extent text) in g_ft; their
 * number, or 0 where they are not recorded. */
static int filetype_runs(MPI_Datatype t, MPI_Count size, MPI_Count tlb, MPI_Count text) {
  if (size <= 0 || size > INT_MAX || text <= 0 || text > FT_SPAN) return 0;
  unsigned char *lay = calloc((size_t) text, 1), *marks = malloc((size_t) size);
  int n = 0, pos = 0;
  if (lay && marks) {
    memset(marks, 0xff, (size_t) size);
    if (PMPI_Unpack(marks, (int) size, &pos, lay - tlb, 1, t, MPI_COMM_SELF) != MPI_SUCCESS) {
      n = -1;
    }
  } else {
    n = -1;
  }
  for (MPI_Count i = 0; n >= 0 && i < text;) {
    if (!lay[i]) {
      i++;
      continue;
    }
    MPI_Count j = i;
    while (j < text && lay[j]) j++;
    int64_t d = (int64_t) (tlb + i), len = (int64_t) (j - i);
    int64_t *v = n > 0 ? &g_ft[4 * (n - 1)] : NULL;
    if (v && v[1] == len && (v[2] == 1 || d - v[0] - (v[2] - 1) * v[3] == v[3])) {
      if (v[2] == 1) v[3] = d - v[0];
      v[2]++;
    } else if (n == FT_VECTORS) {
      n = -1;
    } else {
      v = &g_ft[4 * n++];
      v[0] = d, v[1] = len, v[2] = 1, v[3] = 0;
    }
    i = j;
  }
  free(lay);
  free(marks);
  return n > 0 ? n : 0;
}

void bgt_rec_file_set_view(bgt_call *c, MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                           MPI_Datatype filetype) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  MPI_Count lb = 0, extent = 0, tlb = 0, text = 0, size = 0;
  if (filetype != MPI_DATATYPE_NULL) {
    PMPI_Type_get_extent_x(filetype, &lb, &extent);
    PMPI_Type_get_true_extent_x(filetype, &tlb, &text);
    PMPI_Type_size_x(filetype, &size);
  }
  /* Bytes one after the other from the displacement need no runs: size = extent, lb 0. */
  int plain = size == extent && lb == 0 && tlb == 0 && text == size;
  int runs = plain ? 0 : filetype_runs(filetype, size, tlb, text);
  g_files[fid].etsize = type_size(etype);
  g_files[fid].disp = (int64_t) disp;
  begin_event(c, BGT_FILE_SET_VIEW);
  put(F_FILE, fid);
  put(F_DISP, (int64_t) disp);
  put(F_ETSIZE, g_files[fid].etsize);
  put(F_FTEXT, (int64_t) extent);
  put(F_FTSIZE, (int64_t) size);
  put(F_FTLB, (int64_t) lb);
  if (runs > 0) put_list64(F_FTRUNS, g_ft, 4 * runs);
  end_record();
}

/* MPI_File_sync (op), and the other calls that name a file only. */
void bgt_rec_file(bgt_call *c, int op, MPI_File fh) {
  RECORDING(c);
  begin_event(c, op);
  put(F_FILE, file_id(fh));
  end_record();
}

/* A seek (op; shared: MPI_File_seek_shared): the position it left, in bytes. MPI_SEEK_SET's is the
 * argument (the same on every member for a shared seek; the shared pointer read back right after
 * may already have moved, as ROMIO's did under MPI_File_write_shared); the others' is read after
 * the call. */
void bgt_rec_file_seek(bgt_call *c, int op, MPI_File fh, MPI_Offset offset, int whence) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  MPI_Offset pos = offset;
  if (whence != MPI_SEEK_SET) {
    if (op == BGT_FILE_SEEK_SHARED) PMPI_File_get_position_shared(fh, &pos);
    else PMPI_File_get_position(fh, &pos);
  }
  begin_event(c, op);
  put(F_FILE, fid);
  put(F_OFFSET, (int64_t) pos * g_files[fid].etsize + g_files[fid].disp);
  end_record();
}

/* The bytes a read or write moved, from its status: at most what it asked for. A call that failed
 * (an error handler that returns, as a test of errors has) leaves its status undefined; one
 * claiming more than count x size is such a status, and moved nothing. */
static int64_t moved(const MPI_Status *st, MPI_Count count, MPI_Datatype type) {
  int64_t b = status_bytes(st), most = (int64_t) count * type_size(type);
  return b < 0 || b > most ? 0 : b;
}

/* A read or write (op): explicit offset `at` (in etypes) where the call has one, else -1; its
 * bytes from st (NULL: MPI_STATUS_IGNORE, count times size). */
void bgt_rec_file_rw(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                     MPI_Datatype type, const MPI_Status *st) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  begin_event(c, op);
  put(F_FILE, fid);
  if (at >= 0) put(F_OFFSET, (int64_t) at * g_files[fid].etsize + g_files[fid].disp);
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
  put(F_BYTES, st ? moved(st, count, type) : (int64_t) count * type_size(type));
  end_record();
}

/* A nonblocking read or write (op) with its request: the bytes are filled in at completion. */
void bgt_rec_file_irw(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                      MPI_Datatype type, MPI_Request req) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  req_entry *x = req_add(req, R_FILE, 0, 0);
  begin_event(c, op);
  put(F_FILE, fid);
  if (at >= 0) put(F_OFFSET, (int64_t) at * g_files[fid].etsize + g_files[fid].disp);
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
  put(F_REQ, x->id);
  x->rec = record_start();
  x->patch = put_patchable(F_BYTES);
  end_record();
}

/* A split collective's _begin (op): what it asks for; its _end records the bytes moved. */
void bgt_rec_file_begin(bgt_call *c, int op, MPI_File fh, MPI_Offset at, MPI_Count count,
                        MPI_Datatype type) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  begin_event(c, op);
  put(F_FILE, fid);
  if (at >= 0) put(F_OFFSET, (int64_t) at * g_files[fid].etsize + g_files[fid].disp);
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
  end_record();
  g_files[fid].begun = (int64_t) count * type_size(type);
}

void bgt_rec_file_end(bgt_call *c, int op, MPI_File fh, const MPI_Status *st) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  begin_event(c, op);
  put(F_FILE, fid);
  put(F_BYTES, st ? status_bytes(st) : g_files[fid].begun);
  end_record();
}
