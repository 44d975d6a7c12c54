package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.benchgen.testing.StreamFacts;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code benchgen query} on programs of samples/mpi traced under Open MPI (4 ranks, --raw): per-rank
 * calls and bytes, every message, the collective instances of each communicator and each
 * communicator's members equal what plain Java works out ({@link StreamFacts}; no benchgen
 * reader, byte count or matcher, no DuckDB) from the traced streams, for the directory, and from
 * {@code expand}'s streams of its trace.bgc (the in-job compression), for that file.
 */
class QueryTracedSamplesTest {
  private static final int N = 4;

  @TempDir
  Path tmp;

  @ParameterizedTest(name = "{0} under Open MPI")
  @ValueSource(strings = {"ring", "stencil2d", "wildcard", "comm_split"})
  void answersEqualThoseOfTheStreams(String program) throws Exception {
    Path dir = tmp.resolve(program);
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", dir.toString(), "--"));
    cmd.addAll(MpiSamples.launcher("openmpi", N));
    cmd.add(MpiSamples.bins().get("openmpi").resolve(program).toString());
    Cli.ok(cmd);
    Path expanded = tmp.resolve(program + "-expanded");
    assertEquals(0, Cli.run("expand", dir.resolve("trace.bgc").toString(), "-o",
        expanded.toString()).code());
    // The directory's calls keep the tracer's communicator ids; trace.bgc numbers them afresh,
    // as its expanded streams do.
    check(new StreamFacts(dir), dir.toString(), program + ": the directory");
    check(new StreamFacts(expanded), dir.resolve("trace.bgc").toString(),
        program + ": trace.bgc");
  }

  private static void check(StreamFacts f, String input, String what) {
    List<String> perRank = new ArrayList<>(List.of("rank,calls,bytes"));
    f.perRank().forEach((r, x) -> perRank.add(r + "," + x[0] + "," + x[1]));
    assertEquals(perRank, csv(input, "SELECT rank, count(*) AS calls, sum(bytes) AS bytes FROM"
        + " calls GROUP BY rank ORDER BY rank"), what);

    List<StreamFacts.Msg> msgs = f.messages();
    assertTrue(f.sourcesKnown, what + ": every receive names its source");
    List<String> all = new ArrayList<>();
    for (StreamFacts.Msg m : msgs) {
      all.add(m.src() + "," + m.dst() + "," + m.comm() + "," + m.tag() + "," + m.bytes());
    }
    all.sort(Comparator.naturalOrder());
    List<String> got = csv(input, "SELECT src, dst, comm, tag, bytes FROM messages");
    got = new ArrayList<>(got.subList(1, got.size()));
    got.sort(Comparator.naturalOrder());
    assertEquals(all, got, what + ": every message");

    for (Map.Entry<Long, long[]> c : f.comms.get(0).entrySet()) {
      long comm = c.getKey();
      Map<String, Long> instances = f.collectiveCalls((int) c.getValue()[0], comm);
      List<String> expected = new ArrayList<>(List.of("op,n"));
      instances.forEach((op, n) -> expected.add(op + "," + n));
      assertEquals(expected, csv(input, "SELECT op, count(*) AS n FROM collectives WHERE comm = "
          + comm + " GROUP BY op ORDER BY op"), what + ": collectives of " + comm);
      List<String> members = new ArrayList<>(List.of("rank"));
      Arrays.stream(c.getValue()).sorted().forEach(m -> members.add(String.valueOf(m)));
      assertEquals(members, csv(input, "SELECT rank FROM members(" + comm + ") ORDER BY rank"),
          what + ": members of " + comm);
    }
  }

  private static List<String> csv(String input, String sql) {
    Cli.Result r = Cli.run("query", input, sql, "--format", "csv");
    assertEquals(0, r.code(), r.err());
    return new ArrayList<>(List.of(r.out().split("\n")));
  }
}
