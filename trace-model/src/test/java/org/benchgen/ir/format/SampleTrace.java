package org.benchgen.ir.format;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.rep;
import static org.benchgen.ir.Nodes.seq;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * One small compressed trace twice, both written by hand: as text in the canonical spelling of
 * docs/compressed-format.md, and as the IR it stands for. 4 ranks; a ring loop (relative peers, a
 * symbol, a repeat, a group, a request list, two call paths of compute); a loop of ranks 1 and 3
 * only, whose trips and peers differ by rank, in communicator 1; names with a space.
 */
final class SampleTrace {
  private SampleTrace() {}

  static final String TEXT = HandWrittenTrace.text(
      "benchgen-compressed 1",
      "world 4",
      "comm 1 members=3,1",
      "MPI_Init site=main.c:8",
      "    duration 10*4",
      "loop trips=5 {",
      "  MPI_Irecv site=ring.c:12 comm=0 src=-1 tag=ANY_TAG count=8 type=MPI_DOUBLE tsize=8 req=0"
          + " bytes=64*4,0",
      "      compute ^ 100*4",
      "      compute ring.c:14 40*16",
      "      duration 5",
      "  MPI_Isend site=ring.c:13 comm=0 dest=+1 tag=(1,2)*2,3 count=8 type=MPI_DOUBLE tsize=8"
          + " req=0",
      "      duration 6*20",
      "  MPI_Waitall site=ring.c:14 reqs=[1,0]",
      "      duration 20*20",
      "}",
      "loop ranks=1,3 trips=1@1;2@3 {",
      "  MPI_Send site=odd%20rank.c:5 comm=1 dest=PROC_NULL@1;1@3 tag=7 count=2,4 type=MPI_INT"
          + " tsize=4",
      "      duration 8*3",
      "}",
      "MPI_Finalize site=main.c:30",
      "    compute ring.c:14 50*2",
      "    compute ^ 60*2",
      "    duration 30");

  static final List<CommDef> COMMS = List.of(new CommDef(1, List.of(3, 1)));

  /** The trace of {@link #TEXT}, its names and lists interned in {@code symbols}. */
  static CompressedTrace trace(SymbolTable symbols) {
    return new CompressedTrace(4, COMMS, body(symbols), symbols);
  }

  /** The top-level nodes of {@link #TEXT}, its names and lists interned in {@code symbols}. */
  static List<Node> body(SymbolTable symbols) {
    RankList all = RankList.range(0, 4);
    RankList odd = RankList.of(1, 3);
    long dbl = symbols.name("MPI_DOUBLE");
    long mpiInt = symbols.name("MPI_INT");
    Rsd init = new Rsd(Op.INIT, "main.c:8", all, params(Op.INIT), List.of(), new CallTime(4, 10));
    Rsd irecv = new Rsd(Op.IRECV, "ring.c:12", all, params(Op.IRECV,
        Field.COMM, plain(all, leaf(0)),
        Field.SRC, one(all, new EntryValues.Relative(seq(leaf(-1)))),
        Field.TAG, plain(all, leaf(Sym.ANY_TAG.code())), Field.COUNT, plain(all, leaf(8)),
        Field.TYPE, plain(all, leaf(dbl)), Field.TSIZE, plain(all, leaf(8)),
        Field.REQ, plain(all, leaf(0)), Field.BYTES, plain(all, rep(4, leaf(64)), leaf(0))),
        List.of(new ComputeStat("main.c:8", constant(4, 100, 7)),
            new ComputeStat("ring.c:14", constant(16, 40, 6))),
        new CallTime(20, 5));
    Rsd isend = new Rsd(Op.ISEND, "ring.c:13", all, params(Op.ISEND,
        Field.COMM, plain(all, leaf(0)), Field.DEST, one(all,
            new EntryValues.Relative(seq(leaf(1)))),
        Field.TAG, plain(all, rep(2, leaf(1), leaf(2)), leaf(3)), Field.COUNT, plain(all, leaf(8)),
        Field.TYPE, plain(all, leaf(dbl)), Field.TSIZE, plain(all, leaf(8)),
        Field.REQ, plain(all, leaf(0))), List.of(), new CallTime(20, 6));
    Rsd waitall = new Rsd(Op.WAITALL, "ring.c:14", all, params(Op.WAITALL,
        Field.REQS, plain(all, leaf(symbols.list(new long[] {1, 0})))), List.of(),
        new CallTime(20, 20));
    Rsd send = new Rsd(Op.SEND, "odd rank.c:5", odd, params(Op.SEND,
        Field.COMM, plain(odd, leaf(1)),
        Field.DEST, new Param(List.of(
            new ParamEntry(new EntryValues.Absolute(seq(leaf(Sym.PROC_NULL.code()))),
                RankList.of(1)),
            new ParamEntry(new EntryValues.Absolute(seq(leaf(1))), RankList.of(3)))),
        Field.TAG, plain(odd, leaf(7)), Field.COUNT, plain(odd, leaf(2), leaf(4)),
        Field.TYPE, plain(odd, leaf(mpiInt)), Field.TSIZE, plain(odd, leaf(4))), List.of(),
        new CallTime(3, 8));
    Loop odds = new Loop(odd, new Param(List.of(
        new ParamEntry(new EntryValues.Plain(seq(leaf(1))), RankList.of(1)),
        new ParamEntry(new EntryValues.Plain(seq(leaf(2))), RankList.of(3)))), List.of(send));
    Rsd finalize = new Rsd(Op.FINALIZE, "main.c:30", all, params(Op.FINALIZE),
        List.of(new ComputeStat("ring.c:14", constant(2, 50, 6)),
            new ComputeStat("odd rank.c:5", constant(2, 60, 6))),
        new CallTime(4, 30));
    return List.of(init, new Loop(all, plain(all, leaf(5)), List.of(irecv, isend, waitall)),
        odds, finalize);
  }

  /** {@code n} values all equal to {@code v}, in bin {@code bin} (worked out by hand). */
  static Histogram constant(long n, long v, int bin) {
    return new Histogram(n, v, v, v, 0.0, List.of(new Histogram.Bin(bin, n)));
  }

  /** The params of {@code op} in slot order: fields each followed by its param; the rest absent. */
  static List<Param> params(Op op, Object... fieldThenParam) {
    List<Param> out = new ArrayList<>(Collections.nCopies(op.fields().size(), Param.none()));
    for (int i = 0; i < fieldThenParam.length; i += 2) {
      out.set(op.slot((Field) fieldThenParam[i]), (Param) fieldThenParam[i + 1]);
    }
    return out;
  }

  static Param plain(RankList ranks, VNode... nodes) {
    return one(ranks, new EntryValues.Plain(seq(nodes)));
  }

  static Param one(RankList ranks, EntryValues values) {
    return new Param(List.of(new ParamEntry(values, ranks)));
  }
}
