package org.benchgen.otf2;

/**
 * An MPI-IO access mode (the trace's bits, docs/trace-format.md "MPI-IO") as OTF2's
 * IoCreateHandle says it, both ways: the access (read only, write only, read-write), creation
 * flags ({@code MPI_MODE_CREATE}: create, {@code EXCL}: exclusive, {@code UNIQUE_OPEN}: unique,
 * {@code SEQUENTIAL}: no seek) and status flags ({@code APPEND}: append, {@code DELETE_ON_CLOSE}:
 * delete on close, which Score-P writes as close-on-exec, so the import reads both so).
 */
final class IoModes {
  // The trace's bits.
  private static final long CREATE = 1;
  private static final long RDONLY = 2;
  private static final long WRONLY = 4;
  private static final long RDWR = 8;
  private static final long DELETE_ON_CLOSE = 16;
  private static final long UNIQUE_OPEN = 32;
  private static final long EXCL = 64;
  private static final long APPEND = 128;
  private static final long SEQUENTIAL = 256;
  // OTF2's.
  private static final long READ_ONLY = 0;
  private static final long WRITE_ONLY = 1;
  private static final long READ_WRITE = 2;
  private static final long FLAG_CREATE = 1;
  private static final long FLAG_EXCLUSIVE = 1 << 3;
  private static final long FLAG_NO_SEEK = 1 << 9;
  private static final long FLAG_UNIQUE = 1 << 10;
  private static final long STATUS_CLOSE_ON_EXEC = 1;
  private static final long STATUS_APPEND = 1 << 1;
  private static final long STATUS_DELETE_ON_CLOSE = 1 << 8;

  private IoModes() {}

  /** {@code amode} as OTF2's access mode, creation flags and status flags. */
  static long[] toOtf2(long amode) {
    long access = (amode & RDWR) != 0 ? READ_WRITE : (amode & WRONLY) != 0 ? WRITE_ONLY
        : READ_ONLY;
    long creation = ((amode & CREATE) != 0 ? FLAG_CREATE : 0)
        | ((amode & EXCL) != 0 ? FLAG_EXCLUSIVE : 0)
        | ((amode & UNIQUE_OPEN) != 0 ? FLAG_UNIQUE : 0)
        | ((amode & SEQUENTIAL) != 0 ? FLAG_NO_SEEK : 0);
    long status = ((amode & APPEND) != 0 ? STATUS_APPEND : 0)
        | ((amode & DELETE_ON_CLOSE) != 0 ? STATUS_DELETE_ON_CLOSE : 0);
    return new long[] {access, creation, status};
  }

  /** The access mode OTF2's {@code access}, {@code creation} and {@code status} say. */
  static long fromOtf2(long access, long creation, long status) {
    long amode = access == READ_WRITE ? RDWR : access == WRITE_ONLY ? WRONLY : RDONLY;
    amode |= (creation & FLAG_CREATE) != 0 ? CREATE : 0;
    amode |= (creation & FLAG_EXCLUSIVE) != 0 ? EXCL : 0;
    amode |= (creation & FLAG_UNIQUE) != 0 ? UNIQUE_OPEN : 0;
    amode |= (creation & FLAG_NO_SEEK) != 0 ? SEQUENTIAL : 0;
    amode |= (status & STATUS_APPEND) != 0 ? APPEND : 0;
    amode |= (status & (STATUS_DELETE_ON_CLOSE | STATUS_CLOSE_ON_EXEC)) != 0 ? DELETE_ON_CLOSE
        : 0;
    return amode;
  }

  /** Whether {@code amode} opens exclusively (an open that succeeded found no file). */
  static boolean exclusive(long amode) {
    return (amode & EXCL) != 0;
  }

  /** Whether {@code amode} deletes the file when it is closed. */
  static boolean deletesOnClose(long amode) {
    return (amode & DELETE_ON_CLOSE) != 0;
  }
}
