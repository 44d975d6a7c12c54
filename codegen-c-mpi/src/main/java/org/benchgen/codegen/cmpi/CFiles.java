package org.benchgen.codegen.cmpi;

import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * The MPI-IO calls of a C+MPI benchmark (docs/codegen.md, "MPI-IO"): the same calls, in each
 * rank's order, on the same files (by slot and name number) with the same counts and datatypes,
 * offsets and views as bytes; every read and write uses one buffer of the largest one's size.
 */
final class CFiles {
  private final CArgs a;
  /** The largest read or write, in bytes of memory (count times extent). */
  private long largest;
  private boolean used;

  CFiles(CArgs a) {
    this.a = a;
  }

  /** Whether the program does MPI-IO (and so needs its set-up). */
  boolean used() {
    return used;
  }

  /** The set-up: the scratch directory and the buffer. */
  OutputModel setup() {
    return new CFileModel.IoSetup(Math.max(1, largest));
  }

  /** The call of one MPI-IO RSD; {@code fn} its function (a large-count form's where traced so). */
  OutputModel of(RsdContext c, String fn) {
    used = true;
    Op op = c.rsd().op();
    OutputModel file = op.has(Field.FILE) ? a.arg(c, Field.FILE) : null;
    return switch (op) {
      case FILE_OPEN -> new CFileModel.FileOpen(a.comm(c), file, a.arg(c, Field.FNAME),
          a.arg(c, Field.AMODE));
      case FILE_CLOSE -> new CFileModel.FileClose(file);
      case FILE_DELETE -> new CFileModel.FileDelete(a.arg(c, Field.FNAME));
      case FILE_SET_SIZE, FILE_PREALLOCATE -> new CFileModel.FileSize(op.mpiName(), file,
          a.arg(c, Field.FSIZE));
      case FILE_SET_VIEW -> new CFileModel.FileView(file, a.arg(c, Field.DISP));
      case FILE_SYNC -> new CFileModel.FileSync(file);
      case FILE_SEEK, FILE_SEEK_SHARED -> new CFileModel.FileSeek(file, a.arg(c, Field.OFFSET),
          op == Op.FILE_SEEK_SHARED);
      case FILE_READ_AT_ALL_END, FILE_WRITE_AT_ALL_END, FILE_READ_ALL_END, FILE_WRITE_ALL_END,
          FILE_READ_ORDERED_END, FILE_WRITE_ORDERED_END ->
          new CFileModel.FileEnd(op.mpiName(), file);
      default -> access(c, op, fn, file);
    };
  }

  private OutputModel access(RsdContext c, Op op, String fn, OutputModel file) {
    long count = max(c, Field.COUNT);
    long extent = Math.max(max(c, Field.TSIZE), c.has(Field.EXT) ? max(c, Field.EXT) : 0);
    largest = Math.max(largest, Math.multiplyHigh(count, extent) == 0 ? count * extent
        : Long.MAX_VALUE);
    boolean begin = op.mpiName().endsWith("_begin");
    OutputModel tail = begin ? null : op.has(Field.REQ) ? new CModel.NewReq(false)
        : new CModel.StatusIgnore();
    return new CFileModel.FileAccess(fn, file,
        op.has(Field.OFFSET) ? a.arg(c, Field.OFFSET) : null,
        a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE), a.type(c, Field.TYPE), tail);
  }

  private static long max(RsdContext c, Field f) {
    return c.rsd().param(f).leaves().filter(v -> !Sym.isSymbol(v)).max().orElse(0);
  }
}
