package org.benchgen.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.HandWrittenTrace;

/**
 * A compressed trace written by hand for the statistics' tests. 2 ranks: rank 0 sends 3 ints (12
 * bytes) to rank 1 twice, rank 1 receives them. Every rank's times are the same in each call path,
 * so the numbers are exact, worked out by hand:
 *
 * <pre>
 * rank  events  in MPI             compute             run (Init's end to Finalize's start)
 * 0     4       10+20+20+40 = 90   100+100+50 = 250    250 + 20+20 = 290
 * 1     4       10+30+30+40 = 110  100+100+50 = 250    250 + 30+30 = 310
 * </pre>
 */
final class SendRecvTrace {
  private SendRecvTrace() {}

  static final List<String> LINES = List.of(
      "benchgen-compressed 1",
      "world 2",
      "MPI_Init site=m.c:1",
      "    duration n=2 min=10 max=10 mean=10.0 sd=0.0 bins=4:2",
      "loop trips=2 {",
      "  MPI_Send site=m.c:2 ranks=0 comm=0 dest=1 tag=5 count=3 type=MPI_INT tsize=4",
      "      compute after=m.c:1 n=1 min=100 max=100 mean=100.0 sd=0.0 bins=7:1",
      "      compute after=m.c:2 n=1 min=100 max=100 mean=100.0 sd=0.0 bins=7:1",
      "      duration n=2 min=20 max=20 mean=20.0 sd=0.0 bins=5:2",
      "  MPI_Recv site=m.c:3 ranks=1 comm=0 src=0 tag=5 count=3 type=MPI_INT tsize=4 bytes=12",
      "      compute after=m.c:1 n=1 min=100 max=100 mean=100.0 sd=0.0 bins=7:1",
      "      compute after=m.c:3 n=1 min=100 max=100 mean=100.0 sd=0.0 bins=7:1",
      "      duration n=2 min=30 max=30 mean=30.0 sd=0.0 bins=5:2",
      "}",
      "MPI_Finalize site=m.c:9",
      "    compute after=m.c:2 n=1 min=50 max=50 mean=50.0 sd=0.0 bins=6:1",
      "    compute after=m.c:3 n=1 min=50 max=50 mean=50.0 sd=0.0 bins=6:1",
      "    duration n=2 min=40 max=40 mean=40.0 sd=0.0 bins=6:2");

  static CompressedTrace read() {
    return HandWrittenTrace.read(LINES.toArray(String[]::new));
  }

  /** The trace with {@code more} lines at its end. */
  static CompressedTrace readWith(String... more) {
    List<String> lines = new ArrayList<>(LINES);
    lines.addAll(Arrays.asList(more));
    return HandWrittenTrace.read(lines.toArray(String[]::new));
  }

  static TraceStats stats() {
    return TraceStats.of(read(), r -> {});
  }
}
