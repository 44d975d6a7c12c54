package org.benchgen.otf2;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs a job for each rank 0..n-1 on a few threads (an import's ranks are independent: each has
 * its own file in and out). What fails is what a sequential run would say first: the lowest
 * failing rank's error is thrown, and no rank above a failed one is started, so a broken archive
 * is refused the same way on any number of cores.
 */
final class ParallelRanks {
  /** One rank's work. */
  @FunctionalInterface
  interface Job {
    void run(int rank) throws IOException;
  }

  private ParallelRanks() {}

  /** Threads to use: the cores, at most {@code cap}. */
  static int threads(int cap) {
    return Math.max(1, Math.min(cap, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * Runs {@code job} for every rank below {@code ranks} on {@code threads} threads (this one
   * among them); {@code done} is told how many ranks are done after each.
   */
  static void run(int ranks, int threads, Job job, IntConsumer done) throws IOException {
    AtomicInteger next = new AtomicInteger();
    AtomicInteger finished = new AtomicInteger();
    AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
    ConcurrentHashMap<Integer, Throwable> errors = new ConcurrentHashMap<>();
    Runnable worker = () -> {
      for (int r = next.getAndIncrement(); r < ranks && r < firstFailed.get();
          r = next.getAndIncrement()) {
        try {
          job.run(r);
          done.accept(finished.incrementAndGet());
        } catch (IOException | RuntimeException | Error e) {
          errors.put(r, e);
          firstFailed.accumulateAndGet(r, Math::min);
        }
      }
    };
    List<Thread> helpers = new ArrayList<>();
    for (int t = 1; t < Math.min(threads, ranks); t++) {
      Thread h = new Thread(worker, "import-rank-" + t);
      h.setDaemon(true);
      helpers.add(h);
      h.start();
    }
    worker.run();
    for (Thread h : helpers) {
      try {
        h.join();
      } catch (InterruptedException e) {
        firstFailed.set(-1);
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("stopped while importing ranks");
      }
    }
    if (!errors.isEmpty()) {
      Throwable t = errors.get(firstFailed.get());
      if (t instanceof IOException io) {
        throw io;
      }
      if (t instanceof RuntimeException re) {
        throw re;
      }
      if (t instanceof Error er) {
        throw er;
      }
      throw new UncheckedIOException(new IOException(t));
    }
  }
}
