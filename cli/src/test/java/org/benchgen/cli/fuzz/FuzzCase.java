package org.benchgen.cli.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.benchgen.cli.golden.Mutator;

/**
 * One broken input and the commands run on it: from a seed (a corpus trace, raw or compressed,
 * broken by the golden test's {@link Mutator} or by {@link Hostile}), or a committed regression
 * input.
 *
 * @param name what the reproduction line calls the input
 * @param mutation how it was broken
 * @param dir the case's directory: the input, and every output is written here
 * @param input the broken trace (a directory or a compressed file)
 * @param original the trace it was made from, for {@code verify} (raw)
 * @param good the original, compressed (the input itself for regression inputs)
 */
record FuzzCase(String name, String mutation, Path dir, Path input, Path original, Path good) {
  private static final Mutator MUTATOR = new Mutator();

  /** The case of {@code seed}, written under {@code dir}. */
  static FuzzCase of(long seed, Corpus corpus, Path dir) throws IOException {
    Random rnd = new Random(seed);
    Corpus.Trace base = corpus.traces().get(rnd.nextInt(corpus.traces().size()));
    boolean compressed = rnd.nextBoolean();
    int family = rnd.nextInt(10);
    String what;
    Path input;
    if (compressed) {
      input = dir.resolve("in.bgc");
      if (family < 3) {
        what = MUTATOR.mutateFile(base.compressed(), input, rnd);
      } else if (family < 9) {
        what = MUTATOR.mutateFile(base.compressed(), input, rnd, Hostile.compressed(rnd));
      } else {
        Files.copy(base.compressed(), input);
        what = Hostile.bytes(input, rnd);
        input = Files.exists(input) ? input : dir.resolve("in.bgc.gz");
      }
    } else {
      input = dir.resolve("in");
      if (family < 3) {
        what = MUTATOR.mutateDirectory(base.dir(), input, rnd);
      } else if (family < 8) {
        what = MUTATOR.mutateDirectory(base.dir(), input, rnd, Hostile.raw(rnd));
      } else {
        MUTATOR.mutateDirectory(base.dir(), input, rnd, (lines, r) -> "");
        what = brokenFiles(input, rnd);
      }
    }
    String name = base.name() + (compressed ? ".bgc" : "/");
    return new FuzzCase(name, what, dir, input, base.dir(), base.compressed());
  }

  /** A committed regression input (a trace directory, or one holding a compressed trace). */
  static FuzzCase regression(Path committed, Path dir) throws IOException {
    Path input = dir.resolve("in");
    copyTree(committed, input);
    try (Stream<Path> s = Files.list(input)) {
      Path bgc = s.filter(p -> p.toString().matches(".*\\.bgc(\\.gz)?")).findFirst()
          .orElse(null);
      input = bgc == null ? input : bgc;
    }
    return new FuzzCase(committed.getFileName().toString(), "committed regression input", dir,
        input, input, input);
  }

  /** Whether the input is a compressed trace. */
  boolean compressed() {
    return !Files.isDirectory(input);
  }

  /**
   * The commands run on the input, each as words with {@code IN}, {@code ORIG}, {@code GOOD}
   * and {@code OUT/} (the case directory) to be replaced.
   */
  List<String> commands(long seed) {
    List<String> c = new ArrayList<>(List.of("show IN", "stats IN", "stats IN --format csv",
        "stats IN --format json", "align IN -o OUT/a.bgc", "resolve IN -o OUT/r.bgc",
        "generate IN --lang c-mpi -o OUT/c", "generate IN --lang conceptual -o OUT/n",
        "compress IN -o OUT/t.bgc"));
    if (compressed()) {
      c.add(seed % 2 == 0 ? "expand IN -o OUT/x" : "expand IN --gzip -o OUT/x");
      c.add("resolve --re-resolve IN -o OUT/rr.bgc");
      c.add("verify ORIG IN");
    } else {
      c.add("verify ORIG IN");
      c.add("verify IN GOOD");
    }
    return c;
  }

  /** The command's arguments with the paths put in. */
  String[] args(String command) {
    return Stream.of(command.split(" ")).map(w -> switch (w) {
      case "IN" -> input.toString();
      case "ORIG" -> original.toString();
      case "GOOD" -> good.toString();
      default -> w.startsWith("OUT/") ? dir.resolve(w.substring(4)).toString() : w;
    }).toArray(String[]::new);
  }

  /** The path the command writes, or null. */
  Path output(String command) {
    int o = command.indexOf(" -o OUT/");
    return o < 0 ? null : dir.resolve(command.substring(o + " -o OUT/".length()));
  }

  /** Breaks the directory as a whole: a rank file removed, added, or not a file. */
  private static String brokenFiles(Path dir, Random rnd) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.sorted().toList();
    }
    Path victim = files.get(rnd.nextInt(files.size()));
    switch (rnd.nextInt(6)) {
      case 0 -> {
        Files.delete(victim);
        return victim.getFileName() + " removed";
      }
      case 1 -> {
        Files.copy(victim, dir.resolve("rank-100000.trace"));
        return "rank-100000.trace added (a copy of " + victim.getFileName() + ")";
      }
      case 2 -> {
        Files.delete(victim);
        Files.createDirectory(victim);
        return victim.getFileName() + " is a directory";
      }
      case 3 -> {
        for (Path f : files) {
          Files.delete(f);
        }
        return "every rank file removed";
      }
      default -> {
        return victim.getFileName() + " " + Hostile.bytes(victim, rnd);
      }
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else {
          Files.copy(p, q);
        }
      }
    }
  }
}
