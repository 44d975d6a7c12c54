/* benchgen tracer: what the format records for MPI-IO (docs/tracer.md, "MPI-IO"). A file handle is
 * named by an id, as a communicator is: the lowest number no file open on this rank holds, given
 * back by MPI_File_close, so the members of a collective open agree on it without talking, and a
 * file opened and closed in a loop keeps one id. A file's name never leaves the rank: it is
 * recorded as its number among the names this rank opened or deleted (the first 0), so that a
 * benchmark opens the same file again and deletes the one it made. Offsets are recorded in bytes:
 * an explicit offset (in etypes of the file's view) times the view's etype size, plus the view's
 * displacement, which this table keeps for each file. */
#include "core.h"

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
  begin_event(c, BGT_FILE_OPEN);
  put(F_COMM, cid);
  put(F_FILE, fid);
  put(F_AMODE, amode_value(amode));
  put(F_FNAME, name_number(name));
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

void bgt_rec_file_set_view(bgt_call *c, MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                           MPI_Datatype filetype) {
  RECORDING(c);
  int64_t fid = file_id(fh);
  MPI_Count lb = 0, extent = 0;
  if (filetype != MPI_DATATYPE_NULL) PMPI_Type_get_extent_x(filetype, &lb, &extent);
  g_files[fid].etsize = type_size(etype);
  g_files[fid].disp = (int64_t) disp;
  begin_event(c, BGT_FILE_SET_VIEW);
  put(F_FILE, fid);
  put(F_DISP, (int64_t) disp);
  put(F_ETSIZE, g_files[fid].etsize);
  put(F_FTEXT, (int64_t) extent);
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
  put(F_BYTES, st ? status_bytes(st) : (int64_t) count * type_size(type));
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
