package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.testing.RandomProgram;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The native writer (bg-otf2-write, C on libotf2) writes what the Python bindings wrote: for every
 * bundled sample and round-trip edge case, the same events, byte for byte, and the same
 * definitions as {@code otf2-print} shows them (digests of the Python writer's archives,
 * python-writer/README.md); and for those, every synthetic pattern and two random programs,
 * archives that {@code otf2-print} and the native reader read back with every record the export
 * wrote. Input it cannot read is refused naming the file and record.
 */
class NativeWriterTest {
  @TempDir
  Path tmp;

  /** The Python writer's digests by "NAME what". */
  private static Map<String, String> digests() throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Path.of("src/test/resources/python-writer/digests.txt"))) {
      if (!line.startsWith("#")) {
        int cut = line.lastIndexOf(' ');
        m.put(line.substring(0, cut), line.substring(cut + 1));
      }
    }
    return m;
  }

  static Stream<Arguments> traces() throws IOException {
    List<Arguments> all = new ArrayList<>();
    for (String parent : List.of("../samples/traces", "src/test/resources/roundtrip-edges")) {
      try (Stream<Path> s = Files.list(Path.of(parent))) {
        s.filter(Files::isDirectory).sorted().forEach(d -> all.add(Arguments.of(
            d.getFileName().toString(), (Trace) dir -> d)));
      }
    }
    for (Synth.Pattern p : Synth.Pattern.values()) {
      all.add(Arguments.of("synth " + p, (Trace) dir -> {
        Path t = Files.createDirectory(dir.resolve("trace"));
        new Synth(p, 6, 4, 7).write(t, false, r -> { });
        return t;
      }));
    }
    for (long seed : new long[] {3, 8}) {
      all.add(Arguments.of("random " + seed, (Trace) dir -> {
        Path t = Files.createDirectory(dir.resolve("trace"));
        new RandomProgram(seed, 1 + (int) (seed % 9)).write(t);
        return t;
      }));
    }
    return all.stream();
  }

  /** Makes a trace directory in a scratch directory. */
  interface Trace {
    Path make(Path dir) throws IOException;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("traces")
  void archivesAreThePythonWritersAndReadBack(String name, Trace trace) throws Exception {
    Path archive = tmp.resolve("archive");
    Otf2Export.Result r = Otf2Export.run(Otf2Export.of(TraceDirectory.open(trace.make(tmp))
        .rankFiles()), archive, x -> { });
    Path anchor = archive.resolve(Otf2Export.ANCHOR);
    String events = otf2Print(anchor);
    String defs = otf2Print(anchor, "-G").lines()
        .filter(l -> !l.startsWith("CLOCK_PROPERTIES")).map(l -> l + "\n")
        .reduce("", String::concat);
    Map<String, String> python = digests();
    if (python.containsKey(name + " events")) {
      assertEquals(python.get(name + " events"), sha256(events.getBytes(StandardCharsets.UTF_8)),
          name + ": otf2-print's events differ from the Python writer's archive");
      assertEquals(python.get(name + " defs"), sha256(defs.getBytes(StandardCharsets.UTF_8)),
          name + ": otf2-print -G differs from the Python writer's archive");
      List<String> files;
      try (Stream<Path> s = Files.list(archive.resolve("traces"))) {
        files = s.map(p -> p.getFileName().toString()).sorted().toList();
      }
      assertEquals(python.keySet().stream().filter(k -> k.startsWith(name + " file "))
          .count(), files.size(), name);
      for (String f : files) {
        assertEquals(python.get(name + " file traces/" + f),
            sha256(Files.readAllBytes(archive.resolve("traces").resolve(f))), name + ": " + f);
      }
    }
    // Read back: the native reader gives every rank's records, as many as otf2-print shows and
    // as the location's definition counts, and at least the calls' enters and leaves.
    Path back = Files.createDirectory(tmp.resolve("back"));
    Otf2Library.runNative(NativeReaderTest.reader(), anchor, back, name);
    long printed = events.lines().filter(l -> l.matches("^[A-Z_]+ +\\d+ +\\d+ .*")).count();
    long read = 0;
    long enters = 0;
    try (Stream<Path> s = Files.list(back)) {
      for (Path f : s.filter(p -> p.getFileName().toString().startsWith("rank-")).toList()) {
        try (BridgeRecords in = new BridgeRecords(f)) {
          for (BridgeEvent e = in.next(); e != null; e = in.next()) {
            read++;
            enters += e instanceof BridgeEvent.Enter ? 1 : 0;
          }
        }
      }
    }
    assertEquals(printed, read, name + ": records otf2-print shows, and the native reader reads");
    long counted = defs.lines().filter(l -> l.startsWith("LOCATION "))
        .mapToLong(l -> Long.parseLong(l.replaceAll(".*# Events: (\\d+),.*", "$1"))).sum();
    assertEquals(read, counted, name + ": the locations' event counts");
    assertEquals(2 * r.calls(), enters, name + ": a call's region inside its site's region");
  }

  @Test
  void unreadableInputIsRefusedNamingTheRecord() throws IOException {
    Path bridge = Files.createDirectory(tmp.resolve("bridge"));
    Files.writeString(bridge.resolve("defs"), "ranks 1\nclock 1000000000 0\n"
        + "region 0 FUNCTION MPI MPI_Init\ncomm 0 MPI_COMM_WORLD 0 -1\n");
    // An enter of region 0, then one of region 5, which defs does not define.
    Files.write(bridge.resolve("rank-0"), new byte[] {1, 7, 0, 0, 2, 9, 0, 1, 10, 5, 0});
    Path out = tmp.resolve("out");
    Path writer = Otf2Library.nativeWriter().orElseThrow();
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> Otf2Library.runNative(writer, bridge, out, "x"));
    assertEquals("x: the OTF2 library failed: rank-0 record 3: a region not defined in defs",
        e.getMessage());
    Files.writeString(bridge.resolve("defs"), "ranks 1\nregion 0 FUNCTION MPI MPI%2\n");
    e = assertThrows(TraceProblem.class, () -> Otf2Library.runNative(writer, bridge,
        tmp.resolve("out2"), "x"));
    assertTrue(e.getMessage().endsWith("defs line 2: a malformed name"), e.getMessage());
  }

  private static String otf2Print(Path anchor, String... options) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("otf2-print"));
    cmd.addAll(List.of(options));
    cmd.add(anchor.toString());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "otf2-print " + anchor);
    return out;
  }

  private static String sha256(byte[] b) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }
}
