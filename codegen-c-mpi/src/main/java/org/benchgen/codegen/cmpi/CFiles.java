package org.benchgen.codegen.cmpi;

import java.util.List;
import java.util.stream.LongStream;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
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
          a.arg(c, Field.AMODE), orUnknown(c, Field.FSIZE));
      case FILE_CLOSE -> new CFileModel.FileClose(file);
      case FILE_DELETE -> new CFileModel.FileDelete(a.arg(c, Field.FNAME));
      case FILE_SET_SIZE, FILE_PREALLOCATE -> new CFileModel.FileSize(op.mpiName(), file,
          a.arg(c, Field.FSIZE));
      case FILE_SET_VIEW -> view(c, file);
      case FILE_SYNC -> new CFileModel.FileSync(file);
      case FILE_SEEK, FILE_SEEK_SHARED -> new CFileModel.FileSeek(file, a.arg(c, Field.OFFSET),
          op == Op.FILE_SEEK_SHARED);
      case FILE_READ_AT_ALL_END, FILE_WRITE_AT_ALL_END, FILE_READ_ALL_END, FILE_WRITE_ALL_END,
          FILE_READ_ORDERED_END, FILE_WRITE_ORDERED_END ->
          new CFileModel.FileEnd(op.mpiName(), file);
      default -> access(c, op, fn, file);
    };
  }

  /**
   * Whether a read or write is made in its large-count form (MPI_File_write_c): where it was
   * traced so with a predefined datatype. One past an int's count in bytes (a derived datatype)
   * takes a datatype of its bytes instead ({@link #access}): MPICH's ROMIO asserts that a
   * large-count form's count fits an int.
   */
  boolean large(RsdContext c) {
    Op op = c.rsd().op();
    return op.has(Field.LARGE) && c.has(Field.LARGE) && a.namedTypes(c, Field.TYPE)
        && c.rsd().param(Field.LARGE).leaves().anyMatch(x -> x == 1);
  }

  /**
   * A view: bytes from the displacement where the traced filetype was bytes one after the other,
   * else its layout (docs/codegen.md, "A view's layout"): the traced runs of bytes, or where the
   * trace kept none (a filetype of too many), its size from its lower bound, in its extent.
   */
  private OutputModel view(RsdContext c, OutputModel file) {
    if (!c.has(Field.FTSIZE)) {
      return new CFileModel.FileView(file, a.arg(c, Field.DISP));
    }
    if (approximated(c)) {
      g().note("a view's filetype whose layout the trace did not keep (too many runs of bytes,"
          + " or spread too wide) was remade as its size in bytes from its lower bound, in its"
          + " extent");
    }
    return new CFileModel.FileLayout(file, a.arg(c, Field.DISP),
        orUnknown(c, Field.FTLB), a.arg(c, Field.FTEXT), a.arg(c, Field.FTSIZE),
        c.has(Field.FTRUNS) ? new CModel.Arg(a.list(c, Field.FTRUNS, 1, true))
            : new CModel.Arg(new Value.TypeName("NULL")));
  }

  /**
   * Whether a rank whose view the trace kept no runs of bytes for had a filetype that was not
   * bytes from 0 (size = extent, lower bound 0): its layout is then approximated.
   */
  private static boolean approximated(RsdContext c) {
    Param runs = c.rsd().param(Field.FTRUNS);
    List<RankList> without = runs.isAbsent() ? List.of(c.rsd().ranks())
        : runs.entries().stream().filter(e -> e.values().seq().leaves().anyMatch(Sym::isSymbol))
            .map(ParamEntry::ranks).toList();
    for (RankList w : without) {
      long[] sizes = leaves(c, Field.FTSIZE, w);
      long[] extents = leaves(c, Field.FTEXT, w);
      long[] lbs = leaves(c, Field.FTLB, w);
      boolean plain = LongStream.concat(LongStream.of(sizes), LongStream.of(extents)).distinct()
          .count() <= 1 && LongStream.of(lbs).allMatch(x -> x == 0);
      if (!plain) {
        return true;
      }
    }
    return false;
  }

  /** The numbers field {@code f} takes on the ranks of {@code w}. */
  private static long[] leaves(RsdContext c, Field f, RankList w) {
    return c.rsd().param(f).entries().stream().filter(e -> e.ranks().intersects(w))
        .flatMapToLong(e -> e.values().seq().leaves()).filter(x -> !Sym.isSymbol(x)).toArray();
  }

  private org.benchgen.codegen.Approximations g() {
    return a.approximations();
  }

  /** A number where the trace has it, else -1 (older traces: unknown). */
  private OutputModel orUnknown(RsdContext c, Field f) {
    return c.has(f) ? a.arg(c, f) : new CModel.Arg(new Value.Num(-1));
  }

  private OutputModel access(RsdContext c, Op op, String fn, OutputModel file) {
    long count = max(c, Field.COUNT);
    long extent = Math.max(max(c, Field.TSIZE), c.has(Field.EXT) ? max(c, Field.EXT) : 0);
    largest = Math.max(largest, Math.multiplyHigh(count, extent) == 0 ? count * extent
        : Long.MAX_VALUE);
    boolean begin = op.mpiName().endsWith("_begin");
    OutputModel tail = begin ? null : op.has(Field.REQ) ? new CModel.NewReq(false)
        : new CModel.StatusIgnore();
    OutputModel offset = op.has(Field.OFFSET) ? a.arg(c, Field.OFFSET) : null;
    long most = Math.multiplyHigh(count, max(c, Field.TSIZE)) == 0
        ? count * max(c, Field.TSIZE) : Long.MAX_VALUE;
    if (!a.namedTypes(c, Field.TYPE) && most > Integer.MAX_VALUE) {
      // Past an int's count in bytes: one datatype of its bytes, a count of 1 (a.type notes
      // that the derived datatype is made as bytes).
      a.type(c, Field.TYPE);
      return new CFileModel.FileAccess(fn, file, offset, new CModel.Arg(new Value.Num(1)),
          new CFileModel.IoBytes(a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE)), tail);
    }
    return new CFileModel.FileAccess(fn, file, offset,
        a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE), a.type(c, Field.TYPE), tail);
  }

  private static long max(RsdContext c, Field f) {
    return c.rsd().param(f).leaves().filter(v -> !Sym.isSymbol(v)).max().orElse(0);
  }

  private static long min(RsdContext c, Field f) {
    return c.rsd().param(f).leaves().filter(v -> !Sym.isSymbol(v)).min().orElse(0);
  }
}
