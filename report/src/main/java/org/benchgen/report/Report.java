package org.benchgen.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.benchgen.codegen.ModelRenderer;
import org.benchgen.report.ReportModel.Page;
import org.benchgen.report.ReportModel.Verdict;
import org.benchgen.stats.TraceComparison;
import org.benchgen.trace.Op;

/**
 * {@code benchgen report}: one self-contained HTML page (no script, no network: inline CSS and
 * SVG) of a trace, or of two side by side with {@code verify}'s verdict on top and the MPI
 * functions whose calls or bytes differ highlighted.
 */
public final class Report {
  private static final ModelRenderer PAGE = new ModelRenderer(Report.class, "report.stg",
      HtmlText::escape);
  /** How many differences the verdict lists; the rest are counted. */
  static final int LISTED = 20;
  /** How many tolerances a run-time error may reach and still be amber ({@link Grade}). */
  public static final int AMBER_TOLERANCES = 3;

  private Report() {}

  /** The page of {@code a}, or of {@code a} and {@code b} compared with verify's tolerance. */
  public static String html(ReportInput a, Optional<ReportInput> b) {
    return html(a, b, TraceComparison.DEFAULT_TOLERANCE);
  }

  /**
   * The page of {@code a}, or of {@code a} and {@code b} compared, run times judged against
   * {@code tolerance} percent ({@link Grade}).
   */
  public static String html(ReportInput a, Optional<ReportInput> b, double tolerance) {
    if (b.isEmpty()) {
      return PAGE.render(new Page("benchgen report: " + a.name(), List.of(), List.of(),
          List.of(TraceViews.of(a, Set.of(), "a")), false));
    }
    TraceComparison c = new TraceComparison(a.stats(), b.get().stats());
    Set<Op> differing = c.callDifferences().stream().map(TraceComparison.CallDiff::op)
        .collect(Collectors.toSet());
    return PAGE.render(new Page("benchgen report: " + a.name() + " and " + b.get().name(),
        List.of(verdict(c, tolerance)), List.of(SitePaths.of(a.trace(), b.get().trace())),
        List.of(TraceViews.of(a, differing, "a"),
            TraceViews.of(b.get(), differing, "b")), true));
  }

  /**
   * The verdict: identical calls, bytes and matrix or what differs, and the run time against
   * {@code tolerance}; its colour the worst of them ({@link Grade}).
   */
  static Verdict verdict(TraceComparison c, double tolerance) {
    List<String> details = new ArrayList<>();
    if (!c.sameWorldSize()) {
      details.add("The world sizes differ.");
    }
    for (TraceComparison.CallDiff d : c.callDifferences().subList(0,
        Math.min(LISTED, c.callDifferences().size()))) {
      details.add(d.describe());
    }
    if (c.callDifferences().size() > LISTED) {
      details.add("… and " + (c.callDifferences().size() - LISTED) + " more");
    }
    if (c.matrixDifferences() > 0) {
      details.add(c.matrixDifferences() + " rank pairs of the byte matrix differ.");
    }
    long[] run = c.summedRuns();
    details.add(String.format(Locale.ROOT, "Run time (MPI_Init to MPI_Finalize) summed over"
        + " ranks: %.4f s vs %.4f s (%+.1f %%).", run[0] / 1e9, run[1] / 1e9,
        TraceComparison.percent(run[0], run[1])));
    TraceComparison.TimeCheck t = c.timeCheck(tolerance);
    Grade grade = Grade.of(c.identical(), t);
    String time = t.worstRun().map(r -> String.format(Locale.ROOT, " Run time: rank %d %+.1f %%,"
        + " %s %s %%%s.", r.rank(), r.runError(), t.within() ? "within"
        : "OUTSIDE", TraceComparison.number(tolerance), c.a().estimatedTimes()
        || c.b().estimatedTimes() ? " (estimates from a compressed trace)" : ""))
        .orElse("");
    if (t.worstRun().isPresent()) {
      details.add(0, String.format(Locale.ROOT, "Green: calls and bytes identical and every"
          + " rank's run time within %s %%; amber: up to %s %%; red: beyond, or calls or bytes"
          + " differ.", TraceComparison.number(tolerance),
          TraceComparison.number(AMBER_TOLERANCES * tolerance)));
    }
    return new Verdict(grade.css(), (c.identical() ? "Same calls and bytes on every rank and"
        + " MPI function, and the same message matrix." : "DIFFERENT: "
        + c.callDifferences().size() + " rank and MPI function pairs differ in calls or bytes.")
        + time, details);
  }
}
