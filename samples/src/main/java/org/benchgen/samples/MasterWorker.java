package org.benchgen.samples;

import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * synth's master-worker pattern: when each worker's tasks end, and so the order the master hears
 * from them in, worked out once for all ranks' streams.
 */
final class MasterWorker {
  private MasterWorker() {}

  /**
   * Master-worker: the order in which the master receives results (worker ranks), simulated from
   * the workers' task times so that every stream tells the same story.
   */
  static int[] order(int ranks, int iterations, long seed) {
    int workers = ranks - 1;
    SplittableRandom[] rnd = new SplittableRandom[ranks];
    for (int w = 1; w < ranks; w++) {
      rnd[w] = new SplittableRandom(seed * 7919 + w);
    }
    // (finish time, worker); each worker does `iterations` tasks back to back.
    PriorityQueue<long[]> q = new PriorityQueue<>((a, b) -> a[0] != b[0]
        ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    for (int w = 1; w < ranks; w++) {
      q.add(new long[] {taskTime(rnd[w], w), w});
    }
    int[] order = new int[workers * iterations];
    int[] left = new int[ranks];
    java.util.Arrays.fill(left, iterations);
    for (int i = 0; i < order.length; i++) {
      long[] f = q.poll();
      int w = (int) f[1];
      order[i] = w;
      if (--left[w] > 0) {
        q.add(new long[] {f[0] + taskTime(rnd[w], w), w});
      }
    }
    return order;
  }

  /** One task's time on {@code worker}, from its own generator. */
  static long taskTime(SplittableRandom rnd, int worker) {
    return (long) ((50_000 + 5_000 * (worker % 7)) * (0.8 + 0.4 * rnd.nextDouble()));
  }
}
