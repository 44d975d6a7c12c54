package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * The native reader (bg-otf2-read, C on libotf2) and the Python bridge's read mode write the
 * same files, byte for byte, for Score-P's archives and for archives the export writes (every
 * sample, the round-trip edge cases, every synthetic pattern, random programs with wildcards,
 * persistent requests, sub-communicators and nonblocking collectives); and refuse broken
 * archives with the same message.
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
  void bothReadersWriteTheSameFiles(String name, Archive archive) throws IOException {
    Path anchor = archive.make(tmp);
    Path py = Files.createDirectory(tmp.resolve("python"));
    Path c = Files.createDirectory(tmp.resolve("native"));
    Otf2Library.runPython("read", anchor, py, name);
    Otf2Library.runNative(reader(), anchor, c, name);
    List<String> files = names(py);
    assertEquals(files, names(c), name);
    assertTrue(files.contains("defs") && files.contains("rank-0"), files.toString());
    for (String f : files) {
      assertArrayEquals(Files.readAllBytes(py.resolve(f)), Files.readAllBytes(c.resolve(f)),
          name + ": " + f);
    }
    // Not both empty by the same mistake: every rank's file has its calls.
    for (String f : files) {
      assertTrue(f.equals("defs") || Files.readString(c.resolve(f), StandardCharsets.UTF_8)
          .contains("enter "), name + ": " + f + " has no enter line");
    }
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void brokenArchivesAreRefusedAlikeAndImportSaysWhy() throws IOException {
    Path notOtf2 = tmp.resolve("bogus.otf2");
    Files.writeString(notOtf2, "not an archive\n");
    Path cut = Files.createDirectory(tmp.resolve("cut"));
    Path anchor = export(TraceDirectory.open(Path.of("../samples/traces/ring")), cut);
    Path evt = cut.resolve("archive/traces/1.evt");
    byte[] b = Files.readAllBytes(evt);
    Files.write(evt, java.util.Arrays.copyOf(b, b.length / 3));
    Path noMpi = Path.of("src/test/resources/no-mpi-group/traces.otf2");
    for (Path a : List.of(notOtf2, anchor, noMpi)) {
      Path py = Files.createDirectory(tmp.resolve("py-" + a.hashCode()));
      Path c = Files.createDirectory(tmp.resolve("c-" + a.hashCode()));
      TraceProblem p = assertThrows(TraceProblem.class,
          () -> Otf2Library.runPython("read", a, py, a.toString()));
      TraceProblem n = assertThrows(TraceProblem.class,
          () -> Otf2Library.runNative(reader(), a, c, a.toString()));
      assertEquals(p.getMessage(), n.getMessage());
      assertTrue(n.getMessage().startsWith(a + ": the OTF2 library failed: "), n.getMessage());
    }
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> Otf2Import.run(noMpi, tmp.resolve("out"), n -> r -> { }));
    assertTrue(e.getMessage().endsWith("the archive has no MPI locations group: not a trace of"
        + " an MPI program"), e.getMessage());
    assertTrue(Files.notExists(tmp.resolve("out")));
  }
}
