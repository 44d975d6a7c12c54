package org.benchgen.stats;

import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.benchgen.trace.Op;

/** Renders {@link TraceStats} as text (with totals and the byte matrix), CSV or JSON. */
public final class StatsReport {
  /** Above this many ranks the text view leaves out the rank-to-rank matrix. */
  public static final int MATRIX_MAX_RANKS = 32;

  private StatsReport() {}

  /** Exactly the columns {@code rank,op,calls,bytes}, a row per rank and call. */
  public static void csv(TraceStats s, PrintWriter out) {
    out.println("rank,op,calls,bytes");
    for (TraceStats.Row r : s.rows()) {
      out.println(r.rank() + "," + r.op().mpiName() + "," + r.calls() + "," + r.bytes());
    }
  }

  public static void json(TraceStats s, PrintWriter out) {
    out.println("{");
    out.println("  \"ranks\": " + s.worldSize() + ",");
    out.println("  \"rows\": [");
    List<TraceStats.Row> rows = s.rows();
    for (int i = 0; i < rows.size(); i++) {
      TraceStats.Row r = rows.get(i);
      out.println("    {\"rank\": " + r.rank() + ", \"op\": \"" + r.op().mpiName()
          + "\", \"calls\": " + r.calls() + ", \"bytes\": " + r.bytes() + "}"
          + (i + 1 < rows.size() ? "," : ""));
    }
    out.println("  ],");
    out.println("  \"time\": [");
    for (int r = 0; r < s.worldSize(); r++) {
      TraceStats.RankStats rs = s.rank(r);
      out.println("    {\"rank\": " + r + ", \"events\": " + rs.events() + ", \"compute_ns\": "
          + rs.computeNs() + ", \"mpi_ns\": " + rs.mpiNs() + ", \"run_ns\": " + rs.runNs() + "}"
          + (r + 1 < s.worldSize() ? "," : ""));
    }
    out.println("  ],");
    out.println("  \"sent\": [");
    boolean first = true;
    for (int r = 0; r < s.worldSize(); r++) {
      for (Map.Entry<Integer, Long> e : s.rank(r).sentTo().entrySet()) {
        out.print((first ? "" : ",\n") + "    {\"from\": " + r + ", \"to\": " + e.getKey()
            + ", \"bytes\": " + e.getValue() + "}");
        first = false;
      }
    }
    out.println(first ? "  ]" : "\n  ]");
    out.println("}");
  }

  public static void text(TraceStats s, PrintWriter out) {
    out.printf(Locale.ROOT, "%-6s %-26s %12s %16s%n", "rank", "call", "calls", "bytes");
    Map<Op, long[]> totals = new EnumMap<>(Op.class);
    for (TraceStats.Row r : s.rows()) {
      out.printf(Locale.ROOT, "%-6d %-26s %12d %16d%n", r.rank(), r.op().mpiName(), r.calls(),
          r.bytes());
      long[] t = totals.computeIfAbsent(r.op(), k -> new long[2]);
      t[0] += r.calls();
      t[1] += r.bytes();
    }
    out.println();
    out.println("totals over " + s.worldSize() + " ranks");
    long calls = 0;
    long bytes = 0;
    for (Map.Entry<Op, long[]> e : totals.entrySet()) {
      out.printf(Locale.ROOT, "       %-26s %12d %16d%n", e.getKey().mpiName(), e.getValue()[0],
          e.getValue()[1]);
      calls += e.getValue()[0];
      bytes += e.getValue()[1];
    }
    out.printf(Locale.ROOT, "       %-26s %12d %16d%n", "all calls", calls, bytes);
    out.println();
    out.printf(Locale.ROOT, "%-6s %12s %16s %16s%n", "rank", "events", "compute ms", "in MPI ms");
    for (int r = 0; r < s.worldSize(); r++) {
      TraceStats.RankStats rs = s.rank(r);
      out.printf(Locale.ROOT, "%-6d %12d %16.3f %16.3f%n", r, rs.events(), rs.computeNs() / 1e6,
          rs.mpiNs() / 1e6);
    }
    out.println();
    if (s.worldSize() > MATRIX_MAX_RANKS) {
      out.println("point-to-point byte matrix left out above " + MATRIX_MAX_RANKS
          + " ranks (use --format json for the sparse list)");
      return;
    }
    out.println("point-to-point bytes sent (row: from, column: to)");
    out.printf(Locale.ROOT, "%6s", "");
    for (int c = 0; c < s.worldSize(); c++) {
      out.printf(Locale.ROOT, " %10d", c);
    }
    out.println();
    for (int r = 0; r < s.worldSize(); r++) {
      out.printf(Locale.ROOT, "%6d", r);
      for (int c = 0; c < s.worldSize(); c++) {
        out.printf(Locale.ROOT, " %10d", s.rank(r).sentTo().getOrDefault(c, 0L));
      }
      out.println();
    }
  }
}
