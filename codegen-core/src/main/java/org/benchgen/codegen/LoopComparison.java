package org.benchgen.codegen;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.NodeLabels;
import org.benchgen.stats.TraceComparison;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/**
 * The time spent in each loop region of two traces, region to region: which loops of a benchmark
 * run long or short against the traced application. Both traces are prepared as {@code generate}
 * prepares a trace ({@link Benchmarks#prepare}) and their regions numbered as the program numbers
 * them ({@link Regions}), so the original's regions are the benchmark's L1, L2, ... A region's
 * time is the compute before and the time inside every call it makes, over all its iterations,
 * summed over ranks, from the histograms (count x mean). The benchmark's trace has other call
 * sites, so regions are matched by structure: the same number of regions, and each pair at the
 * same place (depth, enclosing region) with the same ranks, trip counts and calls in its body
 * (operations and ranks, nested loops alike). Any difference and no loop is compared.
 */
public final class LoopComparison {
  /** Regions with less than this share of A's time are shown but not judged: noise. */
  public static final double MIN_SHARE = 0.01;
  /** Labels are cut to this many characters (a trip count may list every rank's). */
  private static final int LABEL_MAX = 60;

  private LoopComparison() {}

  /** Region L{@code number}'s time in nanoseconds in each trace, and what it is. */
  public record RegionTime(int number, String label, double timeA, double timeB) {
    /** B's relative error from A in percent ({@link TraceComparison#error}). */
    public double error() {
      return TraceComparison.error(timeA, timeB);
    }
  }

  /** What the comparison found. */
  public sealed interface Outcome permits Matched, Unmatched {}

  /** Every region matched, in number order, and A's whole time (the base of the shares). */
  public record Matched(List<RegionTime> regions, double totalA) implements Outcome {
    public Matched {
      regions = List.copyOf(regions);
    }

    /** The regions large enough to judge ({@link #MIN_SHARE} of A's time). */
    public List<RegionTime> judged() {
      return regions.stream().filter(r -> r.timeA() >= MIN_SHARE * totalA).toList();
    }

    /** The judged regions outside {@code tolerance} percent, the largest error first. */
    public List<RegionTime> outside(double tolerance) {
      return judged().stream().filter(r -> Math.abs(r.error()) > tolerance)
          .sorted(Comparator.comparingDouble((RegionTime r) -> -Math.abs(r.error()))).toList();
    }
  }

  /** Why regions were not compared. */
  public record Unmatched(String reason) implements Outcome {}

  /** Matches the regions of two prepared traces and sums their times. */
  public static Outcome compare(Benchmarks.Prepared a, Benchmarks.Prepared b) {
    List<Regions.Region> ra = a.regions().all();
    List<Regions.Region> rb = b.regions().all();
    if (ra.size() != rb.size()) {
      return new Unmatched("the loop structures differ: A has " + ra.size()
          + " loop regions, B " + rb.size());
    }
    NodeLabels la = new NodeLabels(a.trace());
    NodeLabels lb = new NodeLabels(b.trace());
    List<RegionTime> out = new ArrayList<>();
    for (int i = 0; i < ra.size(); i++) {
      Regions.Region x = ra.get(i);
      Regions.Region y = rb.get(i);
      if (!sameShape(x, y)) {
        return new Unmatched("the loop structures differ from region L" + x.number() + " on: A "
            + label(x, ra, a.trace(), la) + ", B " + label(y, rb, b.trace(), lb));
      }
      out.add(new RegionTime(x.number(), label(x, ra, a.trace(), la), time(x.nodes()),
          time(y.nodes())));
    }
    return new Matched(out, time(a.trace().body()));
  }

  /** Whether two regions are at the same place and make the same calls in the same loops. */
  static boolean sameShape(Regions.Region x, Regions.Region y) {
    return x.depth() == y.depth() && x.parent() == y.parent() && x.section() == y.section()
        && x.ranks().equals(y.ranks()) && sameTrips(x.loop(), y.loop())
        && sameShape(x.nodes(), y.nodes());
  }

  /**
   * Whether two loop regions have the same trip counts; a section has none of its own (its calls
   * per rank follow from its nodes, which are compared too).
   */
  private static boolean sameTrips(Optional<Loop> x, Optional<Loop> y) {
    return x.isEmpty() || y.isEmpty() || x.get().trips().equals(y.get().trips());
  }

  private static boolean sameLoop(Loop x, Loop y) {
    return x.ranks().equals(y.ranks()) && x.trips().equals(y.trips());
  }

  private static boolean sameShape(List<Node> x, List<Node> y) {
    if (x.size() != y.size()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      Node m = x.get(i);
      Node n = y.get(i);
      boolean same = m instanceof Rsd r && n instanceof Rsd s
          ? r.op() == s.op() && r.ranks().equals(s.ranks())
          : m instanceof Loop l && n instanceof Loop k
          && sameLoop(l, k) && sameShape(l.body(), k.body());
      if (!same) {
        return false;
      }
    }
    return true;
  }

  /**
   * The compute before and the time inside every call of {@code nodes}, in nanoseconds; not the
   * time inside MPI_Init and MPI_Finalize, which is the MPI library's start and end (as in the
   * run time per rank).
   */
  static double time(List<Node> nodes) {
    double[] sum = {0};
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        boolean startOrEnd = r.op().kind() == OpKind.INIT || r.op() == Op.FINALIZE;
        sum[0] += startOrEnd ? 0 : r.duration().total();
        sum[0] += r.computeTotal();
      }
    }.scan(nodes);
    return sum[0];
  }

  /** {@code loop x20: MPI_Send, MPI_Barrier in L1}, cut to {@link #LABEL_MAX} characters. */
  private static String label(Regions.Region r, List<Regions.Region> all, CompressedTrace t,
      NodeLabels labels) {
    RankList parent = r.parent() == 0 ? RankList.range(0, t.worldSize())
        : all.get(r.parent() - 1).ranks();
    String head = r.loop().map(l -> labels.loop(l, parent)).orElse("irregular section"
        + (r.ranks().equals(parent) ? "" : "  [ranks " + r.ranks() + "]"));
    List<String> ops = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd rsd) {
        if (!ops.contains(rsd.op().mpiName())) {
          ops.add(rsd.op().mpiName());
        }
      }
    }.scan(r.nodes());
    String text = head + ": " + String.join(", ", ops) + (r.parent() == 0 ? ""
        : " in L" + r.parent());
    return text.length() <= LABEL_MAX ? text : text.substring(0, LABEL_MAX - 3) + "...";
  }

  /** The regions with the largest time in A, up to {@code max}, and how many were left out. */
  public static void report(Outcome o, double tolerance, int max, PrintWriter out) {
    out.println("time per loop region (L1, L2, ... as the C+MPI benchmark names them), summed"
        + " over ranks");
    if (o instanceof Unmatched u) {
      out.println("  not compared: " + u.reason());
      return;
    }
    Matched m = (Matched) o;
    if (m.regions().isEmpty()) {
      out.println("  no loops");
      return;
    }
    List<RegionTime> byTime = m.regions().stream()
        .sorted(Comparator.comparingDouble((RegionTime r) -> -r.timeA())).toList();
    List<RegionTime> shown = byTime.subList(0, Math.min(max, byTime.size()));
    out.printf(Locale.ROOT, "%7s  %-60s %11s %11s %7s%n", "region", "loop", "time A s",
        "time B s", "diff %");
    for (RegionTime r : shown) {
      out.printf(Locale.ROOT, "%7s  %-60s %11.6f %11.6f %7.1f%s%n", "L" + r.number(), r.label(),
          r.timeA() / 1e9, r.timeB() / 1e9, r.error(), r.timeA() < MIN_SHARE * m.totalA()
          ? "  (under 1 % of A's time: not judged)" : "");
    }
    if (byTime.size() > shown.size()) {
      List<RegionTime> rest = byTime.subList(shown.size(), byTime.size());
      long outside = rest.stream().filter(m.outside(tolerance)::contains).count();
      out.printf(Locale.ROOT, "  (%d more %s with less time left out; %d of them outside"
          + " %s %%)%n", rest.size(), rest.size() == 1 ? "region" : "regions", outside,
          TraceComparison.number(tolerance));
    }
  }

  /** The verdict's line: every judged region within {@code tolerance} percent, or which not. */
  public static String verdict(Outcome o, double tolerance) {
    String tol = TraceComparison.number(tolerance);
    if (o instanceof Unmatched u) {
      return "loops: not compared (" + u.reason() + ")";
    }
    Matched m = (Matched) o;
    if (m.regions().isEmpty()) {
      return "loops: none";
    }
    List<RegionTime> judged = m.judged();
    List<RegionTime> outside = m.outside(tolerance);
    String of = m.regions().size() + (m.regions().size() == 1 ? " region" : " regions")
        + " matched" + (judged.size() == m.regions().size()
        ? "" : ", " + judged.size() + " with 1 % of A's time or more judged");
    if (outside.isEmpty()) {
      return "loops: " + of + "; within " + tol + " %" + judged.stream()
          .max(Comparator.comparingDouble(r -> Math.abs(r.error())))
          .map(w -> String.format(Locale.ROOT, " (worst L%d %+.1f %%)", w.number(), w.error()))
          .orElse("");
    }
    List<String> names = outside.subList(0, Math.min(5, outside.size())).stream()
        .map(r -> String.format(Locale.ROOT, "L%d %+.1f %%", r.number(), r.error())).toList();
    return "loops: " + of + "; OUTSIDE " + tol + " %: " + String.join(", ", names)
        + (outside.size() > names.size() ? " and " + (outside.size() - names.size())
        + " more" : "");
  }
}
