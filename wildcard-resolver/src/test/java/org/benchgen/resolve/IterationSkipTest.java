package org.benchgen.resolve;

import static org.benchgen.resolve.RingTraces.RING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The matching simulation takes repeated iterations as made only where that is sound. */
class IterationSkipTest {
  @TempDir
  Path dir;

  private CompressedTrace read(String body) throws IOException {
    return RingTraces.read(dir, body);
  }

  private static MatchingSimulation run(CompressedTrace t) {
    MatchingSimulation sim = new MatchingSimulation(t, false, List.of());
    sim.run();
    return sim;
  }

  @Test
  void aPeriodicLoopWithNothingInFlightIsSimulatedTwice() throws IOException {
    MatchingSimulation sim = run(read(RING));
    assertEquals(998, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
  }

  @Test
  void nestedLoopsAreEachSkippedAndTheInnerOneLeavesTheOuterArmed() throws IOException {
    // 100 outer iterations of 10 ring exchanges and an Allreduce: the outer loop runs 2
    // iterations (98 skipped); in the first the inner one runs 2 (8 skipped), and in the second,
    // skipped once already and entered with nothing in flight, none (10 skipped).
    String nested = RingTraces.nested(false);
    MatchingSimulation sim = run(read(nested));
    assertEquals(98 + 8 + 10, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
  }

  @Test
  void aLaterInstanceEnteredAfterOtherCallsIsSkippedWhole() throws IOException {
    // The Allreduce first: the inner loop's later instances begin after a call of the outer
    // iteration, where no outer iteration opens. Outer: 2 iterations run (98 skipped); inner:
    // 2 run in the first (8 skipped), none in the second (10 skipped).
    String nested = RingTraces.nested(true);
    MatchingSimulation sim = run(read(nested));
    assertEquals(98 + 8 + 10, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
    // A deadlock after the loop is still found: every rank receives first.
    MatchingSimulation stuck = run(read(nested + "MPI_Recv site=e comm=0 src=-1 tag=5 count=1"
        + " type=MPI_INT tsize=4 bytes=4\n    compute ^ 1*4\n    duration 1*4\n"));
    assertTrue(new DeadlockReport(stuck).problem().isPresent());
  }

  @Test
  void aMessageCarriedIntoTheNextIterationStopsTheSkip() throws IOException {
    // Each rank receives, in iteration i, what its left neighbour sent in iteration i - 1: at
    // every iteration's start a message is in flight, so every iteration is simulated.
    String carried = "MPI_Send site=s comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4\n"
        + "    compute ^ 1*4\n    duration 1*4\n"
        + "loop trips=50 {\n"
        + "  MPI_Recv site=b comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 bytes=4\n"
        + "      compute ^ 1*4\n      compute c 1*196\n      duration 1*200\n"
        + "  MPI_Send site=c comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4\n"
        + "      compute ^ 1*200\n      duration 1*200\n}\n"
        + "MPI_Recv site=r comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 bytes=4\n"
        + "    compute ^ 1*4\n    duration 1*4\n";
    MatchingSimulation sim = run(read(carried));
    assertEquals(0, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
  }

  @Test
  void valuesThatChangeBetweenIterationsStopTheSkip() throws IOException {
    // The tag alternates 0, 1: every iteration reads the next, so no two in a row are alike.
    MatchingSimulation sim = run(read(RING.replace("src=-1 tag=0", "src=-1 tag=0,1")
        .replace("dest=+1 tag=0", "dest=+1 tag=0,1")));
    assertEquals(0, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isEmpty());
  }

  @Test
  void aDeadlockInTheLastIterationIsStillFound() throws IOException {
    // 999 iterations of the ring, then one where every rank receives first: a cycle.
    String last = RING.replace("loop trips=1000", "loop trips=999")
        + "MPI_Recv site=e comm=0 src=-1 tag=5 count=1 type=MPI_INT tsize=4 bytes=4\n"
        + "    compute ^ 1*4\n    duration 1*4\n"
        + "MPI_Send site=f comm=0 dest=+1 tag=5 count=1 type=MPI_INT tsize=4\n"
        + "    compute ^ 1*4\n    duration 1*4\n";
    MatchingSimulation sim = run(read(last));
    assertEquals(997, sim.skippedIterations());
    assertTrue(new DeadlockReport(sim).problem().isPresent());
    assertInstanceOf(Resolution.Failed.class, new WildcardResolver(read(last), false).resolve());
  }
}
