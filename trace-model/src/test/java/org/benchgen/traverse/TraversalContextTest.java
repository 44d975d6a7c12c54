package org.benchgen.traverse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.trace.Field;
import org.junit.jupiter.api.Test;

class TraversalContextTest {
  /**
   * Written by hand: 3 ranks; a loop whose trips are 2 on ranks 0 and 1 and 3 on rank 2; inside
   * it a send whose tag alternates 7,8 and whose peer is +1 (relative), then a Barrier.
   */
  private static final String TRACE = String.join("\n",
      "benchgen-compressed 1",
      "world 3",
      "loop trips=2@0,1;3@2 {",
      "  MPI_Send site=a.c:1 comm=0 dest=+1 tag=7,8 count=4 type=MPI_INT tsize=4",
      "      duration n=7 min=1 max=1 mean=1.0 sd=0.0 bins=1:7",
      "}",
      "MPI_Barrier site=a.c:2 comm=0",
      "    duration n=3 min=1 max=1 mean=1.0 sd=0.0 bins=1:3",
      "");

  private static CompressedTrace trace() throws IOException {
    return CompressedTraceReader.read(Path.of("t.bgc"), new BufferedReader(
        new StringReader(TRACE)));
  }

  @Test
  void walksRankDependentTripsValueVectorsAndRelativePeers() throws IOException {
    TraversalContext c = new TraversalContext(trace(), 2);
    List<String> seen = new ArrayList<>();
    while (c.hasNext()) {
      Step s = c.next();
      String where = s.loops() instanceof LoopPath.In in
          ? "iteration " + in.iteration() + " of " + in.trips() : "top";
      String values = s.rsd().op().has(Field.DEST)
          ? " dest=" + s.value(Field.DEST) + " tag=" + s.value(Field.TAG) + " " : " ";
      seen.add(s.rsd().op().mpiName() + values + where);
    }
    // Rank 2 of 3: +1 is rank 0; tags cycle 7,8,7; three iterations, then the Barrier.
    assertEquals(List.of("MPI_Send dest=0 tag=7 iteration 0 of 3",
        "MPI_Send dest=0 tag=8 iteration 1 of 3", "MPI_Send dest=0 tag=7 iteration 2 of 3",
        "MPI_Barrier top"), seen);
  }

  @Test
  void positionsCompareInProgramOrderAndAreEqualAtTheSameNode() throws IOException {
    CompressedTrace t = trace();
    TraversalContext r0 = new TraversalContext(t, 0);
    TraversalContext r2 = new TraversalContext(t, 2);
    assertEquals(0, r0.comparePosition(r2));
    r0.next();
    assertTrue(r0.comparePosition(r2) > 0, "iteration 1 comes after iteration 0");
    r2.next();
    assertEquals(0, r0.comparePosition(r2));
    r0.next();
    r2.next();
    // Rank 0 has done its 2 trips and stands at the Barrier; rank 2 has a third iteration.
    assertEquals("MPI_Barrier", r0.peek().orElseThrow().op().mpiName());
    assertTrue(r2.comparePosition(r0) < 0);
    r2.next();
    assertEquals(0, r0.comparePosition(r2));
    r0.next();
    assertFalse(r0.hasNext());
    assertTrue(r0.comparePosition(r2) > 0, "a context at its end comes last");
  }

  @Test
  void aPeerOutsideTheCommunicatorOfItsCallIsAProblemNamingRankAndCall() {
    // dest=3 fits the world, which the reader checks it against, not communicator 1 (2 ranks),
    // which the second call uses.
    CompressedTrace t = org.benchgen.ir.format.HandWrittenTrace.read("benchgen-compressed 1",
        "world 4", "comm 1 members=0,1",
        "loop ranks=0 trips=2 {",
        "  MPI_Send site=a.c:1 comm=0,1 dest=3 tag=0 count=4 type=MPI_INT tsize=4",
        "      duration n=2 min=1 max=1 mean=1.0 sd=0.0 bins=1:2",
        "}");
    TraversalContext c = new TraversalContext(t, 0);
    assertEquals(3, c.next().value(Field.DEST));
    org.benchgen.trace.TraceProblem e = org.junit.jupiter.api.Assertions.assertThrows(
        org.benchgen.trace.TraceProblem.class, c::next);
    assertEquals("MPI_Send at a.c:1 on rank 0: dest=3 is outside communicator 1 (size 2)",
        e.getMessage());
  }
}
