package org.benchgen.align;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Choice sections are aligned as sections (issue 50): MPICH's comm/ctxsplit reaches one
 * collective from two call sites in a step, a random one on each rank, so every step of the
 * unformed trace is a split collective to join; formed, the section is checked and kept.
 */
class SectionedAlignmentTest {
  private static final int RANKS = 4;
  private static final int STEPS = 700;

  @TempDir
  Path tmp;

  @Test
  void aCollectiveReachedFromTwoSitesEachStepKeepsTheSection() throws IOException {
    CompressedTrace folded = folded(streams("ok", -1));
    // The whole walk joins the two sites' barriers, step after step.
    Alignment whole = new CollectiveAligner(folded).align();
    assertTrue(whole instanceof Alignment.Aligned a && a.merged() > STEPS / 2, whole.toString());

    CompressedTrace formed = ChoiceSections.form(folded);
    assertTrue(formed.body().stream().anyMatch(n -> ChoiceSection.of(n).isPresent()),
        "a choice section formed");
    assertTrue(new CollectiveAligner(formed).needsAlignment(), "its guards differ by rank");
    Alignment kept = new CollectiveAligner(formed).align();
    Alignment.Aligned a = (Alignment.Aligned) kept;
    assertFalse(a.changed());
    assertSame(formed, a.trace(), "the section kept as it is, nothing joined");
  }

  @Test
  void aRankThatCallsAnotherCollectiveInASectionIsFoundAsBefore() throws IOException {
    CompressedTrace folded = folded(streams("bad", 400));
    CompressedTrace formed = ChoiceSections.form(folded);
    assertTrue(formed.body().stream().anyMatch(n -> ChoiceSection.of(n).isPresent()));
    Alignment found = new CollectiveAligner(formed).align();
    assertTrue(found instanceof Alignment.Failed, found.toString());
    Alignment.Failed f = (Alignment.Failed) found;
    assertEquals(Problem.MISMATCHED_COLLECTIVE, f.finding().problem(), f.finding().toString());
    assertTrue(f.finding().message().contains("MPI_Allreduce")
        && f.finding().message().contains("MPI_Barrier"), f.finding().message());
    // The unformed trace gives the same finding.
    Alignment before = new CollectiveAligner(folded).align();
    assertTrue(before instanceof Alignment.Failed b
        && b.finding().problem() == Problem.MISMATCHED_COLLECTIVE, before.toString());
  }

  private static CompressedTrace folded(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  /**
   * Every step each rank draws, from its own generator, a barrier at site a.c:1 or one at a.c:2
   * (as ctxsplit splits at one of two sites), the latter after a message to itself. Rank 3 calls
   * an Allreduce instead of its barrier at step {@code odd} (none if negative).
   */
  private Path streams(String name, int odd) throws IOException {
    Path dir = Files.createDirectory(tmp.resolve(name));
    for (int rank = 0; rank < RANKS; rank++) {
      Random g = new Random(31 + rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + RANKS
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      for (int k = 0; k < STEPS; k++) {
        boolean second = g.nextBoolean();
        now += 1000 + g.nextInt(100);
        if (second) {
          b.append("MPI_Send site=s.c:3 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 dest=").append(rank).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4\n");
          b.append("MPI_Recv site=s.c:4 enter=").append(now += 50).append(" exit=")
              .append(now += 200).append(" comm=0 src=").append(rank)
              .append(" tag=5 count=2 type=MPI_INT tsize=4 bytes=8\n");
        }
        if (rank == 3 && k == odd) {
          b.append("MPI_Allreduce site=r.c:9 enter=").append(now).append(" exit=")
              .append(now += 400).append(" comm=0 count=1 type=MPI_INT tsize=4 op=MPI_SUM\n");
        } else {
          b.append("MPI_Barrier site=a.c:").append(second ? 2 : 1).append(" enter=").append(now)
              .append(" exit=").append(now += 300).append(" comm=0\n");
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
    return dir;
  }
}
