package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every program of samples/mpi, traced at 4 ranks under Open MPI, then {@code export --format
 * otf2} and {@code import}: {@code verify} finds the same calls, bytes and message matrix on every
 * rank (docs/otf2.md, "Round trip"). Real MPI and the real OTF2 library; neither is skipped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Otf2IntegrationTest {
  private Path work;
  private final Map<String, Path> bins = new HashMap<>();

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    work = tmp;
    bins.putAll(MpiSamples.bins());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested_loops", "split_collectives", "wildcard",
      "comm_split", "vcollectives", "nonblocking_coll", "edge_cases", "ring_f90"})
  void exportThenImportVerifiesIdentical(String program) throws Exception {
    Path traced = work.resolve(program);
    Path back = work.resolve(program + "-back");
    Cli.Result v = Cli.run("verify", imported(program, traced, back).toString(),
        back.toString());
    assertEquals(0, v.code(), program + ":\n" + v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }

  /** Traces {@code program} into {@code traced} and imports its export into {@code back}, once. */
  private synchronized Path imported(String program, Path traced, Path back) throws Exception {
    if (Files.isDirectory(back)) {
      return traced;
    }
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", traced.toString(), "--"));
    cmd.addAll(MpiSamples.launcher("openmpi", 4));
    cmd.addAll(List.of(bins.get("openmpi").resolve(program).toString(), "4"));
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.err());
    Path archive = work.resolve(program + "-otf2");
    Cli.Result x = Cli.run("export", "--format", "otf2", traced.toString(), "-o",
        archive.toString());
    assertEquals(0, x.code(), x.err());
    assertTrue(Files.isRegularFile(archive.resolve("traces.otf2")));
    Cli.Result i = Cli.run("import", archive.resolve("traces.otf2").toString(), "-o",
        back.toString());
    assertEquals(0, i.code(), i.err());
    assertTrue(i.out().startsWith(back + ": 4 rank streams, "), i.out());
    return traced;
  }

  /**
   * A benchmark from an imported archive runs and makes the archive's calls: the v-collectives'
   * shares, which OTF2 records only as totals, agree between members (MPI would fail if not).
   */
  @ParameterizedTest
  @ValueSource(strings = {"vcollectives", "comm_split", "nonblocking_coll"})
  void aBenchmarkFromAnImportedArchiveRunsAndMatchesIt(String program) throws Exception {
    Path back = work.resolve(program + "-back");
    imported(program, work.resolve(program), back);
    Path gen = work.resolve(program + "-gen");
    Cli.Result g = Cli.run("generate", back.toString(), "--lang", "c-mpi", "-o", gen.toString(),
        "--name", program);
    assertEquals(0, g.code(), g.out() + g.err());
    MpiSamples.make(gen, work, "MPICC=mpicc.openmpi",
        "CFLAGS=-O2 -std=c99 -Wall -Werror");
    Path rerun = work.resolve(program + "-rerun");
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", rerun.toString(), "--"));
    cmd.addAll(MpiSamples.launcher("openmpi", 4));
    cmd.add(gen.resolve(program).toString());
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.out() + t.err());
    Cli.Result v = Cli.run("verify", back.toString(), rerun.toString());
    assertEquals(0, v.code(), program + ":\n" + v.out() + v.err());
  }

  @Test
  void importWithoutAnArchiveFailsWithExitOneAndWritesNothing() throws Exception {
    Path out = work.resolve("nothing");
    Cli.Result r = Cli.run("import", work.resolve("missing.otf2").toString(), "-o",
        out.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("missing.otf2: not an OTF2 anchor file"), r.err());
    assertTrue(Files.notExists(out));
    Cli.Result bad = Cli.run("export", "--format", "vampir", "x", "-o", out.toString());
    assertEquals(2, bad.code(), bad.err());
  }
}
