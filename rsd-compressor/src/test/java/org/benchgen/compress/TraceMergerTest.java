package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging ranks' traces: what ranks must agree on. */
class TraceMergerTest {
  @TempDir
  Path dir;

  @Test
  void communicatorsMustAgreeAcrossRanks() throws IOException {
    String init = "MPI_Init site=m enter=1 exit=2\nMPI_Finalize site=f enter=3 exit=4\n";
    Files.writeString(dir.resolve("rank-0.trace"), "# benchgen-trace 1 rank=0 size=2\n"
        + "comm id=1 members=0,1\n" + init);
    Files.writeString(dir.resolve("rank-1.trace"), "# benchgen-trace 1 rank=1 size=2\n"
        + "comm id=1 members=1,0\n" + init);
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> new TraceCompressor().compress(TraceDirectory.open(dir), n -> {}));
    assertTrue(e.getMessage().contains("communicator 1 is defined with different members"),
        e.getMessage());
  }
}
