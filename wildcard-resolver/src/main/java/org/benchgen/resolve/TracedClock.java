package org.benchgen.resolve;

import java.io.IOException;
import java.util.Arrays;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.benchgen.traverse.Step;

/**
 * The traced enter and exit time of every call, read from a trace directory: the compressed trace
 * the simulation walks is lossless, so a rank's n-th step is its n-th traced event. Held as 16
 * bytes a call, refused up front when that would take more than a quarter of the heap.
 */
final class TracedClock implements CallClock {
  /** Per rank, enter and exit of each call, interleaved. */
  private final long[][] times;
  private final int[] used;
  private final int[] at;

  private TracedClock(long[][] times, int[] used) {
    this.times = times;
    this.used = used;
    this.at = new int[times.length];
    Arrays.fill(at, -2);
  }

  static TracedClock read(TraceDirectory dir) throws IOException {
    int world = dir.size();
    long[][] times = new long[world][];
    int[] used = new int[world];
    long budget = Runtime.getRuntime().maxMemory() / 4 / Long.BYTES;
    long[] held = new long[1];
    SymbolTable symbols = new SymbolTable();
    for (int r = 0; r < world; r++) {
      int rank = r;
      times[r] = new long[64];
      RawTraceReader.read(dir.rankFiles().get(r), symbols, new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {}

        @Override
        public void event(RawEvent e) {
          event(e.op(), e.site(), e.enter(), e.exit(), e.cpu(), null, null);
        }

        @Override
        public void event(Op op, String site, long enter, long exit, long cpu, long[] values,
            long[][] lists) {
          if (used[rank] + 2 > times[rank].length) {
            held[0] += times[rank].length;
            if (held[0] > budget || times[rank].length > Integer.MAX_VALUE / 4) {
              throw new TraceProblem(dir.rankFiles().get(rank) + ": the traced times of this"
                  + " trace's calls need more than a quarter of this Java heap ("
                  + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); give it more (e.g."
                  + " BENCHGEN_JAVA_OPTS=-Xmx8g) or use the compressed trace, whose waits are"
                  + " estimates");
            }
            times[rank] = Arrays.copyOf(times[rank], times[rank].length * 2);
          }
          times[rank][used[rank]++] = enter;
          times[rank][used[rank]++] = exit;
        }
      });
    }
    return new TracedClock(times, used);
  }

  @Override
  public void advance(int rank, Step s) {
    at[rank] += 2;
    if (at[rank] >= used[rank]) {
      throw new IllegalStateException("rank " + rank + ": the compressed trace has more calls ("
          + (at[rank] / 2 + 1) + ") than its trace directory (" + used[rank] / 2 + ")");
    }
  }

  @Override
  public long enter(int rank) {
    return times[rank][at[rank]];
  }

  @Override
  public long exit(int rank) {
    return times[rank][at[rank] + 1];
  }

  /** Whether every rank's calls were walked, each once. */
  boolean walkedAll() {
    for (int r = 0; r < times.length; r++) {
      if (at[r] + 2 != used[r]) {
        return false;
      }
    }
    return true;
  }
}
