package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Source locations on real MPI (issue 48): the ring sample (built with -g by samples/build.sh),
 * traced, names in {@code show} the file and line of each of its calls, checked against the
 * lines of samples/mpi/ring.c that make those calls, found here by reading the source; its
 * benchmark, generated with --keep-sites, built by its own Makefile and traced with --site-depth
 * 2, names the same places, and the report puts the two traces' call paths side by side with
 * their calls (20 iterations of 4 ranks: 80 of each point-to-point call, worked out from the
 * program).
 */
class SourceLocationsIntegrationTest {
  /** A call line of show: the function first, its site and place last. */
  private static final Pattern CALL = Pattern.compile(
      "^\\s*(MPI_\\w+) .*@[0-9a-f]{12} \\((\\S+):(\\d+) (\\w+)\\)$");

  @Test
  void showNamesEachCallsLineAndTheReportMatchesTheBenchmarksPaths(@TempDir Path tmp)
      throws Exception {
    BenchmarkRuns runs = new BenchmarkRuns(tmp);
    Path orig = runs.trace("openmpi", "ring-orig", runs.sample("openmpi", "ring"),
        List.of("20"));
    Map<String, String> places = places(orig, 5);
    // Each call's line, found in the source: the line that calls that function.
    List<String> src = Files.readAllLines(MpiSamples.HOME.resolve("samples/mpi/ring.c"));
    for (Map.Entry<String, String> e : places.entrySet()) {
      String op = e.getKey();
      String[] fileLine = e.getValue().split(" ")[0].split(":");
      assertEquals("ring.c", fileLine[0], e.toString());
      int line = Integer.parseInt(fileLine[1]);
      List<Integer> calling = new ArrayList<>();
      for (int i = 0; i < src.size(); i++) {
        if (src.get(i).contains(op + "(")) {
          calling.add(i + 1);
        }
      }
      assertEquals(List.of(line), calling, op + " is named at " + e.getValue());
      assertTrue(e.getValue().endsWith(" main"), e.toString());
    }

    // Without --keep-sites the benchmark keeps no place of the program.
    Path plain = tmp.resolve("plain");
    Cli.Result g = Cli.run("generate", orig.toString(), "--lang", "c-mpi", "-o",
        plain.toString(), "--name", "ring");
    assertEquals(0, g.code(), g.out() + g.err());
    assertFalse(Files.exists(plain.resolve(SourceLocations.KEPT_FILE)));
    String code = Files.readString(plain.resolve("ring.c"));
    for (String place : places.values()) {
      assertFalse(code.contains(place.split(" ")[0]), place);
    }

    Path gen = tmp.resolve("gen");
    g = Cli.run("generate", orig.toString(), "--lang", "c-mpi", "-o", gen.toString(), "--name",
        "ring", "--keep-sites");
    assertEquals(0, g.code(), g.out() + g.err());
    assertTrue(Files.readString(gen.resolve(SourceLocations.KEPT_FILE)).contains("ring.c:"));
    // Its own Makefile (-g), as a user builds it.
    MpiSamples.make(gen, tmp, "MPICC=mpicc.openmpi");
    Path bench = runs.trace("openmpi", "ring-bench", gen.resolve("ring"), List.of(),
        BenchmarkRuns.N, List.of(BenchmarkRuns.NO_RAW, "--site-depth", "2"));
    assertEquals(places, places(bench, 5));

    Path page = tmp.resolve("fidelity.html");
    Cli.Result r = Cli.run("report", orig.toString(), bench.toString(), "-o", page.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String html = Files.readString(page);
    assertTrue(html.contains("5 of 5 paths found in both traces."), html);
    Map<String, Integer> calls = Map.of("MPI_Init", 4, "MPI_Irecv", 80, "MPI_Isend", 80,
        "MPI_Waitall", 80, "MPI_Finalize", 4);
    for (Map.Entry<String, String> e : places.entrySet()) {
      String row = "<tr><td>" + e.getKey() + " at " + e.getValue() + "</td><td class=\"n\">"
          + calls.get(e.getKey()) + "</td><td class=\"n\">" + calls.get(e.getKey()) + "</td>";
      assertTrue(html.contains(row), row);
    }
  }

  /** Per MPI function, the place show names for it; every call line must name one. */
  private static Map<String, String> places(Path trace, int calls) {
    Cli.Result s = Cli.run("show", trace.toString());
    assertEquals(0, s.code(), s.err());
    Map<String, String> out = new TreeMap<>();
    for (String l : s.out().lines().toList()) {
      if (l.trim().startsWith("MPI_")) {
        Matcher m = CALL.matcher(l);
        assertTrue(m.matches(), "no place in: " + l);
        out.put(m.group(1), m.group(2) + ":" + m.group(3) + " " + m.group(4));
      }
    }
    assertEquals(calls, out.size(), s.out());
    return out;
  }
}
