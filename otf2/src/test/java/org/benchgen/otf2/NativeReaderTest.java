package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The native reader (bg-otf2-read, C on libotf2) against an independent reference, the OTF2
 * library's own {@code otf2-print}: every record the import reads, of every MPI rank, in order,
 * with its time and fields, is what otf2-print prints for that rank's location (its text parsed
 * here, ranks from its MPI locations group), for Score-P's archives and for archives the export
 * writes (every sample, the round-trip edge cases, every synthetic pattern, random programs with
 * wildcards, persistent requests, sub-communicators and nonblocking collectives). Broken archives
 * are refused saying why, and import without the native reader stops saying what to install.
 */
class NativeReaderTest {
  @TempDir
  Path tmp;

  static Path reader() {
    return Otf2Library.nativeReader().orElseThrow(() -> new AssertionError(
        "bg-otf2-read is not built (otf2/build.sh needs libotf2-trace-dev, which .ci/run"
            + " installs)"));
  }

  static Stream<Arguments> archives() throws IOException {
    List<Arguments> all = new ArrayList<>();
    for (String s : List.of("scorep-ping-pong", "scorep4-halo_ring-compinst",
        "scorep4-collectives")) {
      Path anchor = Path.of("src/test/resources", s, "traces.otf2");
      all.add(Arguments.of("Score-P " + s, (Archive) dir -> anchor));
    }
    List<Path> dirs = new ArrayList<>();
    for (String parent : List.of("../samples/traces", "src/test/resources/roundtrip-edges")) {
      try (Stream<Path> s = Files.list(Path.of(parent))) {
        s.filter(Files::isDirectory).sorted().forEach(dirs::add);
      }
    }
    for (Path d : dirs) {
      all.add(Arguments.of("export of " + d.getFileName(), (Archive) dir -> export(
          TraceDirectory.open(d), dir)));
    }
    for (Synth.Pattern p : Synth.Pattern.values()) {
      all.add(Arguments.of("export of synth " + p, (Archive) dir -> {
        Path t = Files.createDirectory(dir.resolve("trace"));
        new Synth(p, 6, 4, 7).write(t, false, r -> { });
        return export(TraceDirectory.open(t), dir);
      }));
    }
    for (long seed : new long[] {3, 8}) {
      all.add(Arguments.of("export of random " + seed, (Archive) dir -> {
        Path t = Files.createDirectory(dir.resolve("trace"));
        new RandomProgram(seed, 1 + (int) (seed % 9)).write(t);
        return export(TraceDirectory.open(t), dir);
      }));
    }
    return all.stream();
  }

  /** Makes an archive in a scratch directory; gives its anchor. */
  interface Archive {
    Path make(Path dir) throws IOException;
  }

  private static Path export(TraceDirectory d, Path dir) throws IOException {
    Path archive = dir.resolve("archive");
    Otf2Export.run(Otf2Export.of(d.rankFiles()), archive, r -> { });
    return archive.resolve(Otf2Export.ANCHOR);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void theReaderReadsWhatOtf2PrintPrints(String name, Archive archive) throws Exception {
    Path anchor = archive.make(tmp);
    Path c = Files.createDirectory(tmp.resolve("native"));
    Otf2Library.runNative(reader(), anchor, c, name);
    List<List<String>> printed = Otf2PrintRecords.of(anchor);
    List<String> files = names(c);
    assertTrue(files.contains("defs") && files.contains("rank-0"), files.toString());
    assertEquals(printed.size() + 1, files.size(), name + ": a file per rank and defs");
    assertTrue(Files.readString(c.resolve("defs")).startsWith("ranks " + printed.size() + "\n"),
        name);
    long records = 0;
    for (int r = 0; r < printed.size(); r++) {
      List<String> read = new ArrayList<>();
      List<String> attributes = new ArrayList<>();
      try (BridgeRecords in = new BridgeRecords(c.resolve("rank-" + r))) {
        for (BridgeEvent e = in.next(); e != null; e = in.next()) {
          String line = e.line();
          if (e instanceof BridgeEvent.Enter x) {
            // otf2-print shows an enter's attributes on lines of their own: compared apart.
            line = BridgeLines.join("enter", x.time(), x.region());
            x.request().ifPresent(v -> attributes.add("request=" + v));
            x.unmatched().ifPresent(v -> attributes.add("unmatched=" + v));
            x.recordless().ifPresent(v -> attributes.add("recordless=" + v));
          }
          read.add(line);
        }
      }
      assertEquals(printed.get(r), read, name + ": rank " + r);
      assertTrue(read.stream().anyMatch(l -> l.startsWith("enter ")), name + ": rank " + r);
      assertEquals(Otf2PrintRecords.attributes(anchor, r), attributes, name + ": rank " + r
          + "'s benchgen attributes");
      records += read.size();
    }
    assertTrue(records > 0, name);
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void brokenArchivesAreRefusedSayingWhy() throws IOException {
    Path notOtf2 = tmp.resolve("bogus.otf2");
    Files.writeString(notOtf2, "not an archive\n");
    Path cut = Files.createDirectory(tmp.resolve("cut"));
    Path anchor = export(TraceDirectory.open(Path.of("../samples/traces/ring")), cut);
    Path evt = cut.resolve("archive/traces/1.evt");
    byte[] b = Files.readAllBytes(evt);
    Files.write(evt, java.util.Arrays.copyOf(b, b.length / 3));
    Path noMpi = Path.of("src/test/resources/no-mpi-group/traces.otf2");
    // The library's own error (its lines, then ours: "bg_otf2: Error: NAME (code): ..."), or ours.
    Map<Path, String> why = Map.of(notOtf2, "bg_otf2: Error: ", anchor, "bg_otf2: Error: ",
        noMpi, "the archive has no MPI locations group: not a trace of an MPI program");
    for (Path a : List.of(notOtf2, anchor, noMpi)) {
      Path c = Files.createDirectory(tmp.resolve("c-" + a.hashCode()));
      TraceProblem n = assertThrows(TraceProblem.class,
          () -> Otf2Library.runNative(reader(), a, c, a.toString()));
      assertTrue(n.getMessage().startsWith(a + ": the OTF2 library failed: "), n.getMessage());
      assertTrue(n.getMessage().contains(why.get(a)) || a == noMpi
          && n.getMessage().endsWith(why.get(a)), n.getMessage());
    }
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> Otf2Import.run(noMpi, tmp.resolve("out"), n -> r -> { }));
    assertTrue(e.getMessage().endsWith("the archive has no MPI locations group: not a trace of"
        + " an MPI program"), e.getMessage());
    assertTrue(Files.notExists(tmp.resolve("out")));
  }

  @Test
  void importWithoutTheNativeReaderStopsSayingWhatToInstall() throws IOException {
    Path anchor = Path.of("src/test/resources/scorep-ping-pong/traces.otf2");
    String home = System.getProperty("benchgen.home");
    System.setProperty("benchgen.home", Files.createDirectory(tmp.resolve("home")).toString());
    try {
      TraceProblem e = assertThrows(TraceProblem.class,
          () -> Otf2Import.run(anchor, tmp.resolve("out"), n -> r -> { }));
      assertEquals(anchor + ": " + Otf2Library.NO_READER, e.getMessage());
      assertTrue(e.getMessage().contains("apt-get install libotf2-trace-dev"), e.getMessage());
    } finally {
      if (home == null) {
        System.clearProperty("benchgen.home");
      } else {
        System.setProperty("benchgen.home", home);
      }
    }
    assertTrue(Files.notExists(tmp.resolve("out")));
  }

  @Test
  void aRankFileOfAnotherFormatOrCutShortIsRefused() throws IOException {
    Path text = tmp.resolve("rank-0");
    Files.writeString(text, "enter 1 2\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new BridgeRecords(text).close());
    assertTrue(e.getMessage().contains("not a rank file of bg-otf2-read"), e.getMessage());
    Path cut = tmp.resolve("rank-1");
    // A send (kind 3) at time 5 whose fields stop after the peer.
    byte[] head = BridgeRecords.MAGIC;
    byte[] b = java.util.Arrays.copyOf(head, head.length + 3);
    b[head.length] = 3;
    b[head.length + 1] = 10; // zigzag of +5
    b[head.length + 2] = 1;
    Files.write(cut, b);
    try (BridgeRecords in = new BridgeRecords(cut)) {
      e = assertThrows(IllegalArgumentException.class, in::next);
      assertEquals("'send' is cut short", e.getMessage());
    }
    Path big = tmp.resolve("rank-2");
    // A leave at time 0 of region 2^63 (LEB128: nine bytes 0x80, then 1): out of range.
    byte[] c = java.util.Arrays.copyOf(head, head.length + 12);
    c[head.length] = 2;
    c[head.length + 1] = 0;
    for (int i = 2; i <= 10; i++) {
      c[head.length + i] = (byte) 0x80;
    }
    c[head.length + 11] = 1;
    Files.write(big, c);
    try (BridgeRecords in = new BridgeRecords(big)) {
      e = assertThrows(IllegalArgumentException.class, in::next);
      assertEquals("'leave' field 2: '9223372036854775808' is not a number from 0 to 2^63-1",
          e.getMessage());
    }
  }
}
