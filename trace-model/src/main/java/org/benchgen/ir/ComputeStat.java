package org.benchgen.ir;

import java.util.List;
import java.util.Optional;

/**
 * Compute time before an RSD's call, for the executions whose previous MPI call was at call site
 * {@code after} (the call path: before the first iteration of a loop it differs from steady state).
 * {@code time} pools every rank's intervals. Where ranks differ significantly (load imbalance),
 * {@code classes} keeps disjoint groups of ranks with their own times, {@code time} being their
 * merge; it is empty where the ranks are alike.
 */
public record ComputeStat(String after, Histogram time, List<RankClass> classes) {
  /** The most classes one call path keeps, so that a trace stays flat in the rank count. */
  public static final int MAX_CLASSES = 4;

  /** A group of ranks whose compute on this call path is alike, and its time. */
  public record RankClass(RankList ranks, Histogram time) {}

  public ComputeStat {
    classes = List.copyOf(classes);
  }

  /** Every rank's intervals pooled, without classes. */
  public ComputeStat(String after, Histogram time) {
    this(after, time, List.of());
  }

  /** The stat of {@code classes} (two or more): their merge, and each kept. */
  public static ComputeStat ofClasses(String after, List<RankClass> classes) {
    if (classes.size() == 1) {
      return new ComputeStat(after, classes.get(0).time());
    }
    Histogram pooled = classes.get(0).time();
    for (int i = 1; i < classes.size(); i++) {
      pooled = pooled.merge(classes.get(i).time());
    }
    return new ComputeStat(after, pooled, classes);
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

  /** This stat's classes, or one class of {@code ranks} (the RSD's) with the pooled time. */
  public List<RankClass> classesOr(RankList ranks) {
    return classes.isEmpty() ? List.of(new RankClass(ranks, time)) : classes;
  }
}
