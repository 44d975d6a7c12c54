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
    bins.putAll(MpiSamples.build(work));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested_loops", "split_collectives", "wildcard",
      "comm_split", "vcollectives", "nonblocking_coll", "edge_cases", "ring_f90"})
  void exportThenImportVerifiesIdentical(String program) throws Exception {
    Path traced = work.resolve(program);
    List<String> cmd = new ArrayList<>(List.of("trace", "-o", traced.toString(), "--",
        "mpirun.openmpi", "--oversubscribe", "-np", "4"));
    if ("root".equals(System.getProperty("user.name"))) {
      cmd.add("--allow-run-as-root");
    }
    cmd.addAll(List.of(bins.get("openmpi").resolve(program).toString(), "4"));
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.err());
    Path archive = work.resolve(program + "-otf2");
    Cli.Result x = Cli.run("export", "--format", "otf2", traced.toString(), "-o",
        archive.toString());
    assertEquals(0, x.code(), x.err());
    assertTrue(Files.isRegularFile(archive.resolve("traces.otf2")));
    Path back = work.resolve(program + "-back");
    Cli.Result i = Cli.run("import", archive.resolve("traces.otf2").toString(), "-o",
        back.toString());
    assertEquals(0, i.code(), i.err());
    assertTrue(i.out().startsWith(back + ": 4 rank streams, "), i.out());
    Cli.Result v = Cli.run("verify", traced.toString(), back.toString());
    assertEquals(0, v.code(), program + ":\n" + v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
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
