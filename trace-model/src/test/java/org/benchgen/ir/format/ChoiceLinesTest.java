package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.ChoiceColumn;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;
import org.junit.jupiter.api.Test;

/** The choice tables of a compressed trace (issue 50, "Step choices"): read, walked, written. */
class ChoiceLinesTest {
  /**
   * Five steps of configurations 0,2,1,1,2, 2 bits each: 00 10 01 01 10, padded, are the bytes
   * 0x25 0x80, "JYA" in base64. Rank 0 calls at configurations 0 and 2 (column 1.1), with count 5
   * and 7 (column 1.3, read only there); rank 1 at 1 and 2 (column 1.2), count 2 always. Column
   * 1.4 holds symbols, by name.
   */
  private static final String TRACE = String.join("\n",
      "benchgen-compressed 1",
      "world 2",
      "choice 1 configs=3 steps=5 data=JYA",
      "column 1.1 1,0,1",
      "column 1.2 0,1,1",
      "column 1.3 when=1.1 5,0,7",
      "column 1.4 when=1.1 -,0,ANY_TAG",
      "MPI_Init site=i",
      "    duration 10*2",
      "loop trips=5 {",
      "  loop trips=$1.1@0;$1.2@1 {",
      "    MPI_Allreduce site=a comm=0 count=$1.3@0;2@1 type=MPI_INT tsize=4 op=MPI_SUM",
      "        compute ^ 5*7",
      "        duration 10",
      "  }",
      "}",
      "MPI_Finalize site=f",
      "    compute ^ 5*2",
      "    duration 10",
      "");

  private static CompressedTrace read(String text) throws Exception {
    return CompressedTraceReader.read(Path.of("t.bgc"), new StringReader(text));
  }

  /** Each rank's Allreduce counts, in order, as a walk gives them. */
  private static List<Long> counts(CompressedTrace t, int rank) {
    List<Long> out = new ArrayList<>();
    TraversalContext ctx = new TraversalContext(t, rank);
    while (ctx.hasNext()) {
      Step s = ctx.next();
      if (s.rsd().op().mpiName().equals("MPI_Allreduce")) {
        out.add(s.value(Field.COUNT));
      }
    }
    return out;
  }

  @Test
  void columnsReadAsEachRanksValuesAndWriteBackTheSameBytes() throws Exception {
    CompressedTrace t = read(TRACE);
    // Steps 1, 2 and 5 have configurations 0, 2 and 2: counts 5, 7, 7 on rank 0.
    assertEquals(List.of(5L, 7L, 7L), counts(t, 0));
    // Steps 2 to 5 (configurations 2, 1, 1, 2) on rank 1, count 2 each.
    assertEquals(List.of(2L, 2L, 2L, 2L), counts(t, 1));
    Loop guard = (Loop) ((Loop) t.body().get(1)).body().get(0);
    assertTrue(guard.trips().entries().get(0).values().seq().nodes() instanceof ChoiceColumn);
    Rsd r = (Rsd) guard.body().get(0);
    assertEquals(List.of(5L, 7L, 7L), r.param(Field.COUNT).entryFor(0).orElseThrow().values()
        .seq().nodes().stream().map(n -> ((org.benchgen.ir.VNode.Leaf) n).value()).toList());
    assertEquals(TRACE, CompressedTraceWriter.toString(t));
  }

  @Test
  void badChoiceLinesAreRefusedByLine() {
    String[][] bad = {
        {"choice 1 configs=3 steps=5 data=JY", "3", "data= has 2 characters"},
        {"choice 1 configs=3 steps=5 data=J!A", "3", "not base64"},
        {"choice 2 configs=3 steps=5 data=JYA", "3", "choice number must be from 1 to 1, found 2"},
        {"choice 1 configs=5000 steps=5 data=JYA", "3", "configs must be from 1 to 4096"},
        {"choice 1 configs=3 steps=1 data=wA", "3", "configuration 3, over the 3"},
        {"column 1.1 1,0", "4", "has 2 values"},
        {"column 1.1 when=1.1 1,0,1", "4", "defined before"},
        {"column 1.2 1,0,1", "4", "expected 1.1"},
        {"column 2.1 1,0,1", "4", "no choice table 2"},
        {"column 1.3 when=1.1 5,0,7\ncolumn 1.4 when=1.3 1,1,1", "7", "itself read at every step"},
    };
    for (String[] b : bad) {
      String text = b[1].equals("3") ? TRACE.replace("choice 1 configs=3 steps=5 data=JYA", b[0])
          : b[1].equals("4") ? TRACE.replace("column 1.1 1,0,1", b[0])
          : TRACE.replace("column 1.3 when=1.1 5,0,7", b[0]);
      TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(text), b[0]);
      assertTrue(e.getMessage().contains("t.bgc:" + b[1] + ":")
          && e.getMessage().contains(b[2]), b[0] + ": " + e.getMessage());
    }
  }

  @Test
  void referencesNameADefinedColumnAndComeBeforeTheFirstCall() {
    String[][] bad = {
        {TRACE.replace("count=$1.3@0", "count=$2.1@0"), "12", "no choice table 2"},
        {TRACE.replace("count=$1.3@0", "count=$1.9@0"), "12", "has no column 9"},
        // A column's symbols are checked where a call reads it: count takes none.
        {TRACE.replace("count=$1.3@0", "count=$1.4@0"), "12", "MPI_Allreduce count="},
        {TRACE.replace("MPI_Finalize site=f", "column 1.5 1,1,1\nMPI_Finalize site=f"), "17",
            "before the first call"},
    };
    for (String[] b : bad) {
      TraceFormatException e = assertThrows(TraceFormatException.class, () -> read(b[0]));
      assertTrue(e.getMessage().contains("t.bgc:" + b[1] + ":")
          && e.getMessage().contains(b[2]), e.getMessage());
    }
  }
}
