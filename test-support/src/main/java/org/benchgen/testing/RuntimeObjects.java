package org.benchgen.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run-time library's objects of a generated C+MPI benchmark, compiled once per compiler,
 * flags and library text and reused by every later build (docs/benchmarks.md, "The test suite"):
 * the library is the same for every trace and most of a benchmark's compile time, and the tests
 * build some 150 benchmarks. The objects are compiled by the benchmark's own Makefile (its
 * {@code build-flags} and object rules), cached under {@code target/runtime-objects/}, and copied
 * into the next benchmark's directory before its {@code make}, which then finds them up to date
 * and compiles only the program. The cache key is the make variables given, the Makefile's
 * compile rule and the library's files, so that a change to any of them compiles again.
 */
public final class RuntimeObjects {
  private static final Path CACHE = Path.of("target", "runtime-objects");
  private static final String FLAGS = "build-flags";

  private RuntimeObjects() {}

  /**
   * Puts the run-time library's objects, compiled by {@code make variables...} (as
   * {@code MPICC=...}, {@code CFLAGS=...}), into the generated benchmark {@code dir}, compiling
   * them there first if no earlier build did. A compile that fails leaves nothing cached: the
   * caller's own {@code make} then fails as it would have.
   */
  public static void reuse(Path dir, List<String> variables) {
    try {
      List<String> objects = objects(dir);
      if (objects.isEmpty()) {
        return;
      }
      Path cached = CACHE.toAbsolutePath().resolve(key(dir, variables, objects));
      if (!Files.isDirectory(cached)) {
        // Compiled in dir itself, where they stay; cached for the next builds.
        compile(dir, variables, objects, cached);
        return;
      }
      // build-flags first: the objects must not be older than what they depend on.
      for (String f : Stream.concat(Stream.of(FLAGS), objects.stream()).toList()) {
        Files.copy(cached.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The library's objects: one for each of its sources in {@code dir}. */
  private static List<String> objects(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("bg_runtime") && n.endsWith(".c"))
          .map(n -> n.substring(0, n.length() - 2) + ".o").sorted().toList();
    }
  }

  /** Compiles the objects in {@code dir} with its Makefile and caches them, if make succeeds. */
  private static void compile(Path dir, List<String> variables, List<String> objects,
      Path cached) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("make", "-s", "-C", dir.toString()));
    cmd.addAll(variables);
    cmd.add(FLAGS);
    cmd.addAll(objects);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      if (p.waitFor() != 0) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    Files.createDirectories(CACHE);
    Path tmp = Files.createTempDirectory(CACHE.toAbsolutePath(), "new-");
    for (String f : Stream.concat(Stream.of(FLAGS), objects.stream()).toList()) {
      Files.copy(dir.resolve(f), tmp.resolve(f));
    }
    try {
      Files.move(tmp, cached, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileSystemException e) {
      if (!Files.isDirectory(cached)) {
        throw e;
      }
      // Another JVM's build of the same key got there first (rename(2) says ENOTEMPTY, which
      // Java reports as a plain FileSystemException): its objects are the same.
      try (Stream<Path> s = Files.list(tmp)) {
        for (Path f : s.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(tmp);
    }
  }

  private static String key(Path dir, List<String> variables, List<String> objects)
      throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      variables.forEach(v -> md.update((v + "\n").getBytes(StandardCharsets.UTF_8)));
      String makefile = Files.readString(dir.resolve("Makefile"));
      makefile.lines().filter(l -> l.contains(" -c ")).forEach(
          l -> md.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
      try (Stream<Path> s = Files.list(dir)) {
        for (Path f : s.filter(p -> p.getFileName().toString().startsWith("bg_runtime"))
            .filter(p -> !objects.contains(p.getFileName().toString())).sorted().toList()) {
          md.update((f.getFileName() + "\n").getBytes(StandardCharsets.UTF_8));
          md.update(Files.readAllBytes(f));
        }
      }
      return HexFormat.of().formatHex(md.digest()).substring(0, 24);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
