package org.benchgen.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.NodeLabels;
import org.benchgen.report.ReportModel.PathRow;
import org.benchgen.report.ReportModel.PathTable;

/**
 * The call paths of two traces side by side (issue 48): each MPI function at each place in the
 * program, matched by its place ({@code ring.c:38 main}, every frame of a deeper site) where both
 * traces know it, else by the site's hash, which two binaries never share. A benchmark generated
 * with {@code --keep-sites} and traced names the traced program's places, so its paths stand
 * beside the original's.
 */
final class SitePaths {
  /** How many paths the table lists (the heaviest); the rest are counted. */
  static final int LISTED = 40;

  private SitePaths() {}

  /** One side's figures for a path. */
  private record Side(long calls, double mpiNs, double computeNs) {
    Side plus(Side o) {
      return new Side(calls + o.calls, mpiNs + o.mpiNs, computeNs + o.computeNs);
    }
  }

  /** The table of {@code a}'s and {@code b}'s paths. */
  static PathTable of(CompressedTrace a, CompressedTrace b) {
    Map<String, Side> left = paths(a);
    Map<String, Side> right = paths(b);
    Map<String, Side[]> both = new LinkedHashMap<>();
    left.forEach((k, s) -> both.computeIfAbsent(k, x -> new Side[2])[0] = s);
    right.forEach((k, s) -> both.computeIfAbsent(k, x -> new Side[2])[1] = s);
    List<Map.Entry<String, Side[]>> rows = new ArrayList<>(both.entrySet());
    rows.sort(Comparator.comparingDouble((Map.Entry<String, Side[]> e) -> -weight(e.getValue()))
        .thenComparing(Map.Entry::getKey));
    long matched = rows.stream().filter(e -> e.getValue()[0] != null && e.getValue()[1] != null)
        .count();
    List<PathRow> out = new ArrayList<>();
    for (Map.Entry<String, Side[]> e : rows.subList(0, Math.min(LISTED, rows.size()))) {
      Side l = e.getValue()[0];
      Side r = e.getValue()[1];
      out.add(new PathRow(TraceViews.capped(e.getKey()), calls(l), calls(r), time(l, true),
          time(r, true), time(l, false), time(r, false), l == null || r == null
          || l.calls() != r.calls()));
    }
    List<String> notes = new ArrayList<>();
    notes.add(matched + " of " + rows.size() + " paths found in both traces"
        + (a.sites().isEmpty() || b.sites().isEmpty() ? "; "
        + (a.sites().isEmpty() && b.sites().isEmpty() ? "neither trace says" : a.sites()
            .isEmpty() ? "the first trace does not say" : "the second trace does not say")
        + " where its call sites lie (trace a binary built with -g; a benchmark generated with"
        + " --keep-sites, and traced with --site-depth 2), so paths are matched by hash" : "."));
    if (rows.size() > LISTED) {
      notes.add("The " + LISTED + " heaviest are listed; " + (rows.size() - LISTED)
          + " more are not.");
    }
    return new PathTable(out, notes);
  }

  /** Per path (the function and the site's place), its calls and times summed. */
  private static Map<String, Side> paths(CompressedTrace t) {
    Map<String, Side> out = new LinkedHashMap<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        String place = t.sites().label(r.site()).orElse("@" + r.site());
        out.merge(r.op().mpiName() + " at " + place.replace('\n', ' '), new Side(
            r.duration().count(), r.duration().total(), r.computeTotal() * r.computeScale()),
            Side::plus);
      }
    }.scan(t.body());
    return out;
  }

  private static double weight(Side[] s) {
    return (s[0] == null ? 0 : s[0].mpiNs() + s[0].computeNs())
        + (s[1] == null ? 0 : s[1].mpiNs() + s[1].computeNs());
  }

  private static String calls(Side s) {
    return s == null ? "—" : TraceViews.number(s.calls());
  }

  private static String time(Side s, boolean mpi) {
    return s == null ? "—" : NodeLabels.duration(mpi ? s.mpiNs() : s.computeNs());
  }
}
