package org.benchgen.cli.golden;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.benchgen.cli.Cli;
import org.benchgen.cli.Benchgen;

/**
 * Runs {@code benchgen} commands in process and records what a user sees of each: the exit code,
 * stdout, stderr and the files written, with what varies from run to run (the scratch directory,
 * timings) replaced by fixed words.
 */
final class Recorder {
  private final Path scratch;
  private final Map<String, String> outputs = new LinkedHashMap<>();

  Recorder(Path scratch) {
    this.scratch = scratch;
  }

  /** What a command printed and returned, normalized. */
  record Run(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /** Runs {@code args} (scratch paths as {@code $TMP/...}) and records it under {@code key}. */
  Run run(String key, String... args) {
    String[] real = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      real[i] = args[i].replace("$TMP", scratch.toString());
    }
    Cli.Result result = Cli.run(real);
    Run r = new Run(result.code(), normalize(result.out()),
        normalizeErr(result.code(), result.err()));
    if (key != null) {
      outputs.put(key, r.toString());
    }
    return r;
  }

  /**
   * Records every file under {@code $TMP/rel}, by its path relative to the scratch directory; the
   * C+MPI run-time library's files ({@code bg_runtime*}, the same for every trace) by digest.
   */
  void files(String rel) throws IOException {
    Path root = scratch.resolve(rel);
    if (!Files.exists(root)) {
      outputs.put(rel, "(absent)\n");
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
        String key = scratch.relativize(p).toString();
        if (p.getFileName().toString().startsWith("bg_runtime")) {
          outputs.put(key + " (sha-256)", sha256(Files.readString(p)) + "\n");
        } else {
          outputs.put(key, Files.readString(p));
        }
      }
    }
  }

  /** Records only the digest of the files under {@code $TMP/rel} (large outputs). */
  void digestOfFiles(String rel) throws IOException {
    Path root = scratch.resolve(rel);
    StringBuilder all = new StringBuilder();
    if (Files.exists(root)) {
      try (Stream<Path> s = Files.walk(root)) {
        for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
          all.append("==== ").append(scratch.relativize(p)).append('\n')
              .append(Files.readString(p));
        }
      }
    } else {
      all.append("(absent)");
    }
    outputs.put(rel + " (sha-256)", sha256(all.toString()) + "\n");
  }

  Map<String, String> outputs() {
    return outputs;
  }

  /** All outputs as one text: each under a {@code ==== key} line. */
  String text() {
    StringBuilder b = new StringBuilder();
    outputs.forEach((k, v) -> b.append("==== ").append(k).append('\n').append(v)
        .append(v.endsWith("\n") ? "" : "\n(no newline at end)\n"));
    return b.toString();
  }

  private String normalize(String s) {
    return s.replace(scratch.toString(), "$TMP")
        .replaceAll("in [0-9.]+ s \\([0-9,]+ events/s\\)", "in T s (R events/s)");
  }

  /** An internal error's stack trace moves with the code: keep its first line and exception. */
  private String normalizeErr(int code, String err) {
    String s = normalize(err);
    if (code != Benchgen.INTERNAL_ERROR) {
      return s;
    }
    List<String> lines = s.lines().toList();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(2, lines.size()); i++) {
      b.append(lines.get(i)).append('\n');
    }
    return b.toString();
  }

  static String sha256(String s) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
