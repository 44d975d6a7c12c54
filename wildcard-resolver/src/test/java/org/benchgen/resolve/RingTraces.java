package org.benchgen.resolve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;

/**
 * The compressed traces that the tests of skipped iterations share: a ring exchange on 4 ranks,
 * alone or nested in an outer loop beside an Allreduce, as a trace file's text.
 */
final class RingTraces {
  private RingTraces() {}

  /** A ring exchange of 1,000 iterations: two are simulated, 998 taken as made. */
  static final String RING = "loop trips=1000 {\n"
      + "  MPI_Irecv site=b comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 req=0 bytes=4\n"
      + "      compute ^ 1*4\n      compute d 1*3996\n      duration 1*4000\n"
      + "  MPI_Isend site=c comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4 req=0\n"
      + "      compute ^ 1*4000\n      duration 1*4000\n"
      + "  MPI_Waitall site=d reqs=[1,0]\n      compute ^ 1*4000\n      duration 1*4000\n}\n";

  private static final String ALLREDUCE =
      "  MPI_Allreduce site=g comm=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM\n"
      + "      compute ^ 1*400\n      duration 1*400\n";

  /**
   * 100 outer iterations of 10 ring exchanges (30 calls) and an Allreduce, 31 calls each; the
   * Allreduce first in each iteration where {@code allreduceFirst}, else last.
   */
  static String nested(boolean allreduceFirst) {
    String inner = RING.replace("loop trips=1000", "loop trips=10").replaceAll("(?m)^", "  ");
    return "loop trips=100 {\n" + (allreduceFirst ? ALLREDUCE + inner : inner + ALLREDUCE)
        + "}\n";
  }

  /** {@code body} between MPI_Init and MPI_Finalize on 4 ranks, written to {@code dir} and read. */
  static CompressedTrace read(Path dir, String body) throws IOException {
    Path f = dir.resolve("t.bgc");
    Files.writeString(f, "benchgen-compressed 1\nworld 4\nMPI_Init site=a\n    duration 1*4\n"
        + body + "MPI_Finalize site=z\n    compute ^ 1*4\n    duration 1*4\n");
    return TraceFiles.readCompressed(f);
  }
}
