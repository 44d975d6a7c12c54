package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Param;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.testing.Calls;
import org.benchgen.testing.IrregularTrace;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IrregularSectionsTest {
  private static final int RANKS = 3;

  private static CompressedTrace compress(Path dir) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  @Test
  void anIrregularRunBecomesOneSectionThatReplaysEveryCallWithItsValues(@TempDir Path dir)
      throws IOException {
    IrregularTrace.write(dir, RANKS, 3000, false, 18);
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
    IrregularTrace.write(dir, RANKS, 3000, true, 1);
    CompressedTrace trace = compress(dir);
    assertTrue(IrregularSections.find(trace).isEmpty());
  }

  @Test
  void aShortIrregularRunStaysCode(@TempDir Path dir) throws IOException {
    IrregularTrace.write(dir, RANKS, 100, false, 3);
    assertTrue(IrregularSections.find(compress(dir)).isEmpty());
  }

  /** Rank {@code r}'s values of {@code p}, in order. */
  private static PrimitiveIterator.OfLong values(Param p, int r) {
    return p.entryFor(r).orElseThrow().values().seq().iterator();
  }
}
