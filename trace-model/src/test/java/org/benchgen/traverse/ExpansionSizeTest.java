package org.benchgen.traverse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.benchgen.ir.format.HandWrittenTrace;
import org.junit.jupiter.api.Test;

class ExpansionSizeTest {
  private static final String HEADER = "benchgen-compressed 1";
  private static final String BARRIER = "MPI_Barrier site=a.c:1 comm=0";
  private static final String DURATION = "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1";

  @Test
  void countsNodesReachedAndIterationsOnEveryRank() {
    // 4 ranks: the loop and the last barrier reached (8), 3 iterations (12), the inner barrier
    // reached 3 times (12). Counted by hand.
    assertEquals(32, ExpansionSize.steps(HandWrittenTrace.read(HEADER, "world 4",
        "loop trips=3 {", BARRIER, DURATION, "}", BARRIER, DURATION)));
  }

  @Test
  void aLoopCountsItsLargestTripsOnTheRanksItHasAndItsBodyItsOwnRanks() {
    // Top: 2 nodes on 4 ranks (8). The loop's ranks 0..1 run up to 5 iterations (10) and reach
    // its barrier 10 times, which rank 1 then skips: still a step.
    assertEquals(28, ExpansionSize.steps(HandWrittenTrace.read(HEADER, "world 4",
        "loop ranks=0..1 trips=2@0;5@1 {", "MPI_Barrier site=a.c:1 ranks=0 comm=0", DURATION, "}",
        BARRIER, DURATION)));
  }

  @Test
  void nestedHugeLoopsSaturateInsteadOfOverflowing() {
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 8388608"));
    lines.addAll(Collections.nCopies(10, "loop trips=1099511627776 {"));
    lines.add(BARRIER);
    lines.add(DURATION);
    lines.addAll(Collections.nCopies(10, "}"));
    assertEquals(Long.MAX_VALUE, ExpansionSize.steps(HandWrittenTrace.read(
        lines.toArray(String[]::new))));
  }

  @Test
  void aLoopThatNeverRunsCostsOnlyItsVisit() {
    assertEquals(2, ExpansionSize.steps(HandWrittenTrace.read(HEADER, "world 2",
        "loop trips=0 {", BARRIER, DURATION, "}")));
  }
}
