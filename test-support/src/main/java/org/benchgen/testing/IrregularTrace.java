package org.benchgen.testing;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Rank streams that do not repeat, the input of the data-table form of generated programs: in each
 * step a random pair of ranks exchanges one message (random sender, receiver, tag, size, and one
 * of three send and three receive sites). Every send has its receive, in an order that cannot
 * deadlock. With {@code regular}, every rank instead sends to the next and receives from the
 * previous, the same message each time.
 */
public final class IrregularTrace {
  private IrregularTrace() {}

  /** Writes {@code ranks} streams of {@code steps} steps into {@code dir}. */
  public static void write(Path dir, int ranks, int steps, boolean regular, long seed)
      throws IOException {
    Random rnd = new Random(seed);
    List<PrintWriter> out = new ArrayList<>();
    long[] t = new long[ranks];
    for (int r = 0; r < ranks; r++) {
      out.add(new PrintWriter(Files.newBufferedWriter(dir.resolve("rank-" + r + ".trace"))));
      out.get(r).println("# benchgen-trace 1 rank=" + r + " size=" + ranks);
      event(out.get(r), t, r, "MPI_Init site=main", "");
    }
    for (int s = 0; s < steps; s++) {
      if (regular) {
        for (int r = 0; r < ranks; r++) {
          event(out.get(r), t, r, "MPI_Sendrecv site=ring", " comm=0 dest=" + (r + 1) % ranks
              + " tag=1 count=8 type=MPI_BYTE tsize=1 src=" + (r + ranks - 1) % ranks
              + " rtag=1 rcount=8 rtype=MPI_BYTE rtsize=1 bytes=8");
        }
        continue;
      }
      int a = rnd.nextInt(ranks);
      int b = (a + 1 + rnd.nextInt(ranks - 1)) % ranks;
      int tag = rnd.nextInt(100);
      int count = 1 + rnd.nextInt(5000);
      event(out.get(a), t, a, "MPI_Send site=s" + rnd.nextInt(3), " comm=0 dest=" + b + " tag="
          + tag + " count=" + count + " type=MPI_BYTE tsize=1");
      event(out.get(b), t, b, "MPI_Recv site=r" + rnd.nextInt(3), " comm=0 src=" + a + " tag="
          + tag + " count=" + count + " type=MPI_BYTE tsize=1 bytes=" + count);
    }
    for (int r = 0; r < ranks; r++) {
      event(out.get(r), t, r, "MPI_Finalize site=main", "");
      out.get(r).close();
    }
  }

  /** One call with some compute before it (1 to 6 µs, varying). */
  private static void event(PrintWriter w, long[] t, int r, String call, String fields) {
    long enter = t[r] + 1000 + (t[r] * 7919 % 5000);
    t[r] = enter + 100;
    w.println(call + " enter=" + enter + " exit=" + t[r] + fields);
  }
}
