package org.benchgen.ir.format;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalLong;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.IntRuns;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceSummary;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * The structure of a compressed trace as an indented tree for people: loops with trip counts, RSDs
 * with call, rank list, peers as expressions of the rank ({@code r+1}), sizes and compute time.
 */
public final class TreeView extends NodeScanner {
  private final ValueText values;
  private final PrintWriter out;
  /** The ranks of the enclosing loop: a node names its ranks only where they differ. */
  private RankList parent;
  private String indent = "";

  private TreeView(CompressedTrace t, PrintWriter out) {
    this.values = new ValueText(t.symbols());
    this.out = out;
    this.parent = RankList.range(0, t.worldSize());
  }

  /** Prints {@code t}'s summary and tree. */
  public static void print(CompressedTrace t, PrintWriter out) {
    TraceSummary s = TraceSummary.of(t);
    out.printf(Locale.ROOT,
        "%d ranks, %d RSDs, %d loops (nested %d deep), %d communicators besides the"
        + " world%n", s.ranks(), s.rsds(), s.loops(), s.maxDepth(), s.comms());
    for (CommDef c : t.comms()) {
      out.println("comm " + c.id() + ": world ranks "
          + IntRuns.format(c.members().stream().mapToInt(Integer::intValue).toArray()));
    }
    out.println();
    new TreeView(t, out).scan(t.body());
  }

  private String ranks(Node n) {
    return n.ranks().equals(parent) ? "" : "  [ranks " + n.ranks() + "]";
  }

  @Override
  public void visitLoop(Loop l) {
    out.println(indent + "loop x" + param(l.trips(), FieldKind.INT, false, l.ranks()) + ranks(l));
    RankList outer = parent;
    String outerIndent = indent;
    parent = l.ranks();
    indent = indent + "  ";
    super.visitLoop(l);
    parent = outer;
    indent = outerIndent;
  }

  @Override
  public void visitRsd(Rsd r) {
    StringBuilder b = new StringBuilder(indent).append(r.op().mpiName());
    for (int i = 0; i < r.params().size(); i++) {
      Param p = r.params().get(i);
      Field f = r.op().fields().get(i);
      if (!p.isAbsent() && f != Field.TSIZE && f != Field.RTSIZE) {
        b.append(' ').append(f.key()).append('=').append(param(p, f.kind(), f.isPeer(),
            r.ranks()));
      }
    }
    OptionalLong count = constant(r.param(Field.COUNT));
    OptionalLong tsize = constant(r.param(Field.TSIZE));
    // The message size; a send to MPI_PROC_NULL moves nothing, as stats counts it.
    boolean toNull = r.op().has(Field.DEST) && constant(r.param(Field.DEST))
        .equals(OptionalLong.of(Sym.PROC_NULL.code()));
    if (count.isPresent() && tsize.isPresent() && !toNull) {
      b.append(" (").append(count.getAsLong() * tsize.getAsLong()).append(" B)");
    }
    out.println(b.append(ranks(r)).append("  @").append(r.site()).toString().replace('\n', ' '));
    for (ComputeStat c : r.compute()) {
      out.println(indent + "    compute " + time(c.time()) + " after @" + c.after()
          .replace('\n', ' '));
    }
  }

  private static OptionalLong constant(Param p) {
    return p.entries().size() == 1 ? p.entries().get(0).values().seq().constant()
        : OptionalLong.empty();
  }

  private String param(Param p, FieldKind kind, boolean peer, RankList nodeRanks) {
    StringBuilder b = new StringBuilder();
    for (ParamEntry e : p.entries()) {
      if (b.length() > 0) {
        b.append("; ");
      }
      values.seq(b, e.values().seq(), kind, e.values() instanceof EntryValues.Relative, "r");
      if (p.entries().size() > 1 || !e.ranks().equals(nodeRanks)) {
        b.append(" on ").append(e.ranks());
      }
    }
    return b.toString();
  }

  /** A summary like {@code mean 1.20 ms sd 0.05 ms, n=400}. */
  static String time(Histogram h) {
    return "mean " + duration(h.mean()) + " sd " + duration(h.sd()) + " (min "
        + duration(h.min()) + ", max " + duration(h.max()) + ", n=" + h.count() + ")";
  }

  static String duration(double ns) {
    if (ns < 1e3) {
      return String.format(Locale.ROOT, "%.0f ns", ns);
    } else if (ns < 1e6) {
      return String.format(Locale.ROOT, "%.2f us", ns / 1e3);
    } else if (ns < 1e9) {
      return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
  }
}
