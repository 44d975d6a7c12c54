package org.benchgen.ir;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Compute time before an RSD's call, for the executions whose previous MPI call was at call site
 * {@code after} (the call path: before the first iteration of a loop it differs from steady state).
 * {@code time} pools every rank's intervals. Where ranks differ significantly (load imbalance),
 * {@code classes} keeps disjoint groups of ranks with their own times, {@code time} being their
 * merge; it is empty where the ranks are alike. {@code cpu} is the mean CPU time of the same
 * intervals in nanoseconds, where the trace recorded it ({@code benchgen trace --cpu-time}): below
 * {@code time}'s mean when the rank was descheduled.
 */
public record ComputeStat(String after, Histogram time, List<RankClass> classes,
    OptionalDouble cpu) {
  /** The most classes one call path keeps, so that a trace stays flat in the rank count. */
  public static final int MAX_CLASSES = 4;

  /** A group of ranks whose compute on this call path is alike, its time and mean CPU time. */
  public record RankClass(RankList ranks, Histogram time, OptionalDouble cpu) {
    /** A class without CPU time. */
    public RankClass(RankList ranks, Histogram time) {
      this(ranks, time, OptionalDouble.empty());
    }

    /** Both classes as one: their ranks, their times merged, their CPU time where both have it. */
    public RankClass join(RankClass o) {
      return new RankClass(ranks.union(o.ranks), time.merge(o.time),
          mergeCpu(time, cpu, o.time, o.cpu));
    }
  }

  public ComputeStat {
    classes = List.copyOf(classes);
  }

  /** Every rank's intervals pooled, without classes or CPU time. */
  public ComputeStat(String after, Histogram time) {
    this(after, time, List.of(), OptionalDouble.empty());
  }

  /** Every rank's intervals pooled, without classes. */
  public ComputeStat(String after, Histogram time, OptionalDouble cpu) {
    this(after, time, List.of(), cpu);
  }

  /** The stat of {@code classes} (two or more): their merge, and each kept. */
  public static ComputeStat ofClasses(String after, List<RankClass> classes) {
    if (classes.size() == 1) {
      return new ComputeStat(after, classes.get(0).time(), classes.get(0).cpu());
    }
    RankClass pooled = classes.get(0);
    for (int i = 1; i < classes.size(); i++) {
      pooled = pooled.join(classes.get(i));
    }
    return new ComputeStat(after, pooled.time(), classes, pooled.cpu());
  }

  /**
   * How many intervals {@code stats} count, saturating at {@code Long.MAX_VALUE} (a hostile
   * file's counts may add up past a long).
   */
  public static long intervals(List<ComputeStat> stats) {
    long n = 0;
    for (ComputeStat c : stats) {
      n = n > Long.MAX_VALUE - c.time().count() ? Long.MAX_VALUE : n + c.time().count();
    }
    return n;
  }

  /**
   * The mean CPU time of two groups of intervals (times {@code a} and {@code b}), weighted by
   * their counts; empty unless both have one.
   */
  public static OptionalDouble mergeCpu(Histogram a, OptionalDouble ca, Histogram b,
      OptionalDouble cb) {
    if (ca.isEmpty() || cb.isEmpty()) {
      return OptionalDouble.empty();
    }
    long n = a.count() + b.count();
    return OptionalDouble.of(n == 0 ? 0
        : (a.count() * ca.getAsDouble() + b.count() * cb.getAsDouble()) / n);
  }

  /** The class that holds {@code rank}, if the ranks are told apart. */
  public Optional<RankClass> classOf(int rank) {
    return classes.stream().filter(c -> c.ranks().contains(rank)).findFirst();
  }

  /** The time of {@code rank}'s class, or the pooled time where ranks are not told apart. */
  public Histogram timeOf(int rank) {
    if (classes.isEmpty()) {
      return time; // the usual case, on the expansion's per-call path
    }
    return classOf(rank).map(RankClass::time).orElse(time);
  }

  /** The mean CPU time of {@code rank}'s class, or the pooled one, where it was recorded. */
  public OptionalDouble cpuOf(int rank) {
    if (classes.isEmpty()) {
      return cpu;
    }
    return classOf(rank).map(RankClass::cpu).orElse(cpu);
  }

  /** This stat's classes, or one class of {@code ranks} (the RSD's) with the pooled time. */
  public List<RankClass> classesOr(RankList ranks) {
    return classes.isEmpty() ? List.of(new RankClass(ranks, time, cpu)) : classes;
  }

  /**
   * This stat as if its intervals had lasted their CPU time: each group's histogram becomes its
   * count of its mean CPU time ({@link Histogram#constant}), so that a benchmark replays what the
   * rank computed and not the time it was descheduled. Unchanged where no CPU time was recorded.
   */
  public ComputeStat asCpuTime() {
    if (cpu.isEmpty()) {
      return this;
    }
    List<RankClass> c = classes.stream().map(k -> k.cpu().isEmpty() ? k
        : new RankClass(k.ranks(), Histogram.constant(k.time().count(), k.cpu().getAsDouble()),
            k.cpu())).toList();
    return new ComputeStat(after, Histogram.constant(time.count(), cpu.getAsDouble()), c, cpu);
  }
}
