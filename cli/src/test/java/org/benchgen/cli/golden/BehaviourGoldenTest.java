package org.benchgen.cli.golden;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.benchgen.testing.RandomProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What benchgen does, pinned: for the bundled samples, the synthetic patterns, random programs
 * and mutated (broken) inputs, every command's exit code, output, error messages and written files
 * must stay what they were when the goldens were recorded (src/test/resources/golden/README.md
 * says when and how they were checked). A refactoring that changes any of it fails here.
 *
 * <p>{@code mvn -pl cli test -Dtest=BehaviourGoldenTest -Dgolden.update=true} rewrites the goldens;
 * do that only for an intended change of behaviour, and say why in the commit.
 */
class BehaviourGoldenTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final Path SAMPLES = Path.of("../samples/traces");
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");

  @TempDir
  Path tmp;

  private static List<String> sampleNames() throws IOException {
    try (Stream<Path> s = Files.list(SAMPLES)) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void samples() throws IOException {
    List<String> failed = new ArrayList<>();
    for (String name : sampleNames()) {
      Path scratch = Files.createDirectory(tmp.resolve(name));
      Recorder r = new Recorder(scratch);
      String dir = SAMPLES.resolve(name).toString();
      everyCommand(r, dir, true);
      check("samples/" + name + ".txt", r.text(), failed);
    }
    assertNothingFailed(failed);
  }

  /**
   * Every command a user runs on one trace directory, with its outputs; the expanded streams in
   * full when {@code fullExpand}, else as a digest.
   */
  private static void everyCommand(Recorder r, String dir, boolean fullExpand)
      throws IOException {
    r.run("compress", "compress", dir, "-o", "$TMP/t.bgc");
    r.files("t.bgc");
    r.run("show", "show", "$TMP/t.bgc");
    r.run("stats text", "stats", dir);
    r.run("stats csv", "stats", dir, "--format", "csv");
    r.run("stats json of the compressed trace", "stats", "$TMP/t.bgc", "--format", "json");
    r.run("align", "align", dir, "-o", "$TMP/a.bgc");
    r.files("a.bgc");
    r.run("resolve", "resolve", dir, "-o", "$TMP/r.bgc");
    r.files("r.bgc");
    r.run("resolve --re-resolve", "resolve", "--re-resolve", "$TMP/t.bgc", "-o", "$TMP/rr.bgc");
    r.files("rr.bgc");
    r.run("generate c-mpi", "generate", dir, "--lang", "c-mpi", "-o", "$TMP/c");
    r.files("c");
    r.run("generate c-mpi median", "generate", dir, "--lang", "c-mpi", "--compute", "median",
        "-o", "$TMP/cm");
    r.digestOfFiles("cm");
    r.run("generate c-mpi sample", "generate", dir, "--lang", "c-mpi", "--compute", "sample",
        "--seed", "7", "-o", "$TMP/cs");
    r.digestOfFiles("cs");
    r.run("generate conceptual", "generate", dir, "--lang", "conceptual", "-o", "$TMP/n");
    r.files("n");
    r.run("expand", "expand", "$TMP/t.bgc", "-o", "$TMP/x");
    if (fullExpand) {
      r.files("x");
    } else {
      r.digestOfFiles("x");
    }
    r.run("verify", "verify", dir, "$TMP/t.bgc");
  }

  @Test
  void synthPatterns() throws IOException {
    String[][] cases = {
        {"ring", "8", "6"}, {"stencil2d", "12", "5"}, {"stencil3d", "27", "12"},
        {"wavefront", "9", "3"}, {"alltoall", "6", "4"}, {"master-worker", "5", "6"},
        {"stencil3d", "8", "12", "--split-collectives"}};
    List<String> failed = new ArrayList<>();
    for (String[] c : cases) {
      String id = c[0] + "-" + c[1] + "x" + c[2] + (c.length > 3 ? c[3] : "");
      Path scratch = Files.createDirectory(tmp.resolve(id));
      Recorder r = new Recorder(scratch);
      List<String> args = new ArrayList<>(List.of("synth", c[0], "--ranks", c[1],
          "--iterations", c[2], "--seed", "3", "-o", "$TMP/" + c[0]));
      if (c.length > 3) {
        args.add(c[3]);
      }
      r.run("synth", args.toArray(new String[0]));
      everyCommand(r, scratch.resolve(c[0]).toString(), false);
      check("synth/" + id + ".txt", r.text(), failed);
    }
    assertNothingFailed(failed);
  }

  @Test
  void randomPrograms() throws IOException {
    StringBuilder table = new StringBuilder("# seed\tranks\tinput sha-256\toutputs sha-256\n");
    for (long seed = 1; seed <= 120; seed++) {
      int ranks = 1 + (int) (seed % 9);
      Path scratch = Files.createDirectory(tmp.resolve("p" + seed));
      Path dir = Files.createDirectory(scratch.resolve("prog"));
      new RandomProgram(seed, ranks).write(dir);
      Recorder r = new Recorder(scratch);
      r.run("compress", "compress", dir.toString(), "-o", "$TMP/t.bgc");
      r.files("t.bgc");
      r.run("show", "show", "$TMP/t.bgc");
      r.run("align", "align", "$TMP/t.bgc", "-o", "$TMP/a.bgc");
      r.files("a.bgc");
      r.run("resolve", "resolve", "$TMP/t.bgc", "-o", "$TMP/r.bgc");
      r.files("r.bgc");
      r.run("generate c-mpi", "generate", "$TMP/t.bgc", "--lang", "c-mpi", "-o", "$TMP/c");
      r.files("c");
      r.run("generate conceptual", "generate", "$TMP/t.bgc", "--lang", "conceptual", "-o",
          "$TMP/n");
      r.files("n");
      r.run("stats", "stats", "$TMP/t.bgc", "--format", "csv");
      table.append(seed).append('\t').append(ranks).append('\t').append(inputDigest(dir))
          .append('\t').append(Recorder.sha256(r.text())).append('\n');
    }
    List<String> failed = new ArrayList<>();
    check("random-programs.tsv", table.toString(), failed);
    assertNothingFailed(failed);
  }

  /** The rank streams' text (gzip undone), so the digest does not depend on gzip's bytes. */
  private static String inputDigest(Path dir) throws IOException {
    StringBuilder b = new StringBuilder();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.sorted().toList()) {
        b.append("==== ").append(p.getFileName()).append('\n');
        try (InputStream in = p.toString().endsWith(".gz")
            ? new GZIPInputStream(Files.newInputStream(p)) : Files.newInputStream(p)) {
          b.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
      }
    }
    return Recorder.sha256(b.toString());
  }

  @Test
  void brokenInputs() throws IOException {
    StringBuilder table = new StringBuilder("# case\tcommand\texit\tstderr (\\n for newlines)"
        + "\tstdout and files sha-256 (12)\n");
    Mutator m = new Mutator();
    for (String name : sampleNames()) {
      Path sample = SAMPLES.resolve(name);
      Random rnd = new Random(name.hashCode());
      Path good = tmp.resolve(name + ".bgc");
      new Recorder(tmp).run(null, "compress", sample.toString(), "-o", good.toString());
      for (int k = 0; k < 40; k++) {
        brokenRaw(table, m, sample, name + "/raw" + k, rnd, k < 12);
      }
      for (int k = 0; k < 12; k++) {
        String id = name + "/bgc" + k;
        Path scratch = Files.createDirectories(tmp.resolve(id));
        String what = m.mutateFile(good, scratch.resolve("in.bgc"), rnd);
        for (String[] cmd : new String[][] {{"show", "$TMP/in.bgc"},
            {"stats", "$TMP/in.bgc", "--format", "json"},
            {"expand", "$TMP/in.bgc", "-o", "$TMP/x"},
            {"align", "$TMP/in.bgc", "-o", "$TMP/a.bgc"},
            {"resolve", "$TMP/in.bgc", "-o", "$TMP/r.bgc"},
            {"generate", "$TMP/in.bgc", "--lang", "c-mpi", "-o", "$TMP/gen"},
            {"generate", "$TMP/in.bgc", "--lang", "conceptual", "-o", "$TMP/ncptl"}}) {
          record(table, id + " (" + what + ")", scratch, cmd);
        }
      }
    }
    // Random programs' streams are long and repetitive: the reader's fast paths see them.
    for (long seed = 1; seed <= 40; seed++) {
      Path dir = Files.createDirectories(tmp.resolve("random/p" + seed));
      new RandomProgram(seed, 1 + (int) (seed % 9)).write(dir);
      brokenRaw(table, m, dir, "random" + seed, new Random(seed), false);
    }
    List<String> failed = new ArrayList<>();
    check("broken-inputs.tsv", table.toString(), failed);
    assertNothingFailed(failed);
  }

  /** A broken copy of trace directory {@code dir}, compressed and counted (and generated). */
  private void brokenRaw(StringBuilder table, Mutator m, Path dir, String id, Random rnd,
      boolean generate) throws IOException {
    Path scratch = Files.createDirectories(tmp.resolve(id));
    String what = m.mutateDirectory(dir, scratch.resolve("in"), rnd);
    List<String[]> cmds = new ArrayList<>(List.of(
        new String[] {"compress", "$TMP/in", "-o", "$TMP/out.bgc"},
        new String[] {"stats", "$TMP/in", "--format", "csv"}));
    if (generate) {
      cmds.add(new String[] {"generate", "$TMP/in", "--lang", "c-mpi", "-o", "$TMP/gen"});
    }
    for (String[] cmd : cmds) {
      record(table, id + " (" + what + ")", scratch, cmd);
    }
  }

  /** Runs one command on a broken input; its outputs are removed afterwards. */
  private static void record(StringBuilder table, String id, Path scratch, String[] cmd)
      throws IOException {
    Recorder r = new Recorder(scratch);
    Recorder.Run run = r.run("run", cmd);
    for (String out : List.of("out.bgc", "gen", "x", "a.bgc", "r.bgc", "ncptl")) {
      r.files(out);
    }
    table.append(id).append('\t').append(cmd[0]).append(cmd.length > 3 && cmd[2].equals("--lang")
        ? " " + cmd[3] : "").append('\t').append(run.code()).append('\t')
        .append(run.err().replace("\\", "\\\\").replace("\n", "\\n")).append('\t')
        .append(Recorder.sha256(run.out() + r.text()).substring(0, 12)).append('\n');
    for (String out : List.of("out.bgc", "gen", "x", "a.bgc", "r.bgc", "ncptl")) {
      deleteTree(scratch.resolve(out));
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }

  /** Compares {@code actual} with the golden file, or rewrites it with -Dgolden.update=true. */
  private static void check(String golden, String actual, List<String> failed)
      throws IOException {
    Path file = GOLDEN.resolve(golden);
    if (UPDATE) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual);
      return;
    }
    if (!Files.exists(file)) {
      failed.add(golden + ": no golden file (record it with -Dgolden.update=true)");
      return;
    }
    String expected = Files.readString(file);
    if (!expected.equals(actual)) {
      failed.add(golden + ": differs at line " + firstDifference(expected, actual));
    }
  }

  private static String firstDifference(String a, String b) {
    List<String> x = a.lines().toList();
    List<String> y = b.lines().toList();
    for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
      String l = i < x.size() ? x.get(i) : "(end)";
      String m = i < y.size() ? y.get(i) : "(end)";
      if (!l.equals(m)) {
        return (i + 1) + ":\n    expected: " + l + "\n    actual:   " + m;
      }
    }
    return "(end of line only)";
  }

  private static void assertNothingFailed(List<String> failed) {
    if (!failed.isEmpty()) {
      fail(failed.size() + " golden file(s) differ:\n  " + String.join("\n  ", failed));
    }
  }
}
