package org.benchgen.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.TraceSummary;
import org.benchgen.ir.format.NodeLabels;
import org.benchgen.report.ReportModel.CallRow;
import org.benchgen.report.ReportModel.Fact;
import org.benchgen.report.ReportModel.HistogramView;
import org.benchgen.report.ReportModel.TraceView;
import org.benchgen.stats.TraceStats;
import org.benchgen.stats.WaitTimes;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/** One trace's column of the page: its facts, charts and tables. */
final class TraceViews {
  /**
   * The longest label (a call with its values, a site) the page shows whole: an irregular
   * parameter lists every value, which would make the page grow with the trace.
   */
  static final int LABEL = 300;

  /** How many rank and function pairs the table of the longest waits lists. */
  static final int TOP_WAITS = 10;

  /** How many call paths get a compute-time histogram: the heaviest by total time. */
  static final int HISTOGRAMS = 4;

  private TraceViews() {}

  /**
   * The view of {@code in}; {@code differing} are the MPI functions whose calls or bytes differ
   * from the other trace's on some rank (highlighted), {@code id} prefixes its charts' SVG ids.
   */
  static TraceView of(ReportInput in, Set<Op> differing, String id) {
    TraceStats s = in.stats();
    WaitTimes w = in.waits();
    Map<Op, long[]> byOp = new EnumMap<>(Op.class);
    for (TraceStats.Row r : s.rows()) {
      long[] t = byOp.computeIfAbsent(r.op(), k -> new long[4]);
      t[0] += r.calls();
      t[1] += r.bytes();
      long[] waits = w.of(r.rank(), r.op());
      t[2] += waits[0];
      t[3] += waits[1];
    }
    List<CallRow> rows = new ArrayList<>();
    Map<String, Long> calls = new LinkedHashMap<>();
    Map<String, Long> bytes = new LinkedHashMap<>();
    byOp.forEach((op, t) -> {
      rows.add(new CallRow(op.mpiName(), number(t[0]), number(t[1]), ms(t[2]), ms(t[3]),
          differing.contains(op)));
      calls.put(op.mpiName(), t[0]);
      if (t[1] > 0) {
        bytes.put(op.mpiName(), t[1]);
      }
    });
    LoopTree.Tree tree = LoopTree.of(in.trace());
    Timeline.View timeline = Timeline.of(in.trace());
    List<String> notes = new ArrayList<>();
    if (!w.incomplete().isEmpty()) {
      notes.add(w.incomplete());
    }
    return new TraceView(in.name(), facts(in), Svg.of(Charts.timeSplit(s), 640, 300, id + "t"),
        Svg.of(Charts.waits(w), 640, 300, id + "w"), "Computed from " + w.basis().says() + ".",
        notes, topWaits(w), Svg.of(Charts.matrix(s), 560, 480, id + "m"), s.worldSize()
            > Charts.MAX_GROUPS ? List.of("Ranks are grouped: " + RankGroups.of(s.worldSize(),
            Charts.MAX_GROUPS).size() + " to a row and column.") : List.of(),
        Svg.of(Charts.perFunction("calls", calls), 560, 60 + 22 * calls.size(), id + "c"),
        Svg.of(Charts.perFunction("bytes", bytes), 560, 60 + 22 * bytes.size(), id + "b"),
        rows, histograms(in, id), tree.top(), tree.leftOut() == 0 ? List.of()
            : List.of(tree.leftOut() + " more nodes are left out (benchgen show prints them"
            + " all)."), timeline.chart().map(c -> Svg.of(c, 640, Math.max(180, 90 + 16
            * s.worldSize()), id + "g")).stream().toList(), timeline.note());
  }

  /** The rank and function pairs that waited longest (late sender and collective summed). */
  private static List<ReportModel.WaitRow> topWaits(WaitTimes w) {
    return w.rows().stream()
        .sorted(Comparator.comparingLong((WaitTimes.Row r) -> r.lateSenderNs()
            + r.collectiveWaitNs()).reversed())
        .limit(TOP_WAITS)
        .map(r -> new ReportModel.WaitRow(Integer.toString(r.rank()), r.op().mpiName(),
            ms(r.lateSenderNs()), ms(r.collectiveWaitNs())))
        .toList();
  }

  private static List<Fact> facts(ReportInput in) {
    TraceStats s = in.stats();
    TraceSummary sum = TraceSummary.of(in.trace());
    long events = 0;
    long run = 0;
    long compute = 0;
    long mpi = 0;
    long late = 0;
    long collective = 0;
    for (int r = 0; r < s.worldSize(); r++) {
      events += s.rank(r).events();
      run = Math.max(run, s.rank(r).runNs());
      compute += s.rank(r).computeNs();
      mpi += Charts.mpiInRun(s.rank(r));
    }
    // Like the MPI time they are part of, without MPI_Init and MPI_Finalize.
    for (WaitTimes.Row w : in.waits().rows()) {
      if (w.op().kind() != OpKind.INIT && w.op() != Op.FINALIZE) {
        late += w.lateSenderNs();
        collective += w.collectiveWaitNs();
      }
    }
    return List.of(new Fact("ranks", number(s.worldSize())),
        new Fact("MPI calls", number(events)),
        new Fact("compressed", sum.rsds() + " RSDs in " + sum.loops() + " loops, nested "
            + sum.maxDepth() + " deep"),
        new Fact("run (MPI_Init to MPI_Finalize, slowest rank)", NodeLabels.duration(run)),
        new Fact("compute, summed over ranks", NodeLabels.duration(compute)),
        new Fact("in MPI (Init and Finalize left out), summed over ranks",
            NodeLabels.duration(mpi)),
        new Fact("of which late sender", NodeLabels.duration(late)),
        new Fact("of which collective wait", NodeLabels.duration(collective)));
  }

  /** The heaviest call paths' compute-time histograms (count times mean, over all ranks). */
  private static List<HistogramView> histograms(ReportInput in, String id) {
    record Path(Rsd rsd, ComputeStat stat, double total) {}
    // The copies of a shared block hold its pooled paths: one histogram, their shares summed.
    Map<List<Object>, Path> byStat = new LinkedHashMap<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        for (ComputeStat c : r.compute()) {
          byStat.merge(List.of(r.site(), c), new Path(r, c, c.time().total() * r.computeScale()),
              (a, b) -> new Path(a.rsd(), a.stat(), a.total() + b.total()));
        }
      }
    }.scan(in.trace().body());
    NodeLabels labels = new NodeLabels(in.trace());
    List<Path> paths = new ArrayList<>(byStat.values());
    paths.sort(Comparator.comparingDouble(Path::total).reversed());
    List<HistogramView> out = new ArrayList<>();
    for (Path p : paths.subList(0, Math.min(HISTOGRAMS, paths.size()))) {
      if (p.total() <= 0) {
        break;
      }
      out.add(new HistogramView(capped("before " + p.rsd().op().mpiName() + " "
          + labels.site(p.rsd().site())) + capped(", after " + labels.site(p.stat().after())),
          "total "
          + NodeLabels.duration(p.total()) + "; " + NodeLabels.time(p.stat().time()),
          Svg.of(Charts.histogram(p.stat().time()), 420, 240, id + "h" + out.size())));
    }
    return out;
  }

  /** At most {@link #LABEL} characters of a label from a trace; the rest is counted. */
  static String capped(String label) {
    return label.length() <= LABEL ? label : label.substring(0, LABEL) + "… ("
        + (label.length() - LABEL) + " more characters; benchgen show prints them)";
  }

  static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String ms(long ns) {
    return String.format(Locale.ROOT, "%.3f", ns / 1e6);
  }
}
