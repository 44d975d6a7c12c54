package org.benchgen.traverse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.trace.Field;
import org.junit.jupiter.api.Test;

class SlotTablesTest {
  /**
   * Written by hand: 4 ranks, 3 iterations of a send whose tag is 5 on ranks 0 and 2 and cycles
   * 1,2 on ranks 1 and 3 (a cursor per rank), whose count is 8 on ranks 0 and 1, 9 on 2 and 3,
   * and whose peer is +1 everywhere.
   */
  private static final String TRACE = String.join("\n",
      "benchgen-compressed 1",
      "world 4",
      "loop trips=3 {",
      "  MPI_Send site=a.c:1 comm=0 dest=+1 tag=5@0,2;1,2@1,3 count=8@0,1;9@2,3 type=MPI_INT"
          + " tsize=4",
      "      duration n=12 min=1 max=1 mean=1.0 sd=0.0 bins=1:12",
      "}",
      "");

  private static CompressedTrace trace(String text) throws IOException {
    return CompressedTraceReader.read(Path.of("t.bgc"), new BufferedReader(
        new StringReader(text)));
  }

  private static List<String> walk(TraversalContext c) {
    List<String> out = new ArrayList<>();
    while (c.hasNext()) {
      Step s = c.next();
      out.add(s.value(Field.DEST) + "/" + s.value(Field.TAG) + "/" + s.value(Field.COUNT));
    }
    return out;
  }

  @Test
  void ranksSharingTablesStillReadTheirOwnValues() throws IOException {
    CompressedTrace t = trace(TRACE);
    Communicators comms = new Communicators(t);
    SlotTables shared = new SlotTables();
    // Interleaved, so that a shared cursor would show as one rank's values on another.
    List<TraversalContext> walks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      walks.add(new TraversalContext(t, r, comms, shared));
    }
    List<List<String>> seen = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
        new ArrayList<>());
    for (int i = 0; i < 3; i++) {
      for (int r = 0; r < 4; r++) {
        Step s = walks.get(r).next();
        seen.get(r).add(s.value(Field.DEST) + "/" + s.value(Field.TAG) + "/"
            + s.value(Field.COUNT));
      }
    }
    assertEquals(List.of(List.of("1/5/8", "1/5/8", "1/5/8"), List.of("2/1/8", "2/2/8", "2/1/8"),
        List.of("3/5/9", "3/5/9", "3/5/9"), List.of("0/1/9", "0/2/9", "0/1/9")), seen);
    for (int r = 0; r < 4; r++) {
      assertEquals(seen.get(r), walk(new TraversalContext(t, r)), "rank " + r + " alone");
    }
  }

  @Test
  void oneTablePerClassOfRanks() throws IOException {
    CompressedTrace t = trace(TRACE);
    Rsd send = (Rsd) ((org.benchgen.ir.Loop) t.body().get(0)).body().get(0);
    SlotTables tables = new SlotTables();
    // Ranks 0 and 2 differ in count: two classes; each rank asked twice gets its class's table.
    SlotTables.Table zero = tables.of(send, 0);
    assertTrue(zero == tables.of(send, 0) && zero.shared());
    assertTrue(zero != tables.of(send, 2));
    assertTrue(tables.of(send, 1) == tables.of(send, 1) && !tables.of(send, 1).shared());
  }
}
