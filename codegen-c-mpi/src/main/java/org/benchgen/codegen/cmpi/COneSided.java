package org.benchgen.codegen.cmpi;

import java.util.List;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.ParamExpressions;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * The C+MPI benchmark's one-sided calls (issue 46): windows of the traced sizes and units by
 * slot, the same operations on the same targets and displacements, the same synchronisation.
 * Buffers are the benchmark's send buffer (what an operation reads) and receive buffer (what it
 * writes), which {@link BufferSizes} sizes from the operations' counts like any call's. A
 * datatype that cannot be named is sent as bytes on both sides (origin and target); an
 * accumulate of such a type replaces (MPI_REPLACE), since MPI reduces bytes by no other
 * operation.
 */
final class COneSided {
  private final Generation g;
  private final CArgs a;
  private final SymbolTable symbols;
  private final DynamicWindows dynamic;

  COneSided(Generation g, CArgs a) {
    this.g = g;
    this.a = a;
    this.symbols = g.trace().symbols();
    this.dynamic = DynamicWindows.of(g.trace());
  }

  /** The statement of RSD {@code c}, a call of kind WINDOW or RMA. */
  OutputModel of(RsdContext c) {
    Op op = c.rsd().op();
    Value slot = c.value(Field.WIN);
    return switch (op) {
      case WIN_CREATE, WIN_ALLOCATE, WIN_ALLOCATE_SHARED -> new OneSidedModel.WinCreate(
          op.name(), slot, c.value(Field.SIZE), c.value(Field.UNIT), a.comm(c));
      // Its size: the region the run-time library attaches for the operations (DynamicWindows).
      case WIN_CREATE_DYNAMIC -> new OneSidedModel.WinCreate(op.name(), slot,
          new Value.Num(dynamic.regionBytes()), new Value.Num(1), a.comm(c));
      case WIN_FREE -> runtime("bg_win_free", slot);
      case WIN_ATTACH -> runtime("bg_win_attach", slot, a.arg(c, Field.SIZE));
      case WIN_DETACH -> runtime("bg_win_detach", slot);
      case WIN_LOCK -> runtime("bg_win_lock", slot, a.arg(c, Field.TARGET), a.arg(c, Field.EXCL));
      case WIN_POST -> runtime("bg_win_post", slot, new CModel.Arg(a.list(c, Field.GROUP)));
      case WIN_START -> runtime("bg_win_start", slot, new CModel.Arg(a.list(c, Field.GROUP)));
      case WIN_FENCE -> call(op, slot, List.of(new CModel.Arg(new Value.Num(0))));
      case WIN_LOCK_ALL -> call(op, slot, List.of(new CModel.Arg(new Value.Num(0))));
      case WIN_UNLOCK, WIN_FLUSH, WIN_FLUSH_LOCAL -> call(op, slot,
          List.of(a.arg(c, Field.TARGET)));
      case WIN_UNLOCK_ALL, WIN_FLUSH_ALL, WIN_FLUSH_LOCAL_ALL, WIN_SYNC, WIN_COMPLETE, WIN_WAIT ->
          call(op, slot, List.of());
      case WIN_TEST -> runtime("bg_win_test", slot, a.arg(c, Field.FLAG));
      default -> operation(c, slot);
    };
  }

  private OutputModel operation(RsdContext c, Value slot) {
    Op op = c.rsd().op();
    List<OutputModel> after = op.createsRequest() ? List.of(new CModel.NewReq(false)) : List.of();
    OutputModel target = a.arg(c, Field.TARGET);
    OutputModel disp = displacement(c, slot, target);
    if (op == Op.FETCH_AND_OP || op == Op.COMPARE_AND_SWAP) {
      // One element of a predefined type (MPI requires one).
      if (!a.namedTypes(c, Field.TYPE)) {
        throw new Unexpressible(where(c) + " has a datatype that is not a predefined one");
      }
      OutputModel type = a.type(c, Field.TYPE);
      return op == Op.FETCH_AND_OP
          ? call(op, slot, List.of(a.sendBuf(), a.recvBuf(), type, target, disp, rmaOp(c, true)))
          : call(op, slot, List.of(a.sendBuf(), a.sendBuf(), a.recvBuf(), type, target, disp));
    }
    boolean named = a.namedTypes(c, Field.TYPE) && a.namedTypes(c, Field.TTYPE)
        && (!op.has(Field.RTYPE) || a.namedTypes(c, Field.RTYPE));
    OutputModel[] origin = side(c, Field.COUNT, Field.TYPE, Field.TSIZE, named);
    OutputModel[] tside = side(c, Field.TCOUNT, Field.TTYPE, Field.TTSIZE, named);
    boolean writes = op == Op.GET || op == Op.RGET;
    List<OutputModel> args = new java.util.ArrayList<>(List.of(writes ? a.recvBuf()
        : a.sendBuf(), origin[0], origin[1]));
    if (op.has(Field.RTYPE)) {
      OutputModel[] result = side(c, Field.RCOUNT, Field.RTYPE, Field.RTSIZE, named);
      args.addAll(List.of(a.recvBuf(), result[0], result[1]));
    }
    args.addAll(List.of(target, disp, tside[0], tside[1]));
    if (op.has(Field.OP)) {
      args.add(rmaOp(c, named));
    }
    return new OneSidedModel.WinCall(op.mpiName(a.large(c)), args, slot, after);
  }

  /**
   * An operation's target displacement: as traced, but where the window may be a dynamic one, the
   * run-time library's (bg_win_disp), since the traced one is an address in the traced program's
   * memory; the traced one is passed along only where the slot may hold another kind of window.
   */
  private OutputModel displacement(RsdContext c, Value slot, OutputModel target) {
    if (!dynamic.mayBeDynamic(c.rsd().param(Field.WIN))) {
      return a.arg(c, Field.TDISP);
    }
    g.approximations().note("an operation on a window of MPI_Win_create_dynamic was made at the"
        + " start of a region the benchmark attached to it for its operations (the traced"
        + " displacement is an address in the traced program's memory)");
    Value traced = dynamic.onlyDynamic(c.rsd().param(Field.WIN)) ? new Value.Num(0)
        : c.value(Field.TDISP);
    return new OneSidedModel.WinDisp(slot, target, traced);
  }

  /** A side's count and datatype: as traced, or in bytes (MPI_BYTE) where not {@code named}. */
  private OutputModel[] side(RsdContext c, Field count, Field type, Field size, boolean named) {
    if (named) {
      return new OutputModel[] {a.arg(c, count), a.type(c, type)};
    }
    g.approximations().note("a one-sided operation of a datatype that is not a predefined MPI"
        + " type was made on bytes (MPI_BYTE, count x type size, origin and target alike)");
    return new OutputModel[] {new CModel.Arg(a.times(c.value(count), c.value(size))),
        new CModel.Arg(new Value.TypeName("MPI_BYTE"))};
  }

  /**
   * An accumulate's operation: as traced (MPI has only predefined ones for one-sided
   * operations); MPI_REPLACE on bytes, where the datatype is not {@code named} and the traced
   * operation is not one that moves data unchanged (MPI_REPLACE, MPI_NO_OP).
   */
  private OutputModel rmaOp(RsdContext c, boolean named) {
    boolean known = c.rsd().param(Field.OP).leaves().allMatch(id -> !Sym.isSymbol(id)
        && CNames.OPS.contains(symbols.name(id)) && !symbols.name(id).equals("MPI_OP_NULL"));
    if (!known) {
      throw new Unexpressible(where(c) + " has an operation that is not a predefined one");
    }
    boolean unchanged = c.rsd().param(Field.OP).leaves().allMatch(id -> symbols.name(id)
        .equals("MPI_REPLACE") || symbols.name(id).equals("MPI_NO_OP"));
    if (!named && !unchanged) {
      g.approximations().note("an accumulate of a datatype that is not a predefined MPI type"
          + " was made as MPI_REPLACE of bytes");
      return new CModel.Arg(new Value.OpName("MPI_REPLACE"));
    }
    return new CModel.Arg(c.value(Field.OP, new ParamExpressions.Leaf(id -> new Value.OpName(
        symbols.name(id)), "op")));
  }

  private static OutputModel runtime(String function, Value slot, OutputModel... args) {
    return new OneSidedModel.WinRuntime(function, slot, List.of(args));
  }

  private static OutputModel call(Op op, Value slot, List<OutputModel> args) {
    return new OneSidedModel.WinCall(op.mpiName(), args, slot, List.of());
  }

  private static String where(RsdContext c) {
    return org.benchgen.codegen.SafeText.printable(c.rsd().op().mpiName() + " at "
        + c.rsd().site());
  }

  /** Whether {@code op} is one of the calls this class makes. */
  static boolean makes(Op op) {
    return op.kind() == OpKind.WINDOW || op.kind() == OpKind.RMA;
  }
}
