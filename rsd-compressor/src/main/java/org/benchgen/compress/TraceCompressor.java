package org.benchgen.compress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.SymbolTable;

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
    Run run = new Run(dir, new SymbolTable(), progress);
    ForkJoinPool pool = new ForkJoinPool(parallelism);
    try {
      CompressedTrace t = CommNumbers.of(pool.invoke(new Task(run, 0, dir.size())));
      return new Result(t, run.events.get(), run.bytes.get());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
      pool.shutdown();
    }
  }

  /** What the tasks of one compression share: the input, the trace's symbols, the counts. */
  private record Run(TraceDirectory dir, SymbolTable symbols, IntConsumer progress,
      AtomicLong events, AtomicLong bytes, AtomicInteger done) {
    Run(TraceDirectory dir, SymbolTable symbols, IntConsumer progress) {
      this(dir, symbols, progress, new AtomicLong(), new AtomicLong(), new AtomicInteger());
    }
  }

  /** Ranks lo .. hi-1: one rank compressed, or two halves merged. */
  private final class Task extends RecursiveTask<CompressedTrace> {
    private static final long serialVersionUID = 1L;
    private final transient Run run;
    private final int lo;
    private final int hi;

    Task(Run run, int lo, int hi) {
      this.run = run;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected CompressedTrace compute() {
      if (hi - lo == 1) {
        RankCompressor rc = new RankCompressor(lo, run.dir().size(), window, run.symbols());
        try {
          run.bytes().addAndGet(RawTraceReader.read(run.dir().rankFiles().get(lo),
              run.symbols(), rc));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        run.events().addAndGet(rc.events());
        run.progress().accept(run.done().incrementAndGet());
        return rc.finish();
      }
      int mid = (lo + hi) >>> 1;
      Task left = new Task(run, lo, mid);
      left.fork();
      CompressedTrace right = new Task(run, mid, hi).compute();
      return new TraceMerger().merge(left.join(), right);
    }
  }
}
