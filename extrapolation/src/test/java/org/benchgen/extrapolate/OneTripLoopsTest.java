package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loops of one trip, written by the compressor as their bodies, made loops again. */
class OneTripLoopsTest {
  @TempDir
  Path dir;

  private CompressedTrace read(String name, String body) throws IOException {
    Path f = dir.resolve(name + ".bgc");
    Files.writeString(f, "benchgen-compressed 1\nworld 2\n" + body);
    return TraceFiles.readCompressed(f);
  }

  private static String call(String site, int n) {
    return "MPI_Barrier site=" + site + " comm=0\n    duration 10*" + n + "\n";
  }

  @Test
  void aRunOfTheTemplatesLoopBodyBecomesALoopOfOneTrip() throws Exception {
    CompressedTrace template = read("t", "loop trips=4 {\n" + "loop trips=2 {\n" + call("a", 16)
        + call("b", 16) + "}\n" + call("c", 8) + "}\n");
    // At the smaller count the inner loop ran once: a, b, c in the outer loop's body.
    CompressedTrace small = read("s", "loop trips=4 {\n" + call("a", 8) + call("b", 8)
        + call("c", 8) + "}\n");
    CompressedTrace aligned = OneTripLoops.align(template, small);
    Loop outer = (Loop) aligned.body().get(0);
    assertEquals(2, outer.body().size());
    Loop inner = (Loop) outer.body().get(0);
    assertEquals(1, inner.tripsOn(0).getAsLong());
    assertEquals(1, inner.tripsOn(1).getAsLong());
    assertEquals("MPI_Barrier@a", NodeKeys.label(inner.body().get(0)));
    assertTrue(outer.body().get(1) instanceof Rsd);
    // Keys now match the template's, so the calls are fitted across both counts.
    NodeKeys kt = new NodeKeys(template.body());
    NodeKeys ka = new NodeKeys(aligned.body());
    assertEquals(kt.key(((Loop) ((Loop) template.body().get(0)).body().get(0)).body().get(1)),
        ka.key(inner.body().get(1)));
  }

  @Test
  void aLoopThatIsThereAlreadyIsLeftAlone() throws Exception {
    CompressedTrace template = read("t", "loop trips=2 {\n" + call("a", 4) + call("b", 4)
        + "}\n");
    CompressedTrace same = read("s", "loop trips=3 {\n" + call("a", 6) + call("b", 6) + "}\n"
        + call("c", 2));
    assertSame(same, OneTripLoops.align(template, same));
  }

  @Test
  void aBodyTheTemplateAlsoRunsOutsideTheLoopIsNoSignOfOne() throws Exception {
    // NPB FT: a block of calls once, then the same block in a loop of 2, at every count.
    CompressedTrace template = read("t", call("a", 2) + "loop trips=2 {\n" + call("a", 4)
        + "}\n");
    CompressedTrace small = read("s", call("a", 2) + "loop trips=2 {\n" + call("a", 4) + "}\n");
    assertSame(small, OneTripLoops.align(template, small));
  }
}
