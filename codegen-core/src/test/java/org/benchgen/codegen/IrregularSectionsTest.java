package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Param;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.testing.Calls;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IrregularSectionsTest {
  private static final int RANKS = 3;

  /**
   * Random pairs of ranks exchange one message (random sender, receiver, tag, size, and one of
   * three send and three receive sites), so nothing repeats; with {@code regular}, every rank
   * sends to the next and receives from the previous, the same message each time.
   */
  private static void write(Path dir, int steps, boolean regular, long seed) throws IOException {
    Random rnd = new Random(seed);
    List<PrintWriter> out = new ArrayList<>();
    long[] t = new long[RANKS];
    for (int r = 0; r < RANKS; r++) {
      out.add(new PrintWriter(Files.newBufferedWriter(dir.resolve("rank-" + r + ".trace"))));
      out.get(r).println("# benchgen-trace 1 rank=" + r + " size=" + RANKS);
      event(out.get(r), t, r, "MPI_Init site=main", "");
    }
    for (int s = 0; s < steps; s++) {
      if (regular) {
        for (int r = 0; r < RANKS; r++) {
          event(out.get(r), t, r, "MPI_Sendrecv site=ring", " comm=0 dest=" + (r + 1) % RANKS
              + " tag=1 count=8 type=MPI_BYTE tsize=1 src=" + (r + RANKS - 1) % RANKS
              + " rtag=1 rcount=8 rtype=MPI_BYTE rtsize=1 bytes=8");
        }
        continue;
      }
      int a = rnd.nextInt(RANKS);
      int b = (a + 1 + rnd.nextInt(RANKS - 1)) % RANKS;
      int tag = rnd.nextInt(100);
      int count = 1 + rnd.nextInt(5000);
      event(out.get(a), t, a, "MPI_Send site=s" + rnd.nextInt(3), " comm=0 dest=" + b + " tag="
          + tag + " count=" + count + " type=MPI_BYTE tsize=1");
      event(out.get(b), t, b, "MPI_Recv site=r" + rnd.nextInt(3), " comm=0 src=" + a + " tag="
          + tag + " count=" + count + " type=MPI_BYTE tsize=1 bytes=" + count);
    }
    for (int r = 0; r < RANKS; r++) {
      event(out.get(r), t, r, "MPI_Finalize site=main", "");
      out.get(r).close();
    }
  }

  private static void event(PrintWriter w, long[] t, int r, String call, String fields) {
    long enter = t[r] + 1000 + (t[r] * 7919 % 5000);
    t[r] = enter + 100;
    w.println(call + " enter=" + enter + " exit=" + t[r] + fields);
  }

  private static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  @Test
  void anIrregularRunBecomesOneSectionThatReplaysEveryCallWithItsValues(@TempDir Path dir)
      throws IOException {
    write(dir, 3000, false, 18);
    CompressedTrace trace = compress(dir);
    List<IrregularSections.Section> sections = IrregularSections.find(trace);
    assertEquals(1, sections.size());
    IrregularSections.Section s = sections.get(0);
    // Everything between MPI_Init and MPI_Finalize; 6 shapes: 3 send and 3 receive sites.
    assertEquals(1, s.start());
    assertEquals(trace.body().size() - 1, s.end());
    assertEquals(6, s.shapes().size());
    for (int rank = 0; rank < RANKS; rank++) {
      int r = rank;
      List<RawEvent> raw = Calls.events(dir.resolve("rank-" + r + ".trace"), new SymbolTable());
      List<RawEvent> calls = raw.subList(1, raw.size() - 1);
      assertEquals(calls.size(), s.steps().tripsOn(r).orElseThrow(), "steps of rank " + r);
      PrimitiveIterator.OfLong selector = values(s.selector(), r);
      Map<String, PrimitiveIterator.OfLong> cursors = new HashMap<>();
      for (int k = 0; k < calls.size(); k++) {
        RawEvent e = calls.get(k);
        Rsd shape = s.shapes().get((int) selector.nextLong());
        assertEquals(e.op(), shape.op(), "rank " + r + " step " + k);
        assertEquals(e.site(), shape.site(), "rank " + r + " step " + k);
        List<Field> fields = e.op() == Op.SEND ? List.of(Field.DEST, Field.TAG, Field.COUNT)
            : List.of(Field.SRC, Field.TAG, Field.BYTES);
        for (Field f : fields) {
          long v = cursors.computeIfAbsent(shape.site() + f, x -> values(shape.param(f), r))
              .nextLong();
          assertEquals(e.get(f), v, "rank " + r + " step " + k + " " + f);
        }
      }
    }
  }

  @Test
  void aRegularTraceHasNoSection(@TempDir Path dir) throws IOException {
    write(dir, 3000, true, 1);
    CompressedTrace trace = compress(dir);
    assertTrue(IrregularSections.find(trace).isEmpty());
  }

  @Test
  void aShortIrregularRunStaysCode(@TempDir Path dir) throws IOException {
    write(dir, 100, false, 3);
    assertTrue(IrregularSections.find(compress(dir)).isEmpty());
  }

  /** Rank {@code r}'s values of {@code p}, in order. */
  private static PrimitiveIterator.OfLong values(Param p, int r) {
    return p.entryFor(r).orElseThrow().values().seq().iterator();
  }
}
