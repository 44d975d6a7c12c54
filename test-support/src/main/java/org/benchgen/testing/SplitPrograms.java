package org.benchgen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Rank streams of a program shaped like MPICH's comm/ctxsplit (issue 50's step choices): every
 * step each rank draws whether to split the world with color 1 (then an Allreduce of a random
 * count on the new communicator, and its free) or with MPI_UNDEFINED; the new communicator's
 * members are the ranks that drew color 1 in that step, so its id, named by its members as the
 * tracer names it, varies with all ranks' draws. Nothing folds into loops; the steps line up at
 * the world's splits.
 */
public final class SplitPrograms {
  private SplitPrograms() {}

  /** Writes rank-R.trace for {@code ranks} ranks (at most 30) of {@code steps} steps into dir. */
  public static void write(Path dir, int ranks, int steps, long seed) throws IOException {
    Files.createDirectories(dir);
    boolean[][] joins = new boolean[ranks][steps];
    for (int r = 0; r < ranks; r++) {
      Random g = new Random(seed * 1000 + r);
      for (int k = 0; k < steps; k++) {
        joins[r][k] = g.nextInt(r + 2) == 0;
      }
    }
    for (int r = 0; r < ranks; r++) {
      Random g = new Random(seed * 7919 + r);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + r + " size=" + ranks
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      boolean[] defined = new boolean[1 << ranks];
      long now = 3000;
      for (int k = 0; k < steps; k++) {
        now += 500 + g.nextInt(200);
        if (!joins[r][k]) {
          b.append("MPI_Comm_split site=split-undefined enter=").append(now).append(" exit=")
              .append(now += 300 + g.nextInt(50)).append(" comm=0 color=UNDEFINED key=")
              .append(r).append(" newcomm=NULL\n");
          continue;
        }
        int mask = 0;
        StringBuilder members = new StringBuilder();
        for (int q = 0; q < ranks; q++) {
          if (joins[q][k]) {
            mask |= 1 << q;
            members.append(members.length() == 0 ? "" : ",").append(q);
          }
        }
        long id = 1000 + mask;
        if (!defined[mask]) {
          b.append("comm id=").append(id).append(" members=").append(members).append('\n');
          defined[mask] = true;
        }
        b.append("MPI_Comm_split site=split-one enter=").append(now).append(" exit=")
            .append(now += 400 + g.nextInt(50)).append(" comm=0 color=1 key=").append(r)
            .append(" newcomm=").append(id).append('\n');
        now += 100;
        b.append("MPI_Allreduce site=allreduce enter=").append(now).append(" exit=")
            .append(now += 200).append(" comm=").append(id).append(" count=")
            .append(1 << Integer.bitCount(mask)).append(" type=MPI_INT tsize=4 op=MPI_SUM\n");
        now += 100;
        b.append("MPI_Comm_free site=free enter=").append(now).append(" exit=")
            .append(now += 50).append(" comm=").append(id).append('\n');
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + r + ".trace"), b);
    }
  }
}
