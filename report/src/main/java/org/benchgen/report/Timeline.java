package org.benchgen.report;

import java.awt.Color;
import java.util.Optional;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.traverse.ExpansionSize;
import org.benchgen.traverse.Step;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * A per-rank timeline, as Vampir's master timeline: a row per rank, its run (MPI_Init's exit to
 * MPI_Finalize's entry) in the compute colour, each MPI call over it in the MPI colour. Only for a
 * trace small enough to expand into a picture that opens quickly; otherwise the page says why
 * and the time per rank chart is its summary.
 */
final class Timeline {
  /** MPI calls drawn at most: each is an SVG rectangle. */
  static final long MAX_CALLS = 5_000;
  /** Rows at most. */
  static final int MAX_RANKS = 64;

  /** The run's width in the narrowest bar drawn: a pixel of a chart 640 wide. */
  static final long MIN_WIDTHS = 600;

  private static final Color RUN = new Color(0x4C, 0x78, 0xA8);
  private static final Color MPI = new Color(0xF5, 0x85, 0x18);

  /** The chart, where drawn, and what the page says beside it. */
  record View(Optional<JFreeChart> chart, String note) {}

  private Timeline() {}

  static View of(CompressedTrace t) {
    long calls = ExpansionSize.steps(t);
    if (t.worldSize() > MAX_RANKS || calls > MAX_CALLS) {
      return new View(Optional.empty(), String.format(java.util.Locale.ROOT, "No timeline: %,d"
          + " ranks and %,d calls, more than a readable picture holds (%d ranks, %,d calls);"
          + " the time per rank above is its summary, and benchgen expand writes every call.",
          t.worldSize(), calls, MAX_RANKS, MAX_CALLS));
    }
    XYIntervalSeries run = new XYIntervalSeries("run (compute between calls)");
    XYIntervalSeries mpi = new XYIntervalSeries("in MPI");
    Expander expander = new Expander(t);
    long[] origin = {Long.MAX_VALUE};
    long[][] spans = new long[t.worldSize()][];
    java.util.List<long[]> inMpi = new java.util.ArrayList<>();
    for (int r = 0; r < t.worldSize(); r++) {
      int rank = r;
      long[] span = {-1, -1};
      expander.walk(r, new Expander.StepSink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {
          // communicators are not times
        }

        @Override
        public void call(Step step, RawEvent e) {
          Op op = e.op();
          if (op.kind() == OpKind.INIT) {
            span[0] = e.exit();
          } else if (op == Op.FINALIZE) {
            span[1] = e.enter();
          } else {
            inMpi.add(new long[] {rank, e.enter(), e.exit()});
            span[0] = span[0] < 0 ? e.enter() : span[0];
            span[1] = Math.max(span[1], e.exit());
          }
        }
      });
      spans[r] = span;
      origin[0] = Math.min(origin[0], span[0] < 0 ? Long.MAX_VALUE : span[0]);
    }
    long zero = origin[0] == Long.MAX_VALUE ? 0 : origin[0];
    for (int r = 0; r < spans.length; r++) {
      if (spans[r][0] >= 0 && spans[r][1] >= spans[r][0]) {
        add(run, r, spans[r][0] - zero, spans[r][1] - zero);
      }
    }
    long end = 0;
    for (long[] span : spans) {
      end = Math.max(end, span[1] - zero);
    }
    // A call shorter than a pixel would vanish: it is drawn a pixel wide (the note says so).
    long pixel = end / MIN_WIDTHS;
    for (long[] c : inMpi) {
      long from = Math.max(0, c[1] - zero);
      add(mpi, (int) c[0], from, Math.max(from + pixel, c[2] - zero));
    }
    XYIntervalSeriesCollection d = new XYIntervalSeriesCollection();
    d.addSeries(run);
    d.addSeries(mpi);
    NumberAxis ranks = new NumberAxis("rank");
    ranks.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    ranks.setRange(-0.5, t.worldSize() - 0.5);
    ranks.setInverted(true);
    NumberAxis ms = new NumberAxis("ms from the first rank's MPI_Init");
    XYBarRenderer bars = new XYBarRenderer();
    bars.setUseYInterval(true);
    bars.setBarPainter(new StandardXYBarPainter());
    bars.setShadowVisible(false);
    bars.setSeriesPaint(0, RUN);
    bars.setSeriesPaint(1, MPI);
    XYPlot p = new XYPlot(d, ranks, ms, bars);
    p.setOrientation(PlotOrientation.HORIZONTAL);
    // XYPlot draws the last series first by default: the calls must come over the run.
    p.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
    Charts.styleXy(p);
    JFreeChart c = new JFreeChart("timeline per rank", Charts.font(13), p, true);
    c.setBackgroundPaint(Color.WHITE);
    return new View(Optional.of(c), "Times rebuilt from the compressed trace's means per call"
        + " path: each rank's order and durations are right on average, but the ranks are not"
        + " aligned to each other as they ran. A call shorter than 1/" + MIN_WIDTHS + " of the"
        + " run is drawn that wide.");
  }

  private static void add(XYIntervalSeries s, int rank, long fromNs, long toNs) {
    double from = fromNs / 1e6;
    double to = toNs / 1e6;
    s.add(rank, rank - 0.4, rank + 0.4, from, from, to);
  }
}
