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
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One-sided communication through OTF2 (issue 46) on real MPI: samples/mpi's rma_epochs and
 * rma_dynamic traced at 4 ranks under Open MPI and MPICH, {@code export --format otf2} (which
 * {@code otf2-print} reads), then {@code import}: {@code stats} prints the same calls and bytes
 * per rank and MPI function, and {@code verify} of the original against the imported trace says
 * same calls and bytes (docs/otf2.md, "One-sided communication").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Otf2OneSidedIntegrationTest {
  private Path work;
  private final Map<String, Path> bins = new HashMap<>();

  @BeforeAll
  void buildSamples(@TempDir Path tmp) {
    work = tmp;
    bins.putAll(MpiSamples.bins());
  }

  @ParameterizedTest
  @CsvSource({"openmpi, rma_epochs", "mpich, rma_epochs", "openmpi, rma_dynamic",
      "mpich, rma_dynamic"})
  void exportThenImportKeepsStatsAndVerifies(String flavour, String program) throws Exception {
    String name = flavour + "-" + program;
    Path traced = work.resolve(name);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", traced.toString(), "--"));
    cmd.addAll(MpiSamples.launcher(flavour, 4));
    cmd.addAll(List.of(bins.get(flavour).resolve(program).toString(), "3", "16"));
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.out() + t.err());
    Path archive = work.resolve(name + "-otf2");
    Cli.Result x = Cli.run("export", "--format", "otf2", traced.toString(), "-o",
        archive.toString());
    assertEquals(0, x.code(), x.err());
    MpiSamples.run(List.of("otf2-print", archive.resolve("traces.otf2").toString()), work);
    Path back = work.resolve(name + "-back");
    Cli.Result i = Cli.run("import", archive.resolve("traces.otf2").toString(), "-o",
        back.toString());
    assertEquals(0, i.code(), i.err());
    assertTrue(Files.isDirectory(back));
    Cli.Result sa = Cli.run("stats", traced.toString(), "--format", "csv");
    Cli.Result sb = Cli.run("stats", back.toString(), "--format", "csv");
    assertEquals(0, sa.code(), sa.err());
    assertTrue(sa.out().contains(",MPI_Put,"), sa.out());
    assertEquals(sa.out(), sb.out(), name + ": stats before and after");
    Cli.Result v = Cli.run("verify", traced.toString(), back.toString());
    assertEquals(0, v.code(), name + ":\n" + v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }
}
