package org.benchgen.stats;

import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CpuTime;
import org.benchgen.trace.Op;

/**
 * Renders {@link TraceStats} as text (with totals and the byte matrix), CSV or JSON, with the
 * ranks' {@link WaitTimes} where they were computed.
 */
public final class StatsReport {
  /** Above this many ranks the text view leaves out the rank-to-rank matrix. */
  public static final int MATRIX_MAX_RANKS = 32;

  private StatsReport() {}

  /** Exactly the columns {@code rank,op,calls,bytes}, a row per rank and call. */
  public static void csv(TraceStats s, PrintWriter out) {
    csv(s, Optional.empty(), out);
  }

  /**
   * A row per rank and call: {@code rank,op,calls,bytes}, then {@code
   * late_sender_ns,collective_wait_ns} when {@code waits} are given.
   */
  public static void csv(TraceStats s, Optional<WaitTimes> waits, PrintWriter out) {
    out.println("rank,op,calls,bytes" + (waits.isPresent() ? ",late_sender_ns,collective_wait_ns"
        : ""));
    TraceStats.Row previous = null;
    for (TraceStats.Row r : s.rows()) {
      out.print(r.rank() + "," + r.name() + "," + r.calls() + "," + r.bytes());
      // A call's waits, of both its forms, on its first row (MPI_Send's, not MPI_Send_c's).
      boolean first = previous == null || previous.rank() != r.rank() || previous.op() != r.op();
      waits.map(w -> first ? w.of(r.rank(), r.op()) : new long[2])
          .ifPresent(w -> out.print("," + w[0] + "," + w[1]));
      out.println();
      previous = r;
    }
  }

  public static void json(TraceStats s, PrintWriter out) {
    json(s, Optional.empty(), out);
  }

  /** JSON; with {@code waits}, a {@code waits} object: basis, incomplete, rows. */
  public static void json(TraceStats s, Optional<WaitTimes> waits, PrintWriter out) {
    out.println("{");
    waits.ifPresent(w -> jsonWaits(w, out));
    out.println("  \"ranks\": " + s.worldSize() + ",");
    out.println("  \"rows\": [");
    List<TraceStats.Row> rows = s.rows();
    for (int i = 0; i < rows.size(); i++) {
      TraceStats.Row r = rows.get(i);
      out.println("    {\"rank\": " + r.rank() + ", \"op\": \"" + r.name()
          + "\", \"calls\": " + r.calls() + ", \"bytes\": " + r.bytes() + "}"
          + (i + 1 < rows.size() ? "," : ""));
    }
    out.println("  ],");
    out.println("  \"time\": [");
    boolean cpu = s.hasCpu(); // once: it looks at every rank
    for (int r = 0; r < s.worldSize(); r++) {
      TraceStats.RankStats rs = s.rank(r);
      out.println("    {\"rank\": " + r + ", \"events\": " + rs.events() + ", \"compute_ns\": "
          + rs.computeNs() + ", \"mpi_ns\": " + rs.mpiNs() + ", \"run_ns\": " + rs.runNs()
          + (cpu ? ", \"cpu_ns\": " + rs.cpuNs() + ", \"cpu_wall_ns\": " + rs.cpuWallNs()
              : "") + "}" + (r + 1 < s.worldSize() ? "," : ""));
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

  private static void jsonWaits(WaitTimes w, PrintWriter out) {
    out.println("  \"waits\": {");
    out.println("    \"basis\": \"" + w.basis().name().toLowerCase(Locale.ROOT) + "\",");
    out.println("    \"incomplete\": " + jsonString(w.incomplete()) + ",");
    out.println("    \"rows\": [");
    List<WaitTimes.Row> rows = w.rows();
    for (int i = 0; i < rows.size(); i++) {
      WaitTimes.Row r = rows.get(i);
      out.println("      {\"rank\": " + r.rank() + ", \"op\": \"" + r.op().mpiName()
          + "\", \"late_sender_ns\": " + r.lateSenderNs() + ", \"collective_wait_ns\": "
          + r.collectiveWaitNs() + "}" + (i + 1 < rows.size() ? "," : ""));
    }
    out.println("    ]");
    out.println("  },");
  }

  /** A JSON string: quotes, backslashes and control characters escaped. */
  static String jsonString(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.codePoints().forEach(c -> {
      if (c == '"' || c == '\\') {
        b.append('\\').appendCodePoint(c);
      } else if (c < 0x20) {
        b.append(String.format(Locale.ROOT, "\\u%04x", c));
      } else {
        b.appendCodePoint(c);
      }
    });
    return b.append('"').toString();
  }

  /**
   * What a trace with CPU time says of ranks that were descheduled for more than a twentieth of
   * their compute time: their compute is then partly waiting for a core, which a benchmark
   * generated from wall times would busy-wait (generate --compute cpu replays CPU time instead).
   */
  public static void descheduled(TraceStats s, PrintWriter out) {
    descheduled(s, "", out);
  }

  /** {@link #descheduled(TraceStats, PrintWriter)}, each line starting with {@code prefix}. */
  public static void descheduled(TraceStats s, String prefix, PrintWriter out) {
    int said = 0;
    for (int r = 0; r < s.worldSize(); r++) {
      double d = s.rank(r).descheduled();
      if (d > CpuTime.NOTE && ++said > 32) {
        out.println(prefix + "(more ranks were descheduled: the table above has them all)");
        return;
      }
      if (d > CpuTime.NOTE) {
        out.printf(Locale.ROOT, "%srank %d was descheduled for %.1f %% of its compute time (CPU"
            + " time %.3f ms of %.3f ms)%n", prefix, r, 100 * d, s.rank(r).cpuNs() / 1e6,
            s.rank(r).cpuWallNs() / 1e6);
      }
    }
  }


  /**
   * Ranks whose calls came from several threads (MPI_THREAD_MULTIPLE): their counts above hold
   * every thread's calls, and their compute and MPI times add up over the threads.
   */
  private static void threads(TraceStats s, PrintWriter out) {
    int shown = 0;
    int more = 0;
    for (int r = 0; r < s.worldSize(); r++) {
      int t = s.rank(r).threads();
      if (t > 1 && shown < 8) {
        out.println("rank " + r + " made its calls from " + t + " threads; its counts hold them"
            + " all, and its times add up over them");
        shown++;
      } else if (t > 1) {
        more++;
      }
    }
    if (more > 0) {
      out.println("(" + more + " more ranks made their calls from several threads)");
    }
    if (shown > 0) {
      out.println();
    }
  }

  /** How many ranks were descheduled for more than {@link CpuTime#NOTE} of their compute. */
  public static int descheduledRanks(TraceStats s) {
    int n = 0;
    for (int r = 0; r < s.worldSize(); r++) {
      n += s.rank(r).descheduled() > CpuTime.NOTE ? 1 : 0;
    }
    return n;
  }

  public static void text(TraceStats s, PrintWriter out) {
    text(s, Optional.empty(), out);
  }

  /** Text; with {@code waits}, a table of where each rank waited, after the times. */
  public static void text(TraceStats s, Optional<WaitTimes> waits, PrintWriter out) {
    // The call column fits the longest name present (MPI_Reduce_scatter_block_init: 29).
    int nameWidth = Math.max(26, s.rows().stream().mapToInt(r -> r.name().length()).max()
        .orElse(0));
    out.printf(Locale.ROOT, "%-6s %-" + nameWidth + "s %12s %16s%n", "rank", "call", "calls", "bytes");
    Map<TraceStats.Call, long[]> totals = new java.util.TreeMap<>();
    for (TraceStats.Row r : s.rows()) {
      out.printf(Locale.ROOT, "%-6d %-" + nameWidth + "s %12d %16d%n", r.rank(), r.name(),
          r.calls(), r.bytes());
      long[] t = totals.computeIfAbsent(r.call(), k -> new long[2]);
      t[0] += r.calls();
      t[1] += r.bytes();
    }
    out.println();
    out.println("totals over " + s.worldSize() + " ranks");
    long calls = 0;
    long bytes = 0;
    for (Map.Entry<TraceStats.Call, long[]> e : totals.entrySet()) {
      out.printf(Locale.ROOT, "       %-" + nameWidth + "s %12d %16d%n", e.getKey().mpiName(),
          e.getValue()[0], e.getValue()[1]);
      calls += e.getValue()[0];
      bytes += e.getValue()[1];
    }
    out.printf(Locale.ROOT, "       %-" + nameWidth + "s %12d %16d%n", "all calls", calls, bytes);
    out.println();
    boolean cpu = s.hasCpu(); // once: it looks at every rank
    out.printf(Locale.ROOT, "%-6s %12s %16s %16s%s%n", "rank", "events", "compute ms", "in MPI ms",
        cpu ? String.format(Locale.ROOT, " %16s %12s", "CPU ms", "descheduled") : "");
    for (int r = 0; r < s.worldSize(); r++) {
      TraceStats.RankStats rs = s.rank(r);
      out.printf(Locale.ROOT, "%-6d %12d %16.3f %16.3f%s%n", r, rs.events(), rs.computeNs() / 1e6,
          rs.mpiNs() / 1e6, cpu ? String.format(Locale.ROOT, " %16.3f %11.1f%%",
              rs.cpuNs() / 1e6, 100 * rs.descheduled()) : "");
    }
    out.println();
    descheduled(s, out);
    threads(s, out);
    waits.ifPresent(w -> textWaits(w, out));
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

  private static void textWaits(WaitTimes w, PrintWriter out) {
    out.println("waiting: late sender (a receive or wait until its sender started) and collective"
        + " wait (until the last member arrived)");
    out.println("from " + w.basis().says());
    if (!w.incomplete().isEmpty()) {
      out.println("note: " + w.incomplete());
    }
    out.printf(Locale.ROOT, "%-6s %-26s %16s %18s%n", "rank", "call", "late sender ms",
        "collective wait ms");
    for (WaitTimes.Row r : w.rows()) {
      out.printf(Locale.ROOT, "%-6d %-26s %16.3f %18.3f%n", r.rank(), r.op().mpiName(),
          r.lateSenderNs() / 1e6, r.collectiveWaitNs() / 1e6);
    }
    if (w.rows().isEmpty()) {
      out.println("(no rank waited)");
    }
    out.println();
  }
}
