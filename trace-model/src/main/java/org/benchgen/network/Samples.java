package org.benchgen.network;

import java.util.Arrays;

/**
 * Times of one message size, each with a weight (how many calls it stands for), and their lower
 * envelope. Keeps the first {@link #KEPT} distinct runs of times (a time equal to the last one
 * adds to its weight, as a compressed trace's mean repeats call after call) and counts the rest,
 * so that memory stays bounded whatever a trace holds: 4,096 calls place a 5 % envelope well.
 */
public final class Samples {
  /** Times kept at most. */
  public static final int KEPT = 4_096;
  /** The weighted quantile taken as the lower envelope. */
  public static final double ENVELOPE = 0.05;

  private double[] ns = new double[16];
  private long[] weights = new long[16];
  private int size;
  private long count;

  /** One time of {@code weight} calls. */
  public void add(double time, long weight) {
    if (weight <= 0 || !Double.isFinite(time)) {
      return;
    }
    count += weight;
    if (size > 0 && ns[size - 1] == time) {
      weights[size - 1] += weight;
      return;
    }
    if (size == KEPT) {
      return;
    }
    if (size == ns.length) {
      ns = Arrays.copyOf(ns, size * 2);
      weights = Arrays.copyOf(weights, size * 2);
    }
    ns[size] = time;
    weights[size++] = weight;
  }

  /** Every time of {@code o}. */
  public void addAll(Samples o) {
    for (int i = 0; i < o.size; i++) {
      add(o.ns[i], o.weights[i]);
    }
    count += o.count - o.keptCount();
  }

  private long keptCount() {
    long n = 0;
    for (int i = 0; i < size; i++) {
      n += weights[i];
    }
    return n;
  }

  /** The calls these times stand for. */
  public long count() {
    return count;
  }

  /**
   * The lower envelope: the time below which {@link #ENVELOPE} of the kept calls' weight lies.
   * A call that waited for a late peer, or was descheduled, only adds to its time; the fastest
   * calls are the network's own. Not the minimum, which one lucky or misread call would set.
   */
  public double envelope() {
    if (size == 0) {
      throw new IllegalStateException("no times");
    }
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(ns[a], ns[b]));
    long total = keptCount();
    double bound = ENVELOPE * total;
    long seen = 0;
    for (Integer i : order) {
      seen += weights[i];
      if (seen >= bound) {
        return ns[i];
      }
    }
    return ns[order[size - 1]];
  }
}
