package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Streams full of shared blocks, for FoldTwinTest: every rank makes the same random sequence of
 * "phrases" (short runs of collectives from a few dozen call sites, each phrase its own), never a
 * phrase twice in a row, so that nothing folds into a loop and the phrases repeat apart: the
 * writer's search for blocks then runs to a hundred rounds (docs/compressed-format.md, "Shared
 * blocks"). Counts differ by phrase and by place, so that some places pool and others are
 * refused; rank 0 computes longer in half the phrases, so that compute paths keep rank classes.
 * Every 100 calls or so a communicator is split off the world and freed at sites of its own: a
 * set-up that ends a run of unfolded nodes, so that no run is long enough to become a choice
 * section (docs/compression.md, "Choice sections"), which would take the blocks' places.
 */
final class PhraseProgram {
  private PhraseProgram() {}

  /** Writes rank-R.trace for {@code ranks} ranks into {@code dir}, about {@code events} calls each. */
  static void write(Path dir, long seed, int ranks, int events) throws IOException {
    Random r = new Random(seed);
    List<int[]> phrases = new ArrayList<>();
    for (int p = 0; p < 30; p++) {
      int[] calls = new int[3 + r.nextInt(5)];
      for (int i = 0; i < calls.length; i++) {
        calls[i] = r.nextInt(50);
      }
      phrases.add(calls);
    }
    List<Integer> order = new ArrayList<>();
    int calls = 0;
    while (calls < events) {
      int p = r.nextInt(phrases.size());
      if (!order.isEmpty() && order.get(order.size() - 1) == p) {
        continue;
      }
      order.add(p);
      calls += phrases.get(p).length;
    }
    Files.createDirectories(dir);
    for (int rank = 0; rank < ranks; rank++) {
      Random t = new Random(seed * 31 + rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + ranks
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      int sinceBreak = 0;
      int comms = 0;
      for (int k = 0; k < order.size(); k++) {
        int p = order.get(k);
        int[] phrase = phrases.get(p);
        if (sinceBreak + phrase.length > 100) {
          if (comms++ == 0) {
            // One id for the world's copy each time, defined once (the stream's rule).
            b.append("comm id=1 members=").append(java.util.stream.IntStream.range(0, ranks)
                .mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(",")))
                .append('\n');
          }
          b.append("MPI_Comm_split site=split").append(comms).append(" enter=").append(now + 100)
              .append(" exit=").append(now + 400).append(" comm=0 color=0 key=").append(rank)
              .append(" newcomm=1\n");
          b.append("MPI_Comm_free site=free").append(comms).append(" enter=").append(now + 500)
              .append(" exit=").append(now + 600).append(" comm=1\n");
          now += 600;
          sinceBreak = 0;
        }
        sinceBreak += phrase.length;
        for (int i = 0; i < phrase.length; i++) {
          now += 500 + t.nextInt(100) + (rank == 0 && p % 2 == 0 ? 200_000 : 0);
          long exit = now + 200 + t.nextInt(50);
          int site = phrase[i];
          if (site % 3 == 0) {
            // The count of the phrase's first place only, then another: places pool or not.
            int count = 8 << ((k + site) % 2 == 0 && order.indexOf(p) == k ? 1 : 0);
            b.append("MPI_Allreduce site=s").append(site).append(" enter=").append(now)
                .append(" exit=").append(exit).append(" comm=0 count=").append(count)
                .append(" type=MPI_DOUBLE tsize=8 op=MPI_SUM\n");
          } else {
            b.append("MPI_Barrier site=s").append(site).append(" enter=").append(now)
                .append(" exit=").append(exit).append(" comm=0\n");
          }
          now = exit;
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 1000).append(" exit=")
          .append(now + 2000).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
  }
}
