package org.benchgen.ir.format;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
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
import org.benchgen.ir.SiteTable;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * One line for people per node of a compressed trace: a loop with its trip counts, an RSD with
 * its call, parameters (peers as expressions of the rank, {@code r+1}), size, rank list and site,
 * a compute-time summary. Shared by {@code show}'s tree and the HTML report's. Lines never hold a
 * line break, whatever a site's name holds.
 */
public final class NodeLabels {
  private final ValueText values;
  private final SiteTable sites;

  public NodeLabels(CompressedTrace t) {
    this.values = new ValueText(t.symbols());
    this.sites = t.sites();
  }

  /**
   * A site for people: {@code @HASH}, and its place in the program where the trace knows it
   * ({@code @2ad6d10d932e (ring.c:40 main)}, issue 48).
   */
  public String site(String site) {
    return ("@" + site + sites.label(site).map(l -> " (" + l + ")").orElse(""))
        .replace('\n', ' ');
  }

  /** A loop, naming its ranks where they differ from {@code parent}'s. */
  public String loop(Loop l, RankList parent) {
    return "loop x" + param(l.trips(), FieldKind.INT, false, l.ranks()) + ranks(l, parent);
  }

  /** An RSD, naming its ranks where they differ from {@code parent}'s. */
  public String rsd(Rsd r, RankList parent) {
    StringBuilder b = new StringBuilder(r.op().mpiName());
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
    return b.append(ranks(r, parent)).append("  ").append(site(r.site())).toString()
        .replace('\n', ' ');
  }

  /** The compute time before an RSD's call, for one call path. */
  public String compute(ComputeStat c) {
    return ("compute " + time(c.time()) + cpu(c.time(), c.cpu()) + " after " + site(c.after()))
        .replace('\n', ' ');
  }

  /** One rank class of a call path's compute, shown under it. */
  public String rankClass(ComputeStat.RankClass c) {
    return "ranks " + c.ranks() + ": " + time(c.time()) + cpu(c.time(), c.cpu());
  }

  /** The mean CPU time beside the wall time, and the share descheduled; empty without one. */
  private static String cpu(Histogram time, OptionalDouble cpu) {
    if (cpu.isEmpty()) {
      return "";
    }
    double d = time.mean() > 0 ? 1 - cpu.getAsDouble() / time.mean() : 0;
    return ", CPU " + duration(cpu.getAsDouble())
        + (d > 0 ? String.format(Locale.ROOT, " (descheduled %.1f %%)", 100 * d) : "");
  }

  private static String ranks(Node n, RankList parent) {
    return n.ranks().equals(parent) ? "" : "  [ranks " + n.ranks() + "]";
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
  public static String time(Histogram h) {
    return "mean " + duration(h.mean()) + " sd " + duration(h.sd()) + " (min "
        + duration(h.min()) + ", max " + duration(h.max()) + ", n=" + h.count() + ")";
  }

  /** Nanoseconds in the unit that reads best: ns, us, ms or s. */
  public static String duration(double ns) {
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
