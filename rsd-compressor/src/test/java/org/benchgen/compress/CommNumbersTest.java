package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Communicators numbered 1, 2, 3... in the order of their definitions, their uses with them. */
class CommNumbersTest {
  @TempDir
  Path dir;

  /**
   * Two ranks split the world by parity into communicators the tracer named 9000000000007 (rank 0)
   * and 777 (rank 1), use them, and rank 0 splits once more with color UNDEFINED (NULL).
   */
  private CompressedTrace compress(String rank1New) throws IOException {
    for (int r = 0; r < 2; r++) {
      String id = r == 0 ? "9000000000007" : "777";
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m enter=1 exit=2",
          "comm id=" + id + " members=" + r,
          "MPI_Comm_split site=s enter=3 exit=4 comm=0 color=" + r + " key=0 newcomm=" + id,
          "MPI_Barrier site=b enter=5 exit=6 comm=" + id,
          "MPI_Comm_split site=u enter=7 exit=8 comm=0 color=UNDEFINED key=0 newcomm="
              + (r == 0 ? "NULL" : rank1New),
          "MPI_Finalize site=f enter=9 exit=10", ""));
    }
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  @Test
  void idsBecomeNumbersInTheOrderOfTheirDefinitions() throws IOException {
    CompressedTrace t = compress("NULL");
    // Definitions by id: 777 (rank 1) first, so it is 1, and 9000000000007 is 2 (by hand).
    assertEquals(List.of(new CommDef(1, List.of(1)), new CommDef(2, List.of(0))), t.comms());
    String text = CompressedTraceWriter.toString(t);
    assertEquals(List.of(
        "MPI_Comm_split site=s comm=0 color=0@0;1@1 key=0 newcomm=2@0;1@1",
        "MPI_Barrier site=b comm=2@0;1@1",
        "MPI_Comm_split site=u comm=0 color=UNDEFINED key=0 newcomm=NULL"),
        text.lines().filter(l -> l.startsWith("MPI_Comm_split") || l.startsWith("MPI_Barrier"))
            .toList());
  }

  @Test
  void aTraceThatNamesACommunicatorItDoesNotDefineKeepsItsIds() throws IOException {
    // Rank 1's last split returns 778, which no rank defines (a hand-made stream: the tracer
    // defines every communicator a rank is given).
    CompressedTrace t = compress("778");
    assertEquals(List.of(777L, 9000000000007L), t.comms().stream().map(CommDef::id).toList());
  }
}
