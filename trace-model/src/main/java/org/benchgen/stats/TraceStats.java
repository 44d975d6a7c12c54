package org.benchgen.stats;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import org.benchgen.expand.Expander;
import org.benchgen.expand.RepeatSink;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.PerThread;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.traverse.Step;

/**
 * Per-rank, per-call counts and bytes (mpiP's check, built in), the rank-to-rank point-to-point
 * byte matrix, and time totals, computed the same way from raw streams and from compressed traces
 * (by expanding them rank by rank).
 */
public final class TraceStats {
  /** One rank's numbers. */
  public static final class RankStats {
    /** Calls and bytes of the calls' forms with int counts, and of their large-count forms. */
    final Map<Op, long[]> intForms = new EnumMap<>(Op.class);
    final Map<Op, long[]> largeForms = new EnumMap<>(Op.class);
    final Map<Integer, Long> sentTo = new TreeMap<>();
    long events;
    /** The threads other than MPI's main one that made calls (their {@code thread} numbers). */
    final java.util.SortedSet<Long> threads = new java.util.TreeSet<>();
    long computeNs;
    long mpiNs;
    long runNs;
    long cpuNs;
    long cpuWallNs;
    long cpuIntervals;
    Optional<ComputeSample> sample = Optional.empty();

    /** Calls and bytes per call, both forms together (MPI_Send and MPI_Send_c), in call-table order. */
    public Map<Op, long[]> byOp() {
      Map<Op, long[]> all = new EnumMap<>(Op.class);
      intForms.forEach((op, v) -> all.put(op, v.clone()));
      largeForms.forEach((op, v) -> {
        long[] t = all.computeIfAbsent(op, k -> new long[2]);
        t[0] += v[0];
        t[1] += v[1];
      });
      return all;
    }

    /**
     * Calls and bytes per call form (MPI_Send apart from MPI_Send_c), in call-table order, the
     * int form first.
     */
    public Map<Call, long[]> byCall() {
      Map<Call, long[]> all = new java.util.TreeMap<>();
      intForms.forEach((op, v) -> all.put(new Call(op, false), v));
      largeForms.forEach((op, v) -> all.put(new Call(op, true), v));
      return all;
    }

    /** Point-to-point bytes sent to each world rank. */
    public Map<Integer, Long> sentTo() {
      return sentTo;
    }

    public long events() {
      return events;
    }

    /** How many threads made this rank's calls: 1, or more under MPI_THREAD_MULTIPLE. */
    public int threads() {
      return 1 + threads.size();
    }

    /** Time between MPI calls (nanoseconds). */
    public long computeNs() {
      return computeNs;
    }

    /**
     * CPU time of the compute intervals whose CPU time the tracer recorded ({@code trace
     * --cpu-time}; each clamped to its wall time), in nanoseconds; 0 without any.
     */
    public long cpuNs() {
      return cpuNs;
    }

    /** The wall time of those same intervals: below it by what the rank was descheduled. */
    public long cpuWallNs() {
      return cpuWallNs;
    }

    /** Whether the trace recorded CPU time for this rank's compute. */
    public boolean hasCpu() {
      return cpuIntervals > 0;
    }

    /** The share of its compute time that the rank spent descheduled (0 without CPU time). */
    public double descheduled() {
      return cpuWallNs > 0 ? 1 - (double) cpuNs / cpuWallNs : 0;
    }

    /** Time inside MPI calls (nanoseconds). */
    public long mpiNs() {
      return mpiNs;
    }

    /**
     * The run's time on this rank (nanoseconds): from the end of MPI_Init to the start of
     * MPI_Finalize (the first and last call where those are missing), so start-up and tear-down
     * of the MPI library, which no benchmark controls, are left out.
     */
    public long runNs() {
      return runNs;
    }

    /** Its sums so far (no sample): where a repeating iteration starts. */
    RankStats copy() {
      RankStats c = new RankStats();
      intForms.forEach((op, v) -> c.intForms.put(op, v.clone()));
      largeForms.forEach((op, v) -> c.largeForms.put(op, v.clone()));
      c.sentTo.putAll(sentTo);
      c.events = events;
      c.threads.addAll(threads);
      c.computeNs = computeNs;
      c.mpiNs = mpiNs;
      c.runNs = runNs;
      c.cpuNs = cpuNs;
      c.cpuWallNs = cpuWallNs;
      c.cpuIntervals = cpuIntervals;
      return c;
    }

    /** What was summed since {@code mark}, {@code times} more times (the run's time apart). */
    void addRepeats(RankStats mark, long times) {
      repeat(intForms, mark.intForms, times);
      repeat(largeForms, mark.largeForms, times);
      sentTo.replaceAll((to, b) -> b + (b - mark.sentTo.getOrDefault(to, 0L)) * times);
      events += (events - mark.events) * times;
      computeNs += (computeNs - mark.computeNs) * times;
      mpiNs += (mpiNs - mark.mpiNs) * times;
      cpuNs += (cpuNs - mark.cpuNs) * times;
      cpuWallNs += (cpuWallNs - mark.cpuWallNs) * times;
      cpuIntervals += (cpuIntervals - mark.cpuIntervals) * times;
    }

    private static void repeat(Map<Op, long[]> now, Map<Op, long[]> then, long times) {
      now.forEach((op, v) -> {
        long[] was = then.getOrDefault(op, new long[2]);
        v[0] += (v[0] - was[0]) * times;
        v[1] += (v[1] - was[1]) * times;
      });
    }

    /** A sample of the rank's compute intervals, where they were sampled ({@link #sampled}). */
    public Optional<ComputeSample> computeSample() {
      return sample;
    }
  }

  /**
   * What one rank's numbers take in memory, about: 700 bytes measured (jmap) for the ring sample
   * (4 calls, one destination) at 472,000 ranks; 1 KB leaves room for a few more calls.
   */
  public static final long BYTES_PER_RANK = 1024;

  /** The most compute intervals {@link #sampled} keeps of one rank. */
  public static final int SAMPLE_PER_RANK = 100_000;
  /** The most compute intervals {@link #sampled} keeps of a whole trace (16 MB as doubles). */
  public static final long SAMPLE_PER_TRACE = 2_000_000;

  /** A call's form: the call, and whether in MPI-4's large-count form (MPI_Send_c). */
  public record Call(Op op, boolean large) implements Comparable<Call> {
    /** The form's MPI name: {@code MPI_Send} or {@code MPI_Send_c}. */
    public String mpiName() {
      return op.mpiName(large);
    }

    @Override
    public int compareTo(Call o) {
      int c = op.compareTo(o.op);
      return c != 0 ? c : Boolean.compare(large, o.large);
    }
  }

  /** One CSV row: a rank and a call form. */
  public record Row(int rank, Call call, long calls, long bytes) {
    /** A row of {@code op}'s form with int counts. */
    public Row(int rank, Op op, long calls, long bytes) {
      this(rank, new Call(op, false), calls, bytes);
    }

    public Op op() {
      return call.op();
    }

    /** The form's MPI name: {@code MPI_Send} or {@code MPI_Send_c}. */
    public String name() {
      return call.mpiName();
    }
  }

  private final List<RankStats> ranks;
  private final boolean estimated;

  private TraceStats(List<RankStats> ranks, boolean estimated) {
    this.ranks = ranks;
    this.estimated = estimated;
  }

  /**
   * Whether the per-rank times are estimates: a compressed trace's histograms are merged over
   * ranks, a trace directory's times are the traced ones.
   */
  public boolean estimatedTimes() {
    return estimated;
  }

  /** Whether some rank's compute has CPU time recorded ({@code trace --cpu-time}). */
  public boolean hasCpu() {
    return ranks.stream().anyMatch(RankStats::hasCpu);
  }

  public int worldSize() {
    return ranks.size();
  }

  public RankStats rank(int r) {
    return ranks.get(r);
  }

  public static TraceStats of(TraceDirectory dir, IntConsumer progress) throws IOException {
    return read(dir, 0, 0, progress);
  }

  /**
   * The numbers of a trace directory with, per rank, a uniform sample of its compute intervals
   * of at least {@code minNs}: at most {@link #SAMPLE_PER_RANK} a rank and
   * {@link #SAMPLE_PER_TRACE} over all ranks, so memory stays bounded however long the run.
   */
  public static TraceStats sampled(TraceDirectory dir, long minNs, IntConsumer progress)
      throws IOException {
    int perRank = (int) Math.min(SAMPLE_PER_RANK, SAMPLE_PER_TRACE / Math.max(1, dir.size()));
    return read(dir, minNs, Math.max(1, perRank), progress);
  }

  /** Reads every rank's stream; {@code perRank} 0 keeps no sample. */
  private static TraceStats read(TraceDirectory dir, long minNs, int perRank,
      IntConsumer progress) throws IOException {
    List<RankStats> out = new ArrayList<>();
    SymbolTable symbols = new SymbolTable();
    long[] world = worldRanks(dir.size());
    for (int r = 0; r < dir.size(); r++) {
      Collector c = new Collector(r, world);
      if (perRank > 0) {
        // Seeded by the rank: the same trace gives the same sample.
        c.stats.sample = Optional.of(new ComputeSample(perRank, r));
        c.sampleMinNs = minNs;
      }
      RawTraceReader.read(dir.rankFiles().get(r), symbols, c);
      out.add(c.stats);
      progress.accept(r + 1);
    }
    return new TraceStats(out, false);
  }

  /**
   * The numbers of a compressed trace. Its times are histograms merged over ranks, so a rank's
   * compute and MPI times are estimates, from its expansion: each of the rank's calls lasts its
   * RSD's mean, after the mean compute of its call path (of the rank's class, where the path
   * keeps rank classes). Ranks that make a call more often than others are charged for each time.
   */
  public static TraceStats of(CompressedTrace trace, IntConsumer progress) {
    return collect(trace, progress, false);
  }

  /**
   * As {@link #of(CompressedTrace, IntConsumer)}, from every call of every iteration: what that
   * gives by counting repeated iterations once must equal (TraceStatsRepeatTest).
   */
  public static TraceStats expanded(CompressedTrace trace) {
    return collect(trace, n -> { }, true);
  }

  private static TraceStats collect(CompressedTrace trace, IntConsumer progress,
      boolean everyCall) {
    Expander x = new Expander(trace);
    List<RankStats> out = new ArrayList<>();
    long[] world = worldRanks(trace.worldSize());
    for (int r = 0; r < trace.worldSize(); r++) {
      Collector c = new Collector(r, world);
      if (everyCall) {
        x.expand(r, c);
      } else {
        x.walkRepeating(r, c);
      }
      out.add(c.stats);
      progress.accept(r + 1);
    }
    return new TraceStats(out, true);
  }

  /** The world's ranks in order: communicator 0's members, shared by every rank's collector. */
  private static long[] worldRanks(int size) {
    long[] world = new long[size];
    java.util.Arrays.setAll(world, i -> i);
    return world;
  }

  /** Rows by rank, then call-table order; calls a rank never made are left out. */
  public List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (int r = 0; r < ranks.size(); r++) {
      for (Map.Entry<Call, long[]> e : ranks.get(r).byCall().entrySet()) {
        rows.add(new Row(r, e.getKey(), e.getValue()[0], e.getValue()[1]));
      }
    }
    return rows;
  }

  /**
   * Collects one rank's numbers from its events; from a compressed trace, a repeating loop's
   * second iteration counted for the iterations after it ({@link RepeatSink}).
   */
  private static final class Collector implements RawTraceReader.Sink,
      RepeatSink<RankStats> {
    final RankStats stats = new RankStats();
    private final int rank;
    private final RankBytes bytes;
    /** Per thread: when its previous call exited; compute intervals run per thread. */
    private final PerThread<long[]> lastExit = new PerThread<>(() -> new long[] {-1});
    private long firstEnter = -1;
    private long initExit = -1;
    /** The shortest compute interval that goes into the sample. */
    private long sampleMinNs;

    /** A collector for {@code rank}, the world's ranks in {@code world} (shared, not copied). */
    Collector(int rank, long[] world) {
      this.rank = rank;
      this.bytes = new RankBytes(rank, world);
    }

    @Override
    public void comm(long id, long[] worldRanks, long[] remote) {
      bytes.comm(id, worldRanks, remote);
    }

    @Override
    public void call(Step step, RawEvent event) {
      event(event);
    }

    @Override
    public RankStats mark() {
      if (stats.sample.isPresent()) {
        throw new IllegalStateException("a sample takes every interval: expand, do not repeat");
      }
      return stats.copy();
    }

    @Override
    public void repeat(RankStats mark, long times, long ns) {
      stats.addRepeats(mark, times);
      stats.runNs += ns * times;
      lastExit.forEach(last -> last[0] += last[0] >= 0 ? ns * times : 0);
    }

    @Override
    public void event(RawEvent e) {
      long[] m = this.bytes.peersOf(e);
      long bytes = this.bytes.of(e);
      long[] cb = (e.isLarge() ? stats.largeForms : stats.intForms)
          .computeIfAbsent(e.op(), k -> new long[2]);
      cb[0]++;
      cb[1] += bytes;
      OpKind k = e.op().kind();
      if ((k == OpKind.SEND || k == OpKind.SENDRECV) && m.length > 0
          && !Sym.isSymbol(e.get(Field.DEST))) {
        stats.sentTo.merge((int) m[(int) e.get(Field.DEST)], bytes, Long::sum);
      }
      // One-sided bytes in the matrix too, from the origin to the target (issue 46).
      if (OneSidedBytes.hasTarget(e) && e.get(Field.TARGET) < m.length) {
        stats.sentTo.merge((int) m[(int) e.get(Field.TARGET)], bytes, Long::sum);
      }
      stats.events++;
      long thread = PerThread.thread(e.op(), e.values());
      if (thread > 0) {
        stats.threads.add(thread);
      }
      long[] last = lastExit.of(thread);
      if (last[0] >= 0) {
        long wall = e.enter() - last[0];
        stats.computeNs += wall;
        if (wall >= sampleMinNs && stats.sample.isPresent()) {
          stats.sample.get().add(wall);
        }
        if (e.hasCpu()) {
          stats.cpuNs += Math.min(e.cpu(), wall);
          stats.cpuWallNs += wall;
          stats.cpuIntervals++;
        }
      }
      stats.mpiNs += e.exit() - e.enter();
      last[0] = e.exit();
      if (firstEnter < 0) {
        firstEnter = e.enter();
      }
      if (e.op().kind() == OpKind.INIT) { // MPI_Init or MPI_Init_thread
        initExit = e.exit();
      }
      long from = initExit >= 0 ? initExit : firstEnter;
      // Events of several threads are in the order they were recorded, not of their times.
      stats.runNs = Math.max(stats.runNs, (e.op() == Op.FINALIZE ? e.enter() : e.exit()) - from);
    }
  }
}
