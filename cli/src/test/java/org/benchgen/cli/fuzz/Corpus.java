package org.benchgen.cli.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.benchgen.cli.Cli;
import org.benchgen.testing.RandomProgram;

/**
 * The good traces the fuzz test breaks: the bundled samples, small synthetic patterns and random
 * programs, each as a trace directory and compressed by {@code benchgen compress}.
 */
final class Corpus {
  private static final Path SAMPLES = Path.of("../samples/traces");
  private static final String[][] SYNTH = {
      {"ring", "8", "6"}, {"stencil2d", "12", "5"}, {"stencil3d", "8", "4"},
      {"wavefront", "9", "3"}, {"alltoall", "6", "4"}, {"master-worker", "5", "6"},
      {"stencil3d", "8", "4", "--split-collectives"}};
  private static final int RANDOM_PROGRAMS = 12;

  /** One good trace: its name, directory and compressed file. */
  record Trace(String name, Path dir, Path compressed) {}

  private final List<Trace> traces = new ArrayList<>();

  /** Builds the corpus under {@code dir}; every trace must compress. */
  Corpus(Path dir) throws IOException {
    List<String[]> named = new ArrayList<>();
    try (Stream<Path> s = Files.list(SAMPLES)) {
      for (Path p : s.filter(Files::isDirectory).sorted().toList()) {
        named.add(new String[] {p.getFileName().toString(), p.toString()});
      }
    }
    for (String[] c : SYNTH) {
      String name = c[0] + "-" + c[1] + "x" + c[2] + (c.length > 3 ? c[3] : "");
      Path out = dir.resolve(name);
      List<String> args = new ArrayList<>(List.of("synth", c[0], "--ranks", c[1],
          "--iterations", c[2], "--seed", "3", "-o", out.toString()));
      if (c.length > 3) {
        args.add(c[3]);
      }
      expectSuccess(args.toArray(new String[0]));
      named.add(new String[] {name, out.toString()});
    }
    for (long seed = 1; seed <= RANDOM_PROGRAMS; seed++) {
      Path out = Files.createDirectories(dir.resolve("random" + seed));
      new RandomProgram(seed, 1 + (int) (seed % 9)).write(out);
      named.add(new String[] {"random" + seed, out.toString()});
    }
    for (String[] n : named) {
      Path bgc = dir.resolve(n[0] + ".bgc");
      expectSuccess("compress", n[1], "-o", bgc.toString());
      traces.add(new Trace(n[0], Path.of(n[1]), bgc));
    }
  }

  List<Trace> traces() {
    return traces;
  }

  private static void expectSuccess(String... args) {
    Cli.Result r = Cli.run(args);
    if (r.code() != 0) {
      throw new IllegalStateException("corpus: " + String.join(" ", args) + " gave exit "
          + r.code() + ": " + r.err());
    }
  }
}
