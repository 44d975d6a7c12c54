package org.benchgen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Rank streams of a program whose every step draws one of three call paths at random (issue 50's
 * choice sections): a Barrier; an Allreduce of a random count; a Send to a random rank and a
 * Recv from one. Each rank draws from its own generator, so nothing folds into loops.
 */
public final class ChoicePrograms {
  private ChoicePrograms() {}

  /**
   * Writes rank-R.trace for {@code ranks} ranks of {@code steps} steps into {@code dir}, rank r
   * drawing with seed {@code seed + r}; {@code slowRank0Allreduce} gives rank 0 50 us more compute
   * before each Allreduce (a per-rank compute time to keep apart).
   */
  public static void write(Path dir, int ranks, int steps, long seed, boolean slowRank0Allreduce)
      throws IOException {
    for (int rank = 0; rank < ranks; rank++) {
      Random g = new Random(seed + rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + ranks
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      for (int k = 0; k < steps; k++) {
        int path = g.nextInt(3);
        now += 1000 + g.nextInt(100) + (path == 1 && rank == 0 && slowRank0Allreduce ? 50_000 : 0);
        if (path == 0) {
          b.append("MPI_Barrier site=b.c:1 enter=").append(now).append(" exit=")
              .append(now += 300).append(" comm=0\n");
        } else if (path == 1) {
          b.append("MPI_Allreduce site=a.c:2 enter=").append(now).append(" exit=")
              .append(now += 400).append(" comm=0 count=").append(1 << g.nextInt(4))
              .append(" type=MPI_INT tsize=4 op=MPI_SUM\n");
        } else {
          int peer = g.nextInt(ranks);
          b.append("MPI_Send site=s.c:3 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 dest=").append(peer).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4\n");
          now += 100;
          b.append("MPI_Recv site=s.c:4 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 src=").append(peer).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4 bytes=8\n");
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
  }
}
