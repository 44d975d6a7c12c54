package org.benchgen.stats;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.benchgen.trace.Op;

/**
 * Two traces' numbers side by side, the proof that a benchmark does what a traced run did: per
 * rank and call, calls and bytes (which must be equal), the rank-to-rank byte matrix, and total
 * and compute time per rank (which should be close).
 */
public final class TraceComparison {
  /** A rank and call whose calls or bytes differ. */
  public record CallDiff(int rank, TraceStats.Call call, long callsA, long bytesA, long callsB,
      long bytesB) {
    /** A difference in {@code op}'s form with int counts. */
    public CallDiff(int rank, Op op, long callsA, long bytesA, long callsB, long bytesB) {
      this(rank, new TraceStats.Call(op, false), callsA, bytesA, callsB, bytesB);
    }

    public Op op() {
      return call.op();
    }

    /** For people: {@code rank 3 MPI_Send: 5 calls, 40 bytes vs 4 calls, 32 bytes}. */
    public String describe() {
      return String.format(Locale.ROOT, "rank %d %s: %d calls, %d bytes vs %d calls, %d bytes",
          rank, call.mpiName(), callsA, bytesA, callsB, bytesB);
    }
  }

  /**
   * One rank's times in nanoseconds, in each trace: the run (MPI_Init to MPI_Finalize, see
   * {@link TraceStats.RankStats#runNs()}) and the compute within it.
   */
  public record RankTimes(int rank, long totalA, long totalB, long computeA, long computeB) {
    /** B's run time's relative error from A's, in percent ({@link #error}). */
    public double runError() {
      return error(totalA, totalB);
    }

    /** B's compute time's relative error from A's, in percent ({@link #error}). */
    public double computeError() {
      return error(computeA, computeB);
    }
  }

  /**
   * Every rank's run and compute times judged against a tolerance in percent: the ranks outside
   * it, and the ranks of the largest run and compute errors (none without ranks).
   */
  public record TimeCheck(double tolerance, List<RankTimes> outside, Optional<RankTimes> worstRun,
      Optional<RankTimes> worstCompute) {
    public TimeCheck {
      outside = List.copyOf(outside);
    }

    public boolean within() {
      return outside.isEmpty();
    }
  }

  /** The tolerance, in percent, of run and compute times when none is given (verify, report). */
  public static final int DEFAULT_TOLERANCE = 5;

  private final TraceStats a;
  private final TraceStats b;
  private final List<CallDiff> calls = new ArrayList<>();
  private long matrixPairs;

  public TraceComparison(TraceStats a, TraceStats b) {
    this.a = a;
    this.b = b;
    int n = Math.max(a.worldSize(), b.worldSize());
    for (int r = 0; r < n; r++) {
      Map<TraceStats.Call, long[]> x = r < a.worldSize() ? a.rank(r).byCall() : Map.of();
      Map<TraceStats.Call, long[]> y = r < b.worldSize() ? b.rank(r).byCall() : Map.of();
      Set<TraceStats.Call> forms = new TreeSet<>(x.keySet());
      forms.addAll(y.keySet());
      for (TraceStats.Call call : forms) {
        long[] cx = x.getOrDefault(call, new long[2]);
        long[] cy = y.getOrDefault(call, new long[2]);
        if (cx[0] != cy[0] || cx[1] != cy[1]) {
          calls.add(new CallDiff(r, call, cx[0], cx[1], cy[0], cy[1]));
        }
      }
      Map<Integer, Long> sx = r < a.worldSize() ? a.rank(r).sentTo() : Map.of();
      Map<Integer, Long> sy = r < b.worldSize() ? b.rank(r).sentTo() : Map.of();
      Set<Integer> peers = new TreeSet<>(sx.keySet());
      peers.addAll(sy.keySet());
      for (int p : peers) {
        if (!sx.getOrDefault(p, 0L).equals(sy.getOrDefault(p, 0L))) {
          matrixPairs++;
        }
      }
    }
  }

  /** The first trace's numbers (A, the original). */
  public TraceStats a() {
    return a;
  }

  /** The second trace's numbers (B, the one compared with A). */
  public TraceStats b() {
    return b;
  }

  public boolean sameWorldSize() {
    return a.worldSize() == b.worldSize();
  }

  /** Every rank and call whose calls or bytes differ. */
  public List<CallDiff> callDifferences() {
    return calls;
  }

  /** How many (sender, receiver) pairs have different point-to-point bytes. */
  public long matrixDifferences() {
    return matrixPairs;
  }

  /** Equal world sizes, calls, bytes and message matrix. */
  public boolean identical() {
    return sameWorldSize() && calls.isEmpty() && matrixPairs == 0;
  }

  /** Times of the ranks both traces have. */
  public List<RankTimes> times() {
    List<RankTimes> out = new ArrayList<>();
    for (int r = 0; r < Math.min(a.worldSize(), b.worldSize()); r++) {
      TraceStats.RankStats x = a.rank(r);
      TraceStats.RankStats y = b.rank(r);
      out.add(new RankTimes(r, x.runNs(), y.runNs(), x.computeNs(), y.computeNs()));
    }
    return out;
  }

  /** The run times of the ranks both traces have, summed: {A, B} in nanoseconds. */
  public long[] summedRuns() {
    long[] sum = new long[2];
    for (RankTimes t : times()) {
      sum[0] += t.totalA();
      sum[1] += t.totalB();
    }
    return sum;
  }

  /** B's change from A in percent (0 when A is 0). */
  public static double percent(long a, long b) {
    return a == 0 ? 0 : error(a, b);
  }

  /** B's relative error from A in percent: 0 when both are 0, infinite when only A is 0. */
  public static double error(double a, double b) {
    return a == 0 ? (b == 0 ? 0 : Double.POSITIVE_INFINITY) : 100 * (b - a) / a;
  }

  /** The run and compute time of every rank both traces have, against {@code tolerance} %. */
  public TimeCheck timeCheck(double tolerance) {
    List<RankTimes> outside = new ArrayList<>();
    Optional<RankTimes> run = Optional.empty();
    Optional<RankTimes> compute = Optional.empty();
    for (RankTimes t : times()) {
      if (Math.abs(t.runError()) > tolerance || Math.abs(t.computeError()) > tolerance) {
        outside.add(t);
      }
      if (run.isEmpty() || Math.abs(t.runError()) > Math.abs(run.get().runError())) {
        run = Optional.of(t);
      }
      if (compute.isEmpty()
          || Math.abs(t.computeError()) > Math.abs(compute.get().computeError())) {
        compute = Optional.of(t);
      }
    }
    return new TimeCheck(tolerance, outside, run, compute);
  }

  /**
   * The verdict's first lines: whether calls, bytes and matrix are identical (what the exit code
   * says), then the times per rank against {@code tolerance} percent.
   */
  public List<String> verdict(double tolerance) {
    List<String> lines = new ArrayList<>();
    lines.add(identical() ? "verdict: same calls and bytes" : "verdict: DIFFERENT");
    lines.add(identical() ? "  calls, bytes and message matrix: identical"
        : String.format(Locale.ROOT, "  calls, bytes and message matrix: %d call differences,"
        + " %d rank pairs of the matrix%s", calls.size(), matrixPairs,
        sameWorldSize() ? "" : ", world sizes " + a.worldSize() + " vs " + b.worldSize()));
    TimeCheck c = timeCheck(tolerance);
    if (c.worstRun().isEmpty()) {
      lines.add("  time per rank: no rank to compare");
      return lines;
    }
    RankTimes run = c.worstRun().get();
    RankTimes compute = c.worstCompute().get();
    String worst = String.format(Locale.ROOT, "worst run time: rank %d %+.1f %%; worst compute:"
        + " rank %d %+.1f %%", run.rank(), run.runError(), compute.rank(),
        compute.computeError());
    lines.add(String.format(Locale.ROOT, "  time per rank: %s %s %% (%s)%s",
        c.within() ? "within" : "OUTSIDE", number(tolerance), c.within() ? worst
        : c.outside().size() + " of " + times().size() + " ranks outside; " + worst,
        a.estimatedTimes() || b.estimatedTimes() ? "; estimates from a compressed trace" : ""));
    return lines;
  }

  /** A tolerance as people write it: 5, 2.5. */
  public static String number(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x)
        : Double.toString(x);
  }

  /**
   * A table for people: per rank (up to {@code maxRows}) calls, bytes and times with B's relative
   * errors, then the differences in calls, bytes and matrix, and the summed run times.
   */
  public void report(String nameA, String nameB, int maxRows, PrintWriter out) {
    out.printf(Locale.ROOT, "A: %s (%d ranks)%nB: %s (%d ranks)%n%n", nameA, a.worldSize(),
        nameB, b.worldSize());
    out.printf(Locale.ROOT, "%6s %10s %10s %14s %14s %10s %10s %7s %10s %10s %7s%n", "rank",
        "calls A", "calls B", "bytes A", "bytes B", "run A s", "run B s", "diff %",
        "compute A", "compute B", "diff %");
    List<RankTimes> times = times();
    for (RankTimes t : times) {
      if (t.rank() < maxRows) {
        long[] ca = totals(a, t.rank());
        long[] cb = totals(b, t.rank());
        out.printf(Locale.ROOT,
            "%6d %10d %10d %14d %14d %10.4f %10.4f %7.1f %10.4f %10.4f %7.1f%n", t.rank(), ca[0],
            cb[0], ca[1], cb[1], t.totalA() / 1e9, t.totalB() / 1e9, t.runError(),
            t.computeA() / 1e9, t.computeB() / 1e9, t.computeError());
      }
    }
    if (times.size() > maxRows) {
      out.printf(Locale.ROOT, "%6s (%d more ranks)%n", "...", times.size() - maxRows);
    }
    out.println();
    if (!sameWorldSize()) {
      out.printf(Locale.ROOT, "world size: %d vs %d%n", a.worldSize(), b.worldSize());
    }
    if (calls.isEmpty()) {
      out.println("calls and bytes: identical on every rank and MPI function");
    } else {
      out.printf(Locale.ROOT, "calls and bytes: %d differences%n", calls.size());
      for (CallDiff d : calls.subList(0, Math.min(calls.size(), 50))) {
        out.println("  " + d.describe());
      }
      if (calls.size() > 50) {
        out.printf(Locale.ROOT, "  (%d more)%n", calls.size() - 50);
      }
    }
    out.println(matrixPairs == 0 ? "message matrix: identical"
        : "message matrix: " + matrixPairs + " rank pairs differ");
    out.printf(Locale.ROOT, "run time (MPI_Init to MPI_Finalize), summed over ranks: %.4f s vs"
        + " %.4f s (%+.1f %%)%n", summedRuns()[0] / 1e9, summedRuns()[1] / 1e9,
        percent(summedRuns()[0], summedRuns()[1]));
  }

  private static long[] totals(TraceStats s, int r) {
    long[] t = new long[2];
    s.rank(r).byOp().values().forEach(v -> {
      t[0] += v[0];
      t[1] += v[1];
    });
    return t;
  }

}
