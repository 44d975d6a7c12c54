package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.RandomProgram;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Export then import, through the real OTF2 library: every rank makes the same calls, in the same
 * order, at the same times, with the same bytes and peers ({@code verify}'s identity) on the
 * bundled samples, every synthetic pattern and random programs (wildcards, persistent requests,
 * sub-communicators, nonblocking collectives).
 */
class RoundTripTest {
  @TempDir
  Path tmp;

  @BeforeAll
  static void libraryIsThere() {
    assertEquals(java.util.Optional.empty(), Otf2Library.cannotRead()
        .or(Otf2Library::cannotWrite), "the OTF2 tests need the native reader and writer, built"
        + " where Debian's libotf2-trace-dev is installed (which .ci/run installs)");
  }

  static Stream<Arguments> traces() throws IOException {
    List<Arguments> all = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("../samples/traces"))) {
      s.filter(Files::isDirectory).sorted()
          .forEach(p -> all.add(Arguments.of("sample " + p.getFileName(),
              (Source) dir -> copy(p, dir))));
    }
    try (Stream<Path> s = Files.list(Path.of("src/test/resources/roundtrip-edges"))) {
      s.filter(Files::isDirectory).sorted().forEach(p -> all.add(Arguments.of("edge "
          + p.getFileName(), (Source) dir -> copy(p, dir))));
    }
    for (Synth.Pattern p : Synth.Pattern.values()) {
      all.add(Arguments.of("synth " + p, (Source) dir -> new Synth(p, 6, 4, 7).write(dir, false,
          r -> { })));
    }
    for (long seed = 1; seed <= 24; seed++) {
      long s = seed;
      all.add(Arguments.of("random " + seed, (Source) dir -> new RandomProgram(s,
          1 + (int) (s % 9)).write(dir)));
    }
    return all.stream();
  }

  /** Writes a trace directory. */
  interface Source {
    void write(Path dir) throws IOException;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("traces")
  void exportThenImportKeepsEveryCall(String name, Source source) throws IOException {
    Path original = Files.createDirectory(tmp.resolve("original"));
    source.write(original);
    Path archive = tmp.resolve("archive");
    Path back = tmp.resolve("back");
    TraceDirectory d = TraceDirectory.open(original);
    Otf2Export.Result ex = Otf2Export.run(Otf2Export.of(d.rankFiles()), archive, r -> { });
    // Only wildcard receives whose source was not traced need benchgen's attribute.
    assertTrue(ex.rules().keySet().stream().allMatch(k -> k.startsWith("ANY_SOURCE receives")),
        ex.rules().toString());
    assertTrue(Files.isRegularFile(archive.resolve(Otf2Export.ANCHOR)));
    Otf2Import.Result r = Otf2Import.run(archive.resolve(Otf2Export.ANCHOR), back, n -> x -> { });
    assertEquals(d.size(), r.ranks());
    assertEquals(ex.calls(), r.calls());
    TraceComparison c = new TraceComparison(TraceStats.of(d, x -> { }),
        TraceStats.of(TraceDirectory.open(back), x -> { }));
    assertTrue(c.identical(), () -> name + ": " + c.callDifferences());
    for (int rank = 0; rank < d.size(); rank++) {
      Map<Long, List<Long>> ca = new HashMap<>();
      Map<Long, List<Long>> cb = new HashMap<>();
      List<RawEvent> a = events(d.rankFiles().get(rank), ca);
      List<RawEvent> b = events(TraceDirectory.open(back).rankFiles().get(rank), cb);
      assertEquals(a.size(), b.size());
      for (int i = 0; i < a.size(); i++) {
        String at = name + " rank " + rank + " call " + i;
        RawEvent x = a.get(i);
        RawEvent y = b.get(i);
        assertEquals(x.op(), y.op(), at);
        assertEquals(x.enter(), y.enter(), at);
        assertEquals(x.exit(), y.exit(), at);
        if (x.op().has(Field.COMM) && !onlyProcNull(x)) {
          // Ids change; members do not: the same communicator, by who is in it. (A message only
          // to and from MPI_PROC_NULL has no record to say it: MPI_COMM_WORLD, docs/otf2.md.)
          assertEquals(ca.get(x.get(Field.COMM)), cb.get(y.get(Field.COMM)), at + " comm");
        }
        for (Field f : List.of(Field.DIMS, Field.PERIODS, Field.REMAIN)) {
          assertArrayEquals(x.list(f), y.list(f), at + " " + f.key());
        }
      }
    }
  }

  private static boolean onlyProcNull(RawEvent e) {
    List<Field> peers = List.of(Field.DEST, Field.SRC);
    return peers.stream().anyMatch(e::isPresent) && peers.stream().filter(e::isPresent)
        .allMatch(f -> e.get(f) == Sym.PROC_NULL.code());
  }

  /** A rank's calls; {@code comms} gets its communicators' members by id (world: 0). */
  private static List<RawEvent> events(Path file, Map<Long, List<Long>> comms)
      throws IOException {
    List<RawEvent> out = new ArrayList<>();
    comms.put(0L, List.of(-1L));
    RawTraceReader.read(file, new SymbolTable(), new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {
        comms.put((long) id, Arrays.stream(members).boxed().toList());
      }

      @Override
      public void event(RawEvent e) {
        out.add(e);
      }
    });
    return out;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : s.toList()) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
  }
}
