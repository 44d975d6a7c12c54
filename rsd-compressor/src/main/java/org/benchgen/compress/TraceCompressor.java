package org.benchgen.compress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;

/**
 * Compresses a trace directory into one merged trace: per-rank compression in parallel (each rank
 * is independent) and a binary-tree merge, on all cores, as one fork/join reduction so that only a
 * few partial results are alive at a time.
 */
public final class TraceCompressor {
  /** What compressing a directory produced. */
  public record Result(CompressedTrace trace, long events, long inputBytes) {}

  private final int window;
  private final int parallelism;

  public TraceCompressor() {
    this(RankCompressor.DEFAULT_WINDOW, Runtime.getRuntime().availableProcessors());
  }

  public TraceCompressor(int window, int parallelism) {
    this.window = window;
    this.parallelism = Math.max(1, parallelism);
  }

  /**
   * Compresses every rank of {@code dir}. {@code progress} is told the number of ranks done so far
   * (from any thread).
   */
  public Result compress(TraceDirectory dir, IntConsumer progress) throws IOException {
    List<Path> files = dir.rankFiles();
    AtomicLong events = new AtomicLong();
    AtomicLong bytes = new AtomicLong();
    AtomicInteger done = new AtomicInteger();
    ForkJoinPool pool = new ForkJoinPool(parallelism);
    try {
      CompressedTrace t = pool.invoke(new Task(dir, files, 0, files.size(), events, bytes, done,
          progress));
      return new Result(t, events.get(), bytes.get());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
      pool.shutdown();
    }
  }

  private final class Task extends RecursiveTask<CompressedTrace> {
    private static final long serialVersionUID = 1L;
    private final transient TraceDirectory dir;
    private final transient List<Path> files;
    private final int lo;
    private final int hi;
    private final transient AtomicLong events;
    private final transient AtomicLong bytes;
    private final transient AtomicInteger done;
    private final transient IntConsumer progress;

    Task(TraceDirectory dir, List<Path> files, int lo, int hi, AtomicLong events,
        AtomicLong bytes, AtomicInteger done, IntConsumer progress) {
      this.dir = dir;
      this.files = files;
      this.lo = lo;
      this.hi = hi;
      this.events = events;
      this.bytes = bytes;
      this.done = done;
      this.progress = progress;
    }

    @Override
    protected CompressedTrace compute() {
      if (hi - lo == 1) {
        RankCompressor rc = new RankCompressor(lo, dir.size(), window);
        try {
          bytes.addAndGet(RawTraceReader.read(files.get(lo), rc));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        events.addAndGet(rc.events());
        progress.accept(done.incrementAndGet());
        return rc.finish();
      }
      int mid = (lo + hi) >>> 1;
      Task left = new Task(dir, files, lo, mid, events, bytes, done, progress);
      left.fork();
      CompressedTrace right = new Task(dir, files, mid, hi, events, bytes, done, progress)
          .compute();
      return new TraceMerger().merge(left.join(), right);
    }
  }
}
