package org.benchgen.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.format.NodeLabels;
import org.benchgen.stats.TraceStats;
import org.benchgen.stats.WaitTimes;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StackedXYBarRenderer;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;

/** The report's charts, drawn by JFreeChart: one method per picture. */
final class Charts {
  /** Bars and matrix cells per chart at most: ranks beyond that are grouped. */
  static final int MAX_GROUPS = 64;

  private static final Color COMPUTE = new Color(0x4C, 0x78, 0xA8);
  private static final Color MPI = new Color(0xF5, 0x85, 0x18);
  private static final Color LATE = new Color(0xE4, 0x57, 0x56);
  private static final Color COLLECTIVE = new Color(0x72, 0xB7, 0xB2);

  private Charts() {}

  /**
   * Per rank (or group, mean per rank), the run's compute and MPI time stacked, in milliseconds:
   * MPI_Init and MPI_Finalize are left out, as from the run (they can take longer than it).
   */
  static JFreeChart timeSplit(TraceStats s) {
    RankGroups g = RankGroups.of(s.worldSize(), MAX_GROUPS);
    double[][] v = new double[2][g.count()];
    for (int r = 0; r < s.worldSize(); r++) {
      v[0][g.of(r)] += s.rank(r).computeNs() / 1e6;
      v[1][g.of(r)] += mpiInRun(s.rank(r)) / 1e6;
    }
    return stacked(g, v, List.of("compute", "in MPI"), List.of(COMPUTE, MPI),
        "time per rank, MPI_Init to MPI_Finalize (ms" + (g.size() > 1
            ? ", mean of each group of ranks" : "") + ")");
  }

  /** The time a rank spent in MPI within its run (between MPI_Init and MPI_Finalize). */
  static long mpiInRun(TraceStats.RankStats r) {
    return Math.max(0, r.runNs() - r.computeNs());
  }

  /** Per rank (or group, mean per rank), late-sender and collective-wait time stacked. */
  static JFreeChart waits(WaitTimes w) {
    RankGroups g = RankGroups.of(w.worldSize(), MAX_GROUPS);
    double[][] v = new double[2][g.count()];
    for (int r = 0; r < w.worldSize(); r++) {
      v[0][g.of(r)] += w.lateSenderNs(r) / 1e6;
      v[1][g.of(r)] += w.collectiveWaitNs(r) / 1e6;
    }
    return stacked(g, v, List.of("late sender", "collective wait"), List.of(LATE, COLLECTIVE),
        "waiting per rank (ms" + (g.size() > 1 ? ", mean of each group of ranks" : "") + ")");
  }

  /**
   * Stacked bars on a numeric rank axis, whose ticks JFreeChart spaces so that their labels never
   * overlap (a category axis labels every bar: unreadable from 10 ranks up); a group of ranks is
   * one bar as wide as the group, at its ranks.
   */
  private static JFreeChart stacked(RankGroups g, double[][] sums, List<String> series,
      List<Color> colors, String title) {
    DefaultTableXYDataset d = new DefaultTableXYDataset();
    for (int i = 0; i < series.size(); i++) {
      XYSeries xy = new XYSeries(series.get(i), false, false);
      for (int k = 0; k < g.count(); k++) {
        xy.add(g.first(k) + (g.members(k) - 1) / 2.0, sums[i][k] / g.members(k));
      }
      d.addSeries(xy);
    }
    d.setIntervalWidth(g.size());
    NumberAxis rank = new NumberAxis(g.size() > 1 ? "rank (a bar per " + g.size() + " ranks)"
        : "rank");
    rank.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    rank.setRange(-0.5, g.world() - 0.5);
    NumberAxis ms = new NumberAxis("ms");
    StackedXYBarRenderer bars = new StackedXYBarRenderer(0.1);
    bars.setBarPainter(new StandardXYBarPainter());
    bars.setShadowVisible(false);
    for (int i = 0; i < colors.size(); i++) {
      bars.setSeriesPaint(i, colors.get(i));
    }
    XYPlot p = new XYPlot(d, rank, ms, bars);
    styleXy(p);
    JFreeChart c = new JFreeChart(title, font(13), p, true);
    c.setBackgroundPaint(Color.WHITE);
    return c;
  }

  /**
   * Point-to-point bytes from rank (row) to rank (column) as a heatmap, colour on a log scale;
   * ranks grouped when there are many, a cell then the sum of its group pair.
   */
  static JFreeChart matrix(TraceStats s) {
    RankGroups g = RankGroups.of(s.worldSize(), MAX_GROUPS);
    Map<Long, Double> cells = new java.util.HashMap<>();
    for (int r = 0; r < s.worldSize(); r++) {
      long from = g.of(r);
      for (Map.Entry<Integer, Long> e : s.rank(r).sentTo().entrySet()) {
        cells.merge(from * g.count() + g.of(e.getKey()), (double) e.getValue(), Double::sum);
      }
    }
    double[][] xyz = new double[3][cells.size()];
    double max = 1;
    int i = 0;
    for (Map.Entry<Long, Double> e : cells.entrySet()) {
      xyz[0][i] = e.getKey() % g.count();
      xyz[1][i] = e.getKey() / g.count();
      xyz[2][i] = Math.log10(1 + e.getValue());
      max = Math.max(max, xyz[2][i]);
      i++;
    }
    DefaultXYZDataset d = new DefaultXYZDataset();
    d.addSeries("bytes", xyz);
    NumberAxis to = new NumberAxis("to rank" + (g.size() > 1 ? " group (" + g.size()
        + " ranks each)" : ""));
    NumberAxis from = new NumberAxis("from rank" + (g.size() > 1 ? " group" : ""));
    for (NumberAxis a : List.of(to, from)) {
      a.setRange(-0.5, g.count() - 0.5);
      a.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
      a.setLowerMargin(0);
      a.setUpperMargin(0);
    }
    from.setInverted(true);
    XYBlockRenderer blocks = new XYBlockRenderer();
    LookupPaintScale scale = new LookupPaintScale(0, max + 1e-9, Color.WHITE);
    for (int k = 0; k <= 8; k++) {
      float f = k / 8f;
      scale.add(max * k / 8.0, new Color(1 - 0.8f * f, 1 - 0.55f * f, 1 - 0.2f * f));
    }
    blocks.setPaintScale(scale);
    XYPlot p = new XYPlot(d, to, from, blocks);
    p.setBackgroundPaint(Color.WHITE);
    p.setDomainGridlinesVisible(false);
    p.setRangeGridlinesVisible(false);
    JFreeChart c = new JFreeChart("point-to-point bytes sent", font(13), p, false);
    c.setBackgroundPaint(Color.WHITE);
    NumberAxis legendAxis = new NumberAxis("log10(1 + bytes)");
    legendAxis.setRange(0, max);
    PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
    legend.setPosition(RectangleEdge.RIGHT);
    legend.setMargin(4, 8, 4, 4);
    c.addSubtitle(legend);
    return c;
  }

  /** A horizontal bar per MPI function, on a log axis (counts span many decades). */
  static JFreeChart perFunction(String title, Map<String, Long> values) {
    DefaultCategoryDataset d = new DefaultCategoryDataset();
    values.forEach((op, v) -> d.addValue(Math.max(1, v), title, op));
    JFreeChart c = ChartFactory.createBarChart(title, null, title, d,
        PlotOrientation.HORIZONTAL, false, false, false);
    CategoryPlot p = c.getCategoryPlot();
    LogAxis log = new LogAxis(title + " (log scale)");
    log.setSmallestValue(1);
    log.setBase(10);
    log.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    p.setRangeAxis(log);
    style(c, p);
    p.getRenderer().setSeriesPaint(0, COMPUTE);
    return c;
  }

  /**
   * A compute-time histogram on a log time axis: each power-of-two bin a bar over the times it
   * holds (bin k from 2^(k-1) to 2^k ns; bin 0, below 1 ns, drawn from 0.5 ns).
   */
  static JFreeChart histogram(Histogram h) {
    XYIntervalSeries bins = new XYIntervalSeries("intervals");
    int low = Integer.MAX_VALUE;
    int high = 0;
    for (Histogram.Bin b : h.bins()) {
      double from = b.log2() == 0 ? 0.5 : Math.pow(2, b.log2() - 1);
      double to = Math.pow(2, b.log2());
      bins.add(Math.sqrt(from * to), from, to, b.count(), 0, b.count());
      low = Math.min(low, b.log2() - 1);
      high = Math.max(high, b.log2());
    }
    XYIntervalSeriesCollection d = new XYIntervalSeriesCollection();
    d.addSeries(bins);
    // Powers of two, two bins of room each side so that one bin is not the whole axis, and
    // at most about 8 labels.
    low = Math.max(-1, Math.min(low, high - 1) - 2);
    high += 2;
    LogAxis time = new LogAxis("compute time (log scale)");
    time.setBase(2);
    time.setRange(Math.pow(2, low), Math.pow(2, high + 0.6)); // room for the last label
    time.setTickUnit(new NumberTickUnit(Math.max(1, Math.ceil((high - low) / 8.0))));
    time.setNumberFormatOverride(new DurationFormat());
    NumberAxis count = new NumberAxis("intervals");
    count.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    XYBarRenderer bars = new XYBarRenderer();
    bars.setBarPainter(new StandardXYBarPainter());
    bars.setShadowVisible(false);
    bars.setSeriesPaint(0, COMPUTE);
    XYPlot p = new XYPlot(d, time, count, bars);
    styleXy(p);
    JFreeChart c = new JFreeChart(null, font(13), p, false);
    c.setBackgroundPaint(Color.WHITE);
    return c;
  }

  /** White, light grid, tick labels of the report's size. */
  static void styleXy(XYPlot p) {
    p.setBackgroundPaint(Color.WHITE);
    p.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
    p.setRangeGridlineStroke(new BasicStroke(0.5f));
    p.setDomainGridlinesVisible(false);
    p.setOutlineVisible(false);
    p.getDomainAxis().setTickLabelFont(font(10));
    p.getRangeAxis().setTickLabelFont(font(10));
  }

  /** Nanoseconds as people read them on an axis: 500 ns, 2 us, 1.5 ms. */
  private static final class DurationFormat extends java.text.NumberFormat {
    @Override
    public StringBuffer format(double ns, StringBuffer to, java.text.FieldPosition pos) {
      return to.append(NodeLabels.duration(ns));
    }

    @Override
    public StringBuffer format(long ns, StringBuffer to, java.text.FieldPosition pos) {
      return to.append(NodeLabels.duration(ns));
    }

    @Override
    public Number parse(String text, java.text.ParsePosition pos) {
      throw new UnsupportedOperationException("an axis only formats");
    }
  }

  private static void style(JFreeChart c, CategoryPlot p) {
    c.setBackgroundPaint(Color.WHITE);
    if (c.getTitle() != null) {
      c.getTitle().setFont(font(13));
    }
    p.setBackgroundPaint(Color.WHITE);
    p.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
    p.setRangeGridlineStroke(new BasicStroke(0.5f));
    p.setOutlineVisible(false);
    CategoryAxis x = p.getDomainAxis();
    x.setTickLabelFont(font(10));
    x.setMaximumCategoryLabelWidthRatio(0.8f);
    if (p.getRenderer() instanceof BarRenderer b) {
      b.setBarPainter(new StandardBarPainter());
      b.setShadowVisible(false);
      b.setDrawBarOutline(false);
    }
  }

  static Font font(int size) {
    return new Font(Font.SANS_SERIF, Font.PLAIN, size);
  }
}
