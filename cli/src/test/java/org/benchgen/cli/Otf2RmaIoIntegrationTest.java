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
 * One-sided communication and MPI-IO through OTF2 (issue 46) on real MPI: samples/mpi's
 * rma_epochs, rma_dynamic, mpiio and mpiio_view traced at 4 ranks under Open MPI and MPICH,
 * {@code export --format otf2} (which {@code otf2-print} reads), then {@code import}: {@code
 * stats} prints the same calls and bytes per rank and MPI function, and {@code verify} of the
 * original against the imported trace says same calls and bytes (docs/otf2.md, "One-sided
 * communication", "MPI-IO").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Otf2RmaIoIntegrationTest {
  private Path work;
  private final Map<String, Path> bins = new HashMap<>();

  @BeforeAll
  void buildSamples(@TempDir Path tmp) {
    work = tmp;
    bins.putAll(MpiSamples.bins());
  }

  @ParameterizedTest
  @CsvSource({"openmpi, rma_epochs, MPI_Put", "mpich, rma_epochs, MPI_Put",
      "openmpi, rma_dynamic, MPI_Put", "mpich, rma_dynamic, MPI_Put",
      "openmpi, mpiio, MPI_File_write_at_all", "mpich, mpiio, MPI_File_write_at_all",
      "openmpi, mpiio_view, MPI_File_read_at", "mpich, mpiio_view, MPI_File_read_at"})
  void exportThenImportKeepsStatsAndVerifies(String flavour, String program, String call)
      throws Exception {
    String name = flavour + "-" + program;
    Path traced = work.resolve(name);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", traced.toString(), "--"));
    cmd.addAll(MpiSamples.launcher(flavour, 4));
    cmd.add(bins.get(flavour).resolve(program).toString());
    if (program.startsWith("rma")) {
      cmd.addAll(List.of("3", "16"));
    } else {
      // The files go into a directory of the test's own (mpiio: 2 iterations).
      Path files = Files.createDirectory(work.resolve(name + "-files"));
      cmd.addAll(program.equals("mpiio") ? List.of("2", files.toString())
          : List.of(files.toString()));
    }
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
    assertTrue(sa.out().contains("," + call + ","), sa.out());
    assertEquals(sa.out(), sb.out(), name + ": stats before and after");
    Cli.Result v = Cli.run("verify", traced.toString(), back.toString());
    assertEquals(0, v.code(), name + ":\n" + v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }
}
