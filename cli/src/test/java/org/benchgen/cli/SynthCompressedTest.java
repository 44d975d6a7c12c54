package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code synth -o FILE.bgc} writes the compressed trace from two ranks of each class; checked
 * against the pattern's own streams at the same count, every rank's, read by {@code verify}.
 */
class SynthCompressedTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({"ring, 30", "stencil2d, 30", "stencil3d, 60", "wavefront, 42", "alltoall, 12"})
  void theCompressedTraceIsWhatTheStreamsSay(String pattern, int ranks) {
    Path streams = dir.resolve(pattern);
    Path direct = dir.resolve(pattern + ".bgc");
    Cli.ok(List.of("synth", pattern, "-n", "" + ranks, "-i", "12", "-o", streams.toString()));
    Cli.Result r = Cli.ok(List.of("synth", pattern, "-n", "" + ranks, "-i", "12", "-o",
        direct.toString()));
    assertTrue(r.out().contains("the compressed trace of " + ranks + " ranks"), r.out());
    Cli.Result v = Cli.run("verify", "--loops", "0", streams.toString(), direct.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("calls, bytes and message matrix: identical"), v.out());
  }

  @Test
  void patternsWithoutClassesAreRefusedAndNothingIsWritten() {
    Path out = dir.resolve("mw.bgc");
    Cli.Result r = Cli.run("synth", "master-worker", "-n", "8", "-o", out.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("master-worker's ranks differ in more than their place"),
        r.err());
    assertFalse(Files.exists(out));
    r = Cli.run("synth", "ring", "-n", "8", "--split-collectives", "-o", out.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("call sites of their own"), r.err());
    assertFalse(Files.exists(out));
  }
}
