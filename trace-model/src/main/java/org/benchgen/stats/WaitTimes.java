package org.benchgen.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.benchgen.trace.Op;

/**
 * Where ranks waited, as MPInside measures it: per rank and MPI call, the time a receive or wait
 * spent because the matching send started late (late sender), and the time a rank spent in a
 * collective before its last member arrived (collective wait), in nanoseconds. Computed by the
 * matching simulation (wildcard-resolver's {@code WaitAnalysis}); {@link #basis()} says from what.
 */
public final class WaitTimes {
  /** What the times come from. */
  public enum Basis {
    /** Every call's traced enter and exit time: exact. */
    TRACED("the traced enter and exit times of every call (exact)"),
    /** The compressed trace's mean compute and call times: estimates. */
    SUMMARIES("the compressed trace's mean compute and call times (estimates: the timings of"
        + " individual calls are not kept)");

    private final String says;

    Basis(String says) {
      this.says = says;
    }

    /** For people: what the times were computed from. */
    public String says() {
      return says;
    }
  }

  /** One rank and call's waits. */
  public record Row(int rank, Op op, long lateSenderNs, long collectiveWaitNs) {}

  private final Basis basis;
  private final List<Map<Op, long[]>> ranks;
  private final String incomplete;

  private WaitTimes(Basis basis, List<Map<Op, long[]>> ranks, String incomplete) {
    this.basis = basis;
    this.ranks = ranks;
    this.incomplete = incomplete;
  }

  public Basis basis() {
    return basis;
  }

  public int worldSize() {
    return ranks.size();
  }

  /**
   * Empty when every rank ran to its end; else why the simulation stopped early (a deadlock), so
   * the times cover only what ran.
   */
  public String incomplete() {
    return incomplete;
  }

  /** Late-sender time of a rank, summed over its calls. */
  public long lateSenderNs(int rank) {
    return ranks.get(rank).values().stream().mapToLong(v -> v[0]).sum();
  }

  /** Collective-wait time of a rank, summed over its calls. */
  public long collectiveWaitNs(int rank) {
    return ranks.get(rank).values().stream().mapToLong(v -> v[1]).sum();
  }

  /** Rows by rank, then call-table order; only calls with some waiting. */
  public List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (int r = 0; r < ranks.size(); r++) {
      for (Map.Entry<Op, long[]> e : ranks.get(r).entrySet()) {
        rows.add(new Row(r, e.getKey(), e.getValue()[0], e.getValue()[1]));
      }
    }
    return Collections.unmodifiableList(rows);
  }

  /** Late-sender and collective-wait time of a rank and call, zero where it never waited. */
  public long[] of(int rank, Op op) {
    return ranks.get(rank).getOrDefault(op, new long[2]).clone();
  }

  /** Accumulates waits as the simulation finds them. */
  public static final class Builder {
    private final Basis basis;
    private final List<Map<Op, long[]>> ranks = new ArrayList<>();

    public Builder(Basis basis, int world) {
      this.basis = basis;
      for (int r = 0; r < world; r++) {
        ranks.add(new EnumMap<>(Op.class));
      }
    }

    /** Adds late-sender time (ignored when not positive). */
    public void lateSender(int rank, Op op, long ns) {
      add(rank, op, 0, ns);
    }

    /** Adds collective-wait time (ignored when not positive). */
    public void collectiveWait(int rank, Op op, long ns) {
      add(rank, op, 1, ns);
    }

    private void add(int rank, Op op, int column, long ns) {
      if (ns > 0) {
        ranks.get(rank).computeIfAbsent(op, k -> new long[2])[column] += ns;
      }
    }

    /** The times; {@code incomplete} empty, or why they cover only part of the run. */
    public WaitTimes build(String incomplete) {
      return new WaitTimes(basis, ranks, incomplete);
    }
  }
}
