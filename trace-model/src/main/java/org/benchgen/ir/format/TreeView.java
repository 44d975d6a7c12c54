package org.benchgen.ir.format;

import java.io.PrintWriter;
import java.util.Locale;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.CpuTime;
import org.benchgen.ir.IntRuns;
import org.benchgen.ir.Loop;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceSummary;

/**
 * The structure of a compressed trace as an indented tree for people: loops with trip counts, RSDs
 * with call, rank list, peers as expressions of the rank ({@code r+1}), sizes and compute time.
 */
public final class TreeView extends NodeScanner {
  private final NodeLabels labels;
  private final PrintWriter out;
  /** The ranks of the enclosing loop: a node names its ranks only where they differ. */
  private RankList parent;
  private String indent = "";

  private TreeView(CompressedTrace t, PrintWriter out) {
    this.labels = new NodeLabels(t);
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
    CpuTime.Share cpu = CpuTime.share(t);
    if (cpu.descheduled() > CpuTime.NOTE) {
      out.printf(Locale.ROOT, "the ranks were descheduled for %.1f %% of their compute time (CPU"
          + " time %s of %s): generate --compute cpu replays CPU time%n", 100 * cpu.descheduled(),
          NodeLabels.duration(cpu.cpuNs()), NodeLabels.duration(cpu.wallNs()));
    }
    out.println();
    new TreeView(t, out).scan(t.body());
  }

  @Override
  public void visitLoop(Loop l) {
    out.println(indent + labels.loop(l, parent));
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
    out.println(indent + labels.rsd(r, parent));
    for (ComputeStat c : r.compute()) {
      out.println(indent + "    " + labels.compute(c));
      for (ComputeStat.RankClass k : c.classes()) {
        out.println(indent + "      " + labels.rankClass(k));
      }
    }
  }
}
