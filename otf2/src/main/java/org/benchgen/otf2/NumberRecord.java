package org.benchgen.otf2;

import java.util.List;

/**
 * OTF2's one-sided (RMA) and MPI-IO event records, whose fields are numbers, as the bridge passes
 * them both ways (docs/otf2.md, "One-sided communication" and "MPI-IO"): each one's kind code in
 * the rank files ({@code bg_otf2_records.h} and {@code bg_otf2_write.c} number them alike), its
 * name in the bridge's lines, whether a collective operation's name comes first, and its fields
 * after the time, in order.
 */
enum NumberRecord {
  WIN_CREATE(17, "rma_win_create", false, "win"),
  WIN_DESTROY(18, "rma_win_destroy", false, "win"),
  COLLECTIVE_BEGIN(19, "rma_coll_begin", false),
  COLLECTIVE_END(20, "rma_coll_end", true, "level", "win", "root", "sent", "received"),
  GROUP_SYNC(21, "rma_group_sync", false, "level", "win", "group"),
  REQUEST_LOCK(22, "rma_request_lock", false, "win", "remote", "lock", "type"),
  RELEASE_LOCK(23, "rma_release_lock", false, "win", "remote", "lock"),
  SYNC(24, "rma_sync", false, "win", "remote", "type"),
  PUT(25, "rma_put", false, "win", "remote", "bytes", "matching"),
  GET(26, "rma_get", false, "win", "remote", "bytes", "matching"),
  ATOMIC(27, "rma_atomic", false, "win", "remote", "type", "sent", "received", "matching"),
  OP_COMPLETE_BLOCKING(28, "rma_op_complete_blocking", false, "win", "matching"),
  OP_COMPLETE_NON_BLOCKING(29, "rma_op_complete_non_blocking", false, "win", "matching"),
  OP_COMPLETE_REMOTE(30, "rma_op_complete_remote", false, "win", "matching"),
  IO_CREATE_HANDLE(31, "io_create_handle", false, "handle", "mode", "creation", "status"),
  IO_DESTROY_HANDLE(32, "io_destroy_handle", false, "handle"),
  /** The requested offset zigzag-coded (it may be negative), where it leads, in bytes. */
  IO_SEEK(33, "io_seek", false, "handle", "request", "whence", "result"),
  IO_DELETE_FILE(34, "io_delete_file", false, "paradigm", "file"),
  IO_OPERATION_BEGIN(35, "io_op_begin", false, "handle", "mode", "flags", "bytes", "matching"),
  IO_OPERATION_ISSUED(36, "io_op_issued", false, "handle", "matching"),
  IO_OPERATION_COMPLETE(37, "io_op_complete", false, "handle", "bytes", "matching"),
  IO_OPERATION_TEST(38, "io_op_test", false, "handle", "matching"),
  /** An operation of a request form tested and found incomplete (MPI_Test of an MPI_Rget). */
  OP_TEST(39, "rma_op_test", false, "win", "matching");

  /** OTF2's "all targets" (OTF2_UNDEFINED_UINT32): MPI_Win_lock_all's, a flush of all. */
  static final long ALL_TARGETS = 0xFFFFFFFFL;
  /** OTF2_RmaSyncLevel: none (MPI_Win_test that found the epoch open), process, memory. */
  static final long LEVEL_NONE = 0;
  static final long LEVEL_PROCESS = 1;
  static final long LEVEL_MEMORY = 2;
  /** OTF2_LockType. */
  static final long LOCK_EXCLUSIVE = 0;
  static final long LOCK_SHARED = 1;
  /** OTF2_RmaAtomicType: those MPI's calls make. */
  static final long ATOMIC_ACCUMULATE = 0;
  static final long ATOMIC_COMPARE_AND_SWAP = 3;
  static final long ATOMIC_FETCH_AND_ACCUMULATE = 7;
  /** OTF2_RmaSyncType: memory (MPI_Win_flush, MPI_Win_sync). */
  static final long SYNC_MEMORY = 0;
  /** OTF2_IoOperationMode and OTF2_IoOperationFlag. */
  static final long IO_READ = 0;
  static final long IO_WRITE = 1;
  static final long IO_FLUSH = 2;
  static final long IO_NON_BLOCKING = 1;
  static final long IO_COLLECTIVE = 2;

  final int code;
  final String line;
  final boolean hasOp;
  final List<String> fields;

  NumberRecord(int code, String line, boolean hasOp, String... fields) {
    this.code = code;
    this.line = line;
    this.hasOp = hasOp;
    this.fields = List.of(fields);
  }

  /** The record of kind code {@code code}, or null. */
  static NumberRecord of(int code) {
    for (NumberRecord r : values()) {
      if (r.code == code) {
        return r;
      }
    }
    return null;
  }

  /** The index of field {@code name} in {@link #fields}. */
  int field(String name) {
    int i = fields.indexOf(name);
    if (i < 0) {
      throw new IllegalStateException(line + " has no field " + name);
    }
    return i;
  }
}
