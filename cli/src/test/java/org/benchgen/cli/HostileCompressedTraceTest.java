package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.trace.TraceLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a compressed trace, on files a stranger could send: each is refused
 * with exit code 1 and a message naming the file and line (the file alone for a trace too big to
 * walk, which no one line makes), nothing written; a trace exactly at the nesting limits works in
 * every command.
 */
class HostileCompressedTraceTest {
  private static final Path RING = Path.of("../samples/traces/ring");

  @TempDir
  Path tmp;

  /** The ring sample compressed (4 ranks, a loop of 5 trips at line 5), as text. */
  private String ring() throws IOException {
    Path bgc = tmp.resolve("ring.bgc");
    assertEquals(0, Cli.run("compress", RING.toString(), "-o", bgc.toString()).code());
    String text = Files.readString(bgc);
    Files.delete(bgc);
    return text;
  }

  /** The commands, each with its outputs under {@code out}. */
  private static List<String[]> commands(Path in, Path out) {
    String f = in.toString();
    return List.of(new String[] {"show", f}, new String[] {"stats", f},
        new String[] {"expand", f, "-o", out.resolve("expanded").toString()},
        new String[] {"align", f, "-o", out.resolve("aligned.bgc").toString()},
        new String[] {"resolve", f, "-o", out.resolve("resolved.bgc").toString()},
        new String[] {"generate", f, "--lang", "c-mpi", "-o", out.resolve("c").toString()},
        new String[] {"generate", f, "--lang", "conceptual", "-o",
            out.resolve("ncptl").toString()},
        new String[] {"verify", f, f});
  }

  /** The ring's loop inside {@code extra} loops of one trip each. */
  private static UnaryOperator<String> nested(int extra) {
    return t -> t.replace("loop trips=5 {", "loop trips=1 {\n".repeat(extra) + "loop trips=5 {")
        .replaceFirst("\n}\n", "\n}\n" + "}\n".repeat(extra));
  }

  @Test
  void hostileFilesAreRefusedByEveryCommandWithFileAndLineAndNothingWritten()
      throws IOException {
    String ring = ring();
    Map<String, UnaryOperator<String>> hostile = Map.of(
        "huge-world", t -> t.replace("world 4", "world 2147483647"),
        "deep-loops", nested(20_000),
        "deep-value", t -> t.replace("count=1024", "count=" + "(".repeat(50_000) + "1024"
            + ")*1".repeat(50_000)),
        "nan-mean", t -> t.replaceFirst("mean=[0-9.]+", "mean=NaN"),
        "huge-trips", t -> t.replace("loop trips=5 {",
            "loop trips=1000000 {\nloop trips=1000000 {").replaceFirst("\n}\n", "\n}\n}\n"),
        "negative-trips", t -> t.replace("trips=5", "trips=-1"),
        "peer-outside", t -> t.replace("dest=+1", "dest=4"));
    for (Map.Entry<String, UnaryOperator<String>> h : hostile.entrySet()) {
      Path in = tmp.resolve(h.getKey() + ".bgc");
      Files.writeString(in, h.getValue().apply(ring));
      Path out = Files.createDirectory(tmp.resolve("out-" + h.getKey()));
      // The file and a line, or for a trace too big to walk the file and the limit.
      Pattern where = Pattern.compile("benchgen: error: " + Pattern.quote(in.toString())
          + (h.getKey().equals("huge-trips") ? ": walking every rank .* over the limit of"
              + " 1\\.00e\\+10; .*-Dbenchgen\\.expansion\\.limit=N.*" : ":\\d+: .*") + "\n");
      for (String[] args : commands(in, out)) {
        Cli.Result r = Cli.run(args);
        String what = h.getKey() + " " + String.join(" ", args).replace(tmp.toString(), "");
        boolean sizeOnly = h.getKey().equals("huge-trips") && args[0].equals("show");
        assertEquals(sizeOnly ? 0 : 1, r.code(), what + ": " + r.err());
        if (!sizeOnly) {
          assertTrue(where.matcher(r.err()).matches(), what + ": " + r.err());
          assertEquals("", r.out(), what);
        }
        try (Stream<Path> s = Files.list(out)) {
          assertEquals(List.of(), s.toList(), what);
        }
      }
    }
  }

  @Test
  void aTraceAtTheNestingLimitsWorksInEveryCommand() throws IOException {
    // The ring's loop is one level deep; its count the deepest value of the limit.
    String atLimit = nested(TraceLimits.MAX_LOOP_DEPTH - 1).apply(ring()).replace("count=1024",
        "count=" + "(".repeat(TraceLimits.MAX_VALUE_DEPTH - 1) + "1024*1"
            + ")*1".repeat(TraceLimits.MAX_VALUE_DEPTH - 1));
    Path in = tmp.resolve("at-limit.bgc");
    Files.writeString(in, atLimit);
    Path out = Files.createDirectory(tmp.resolve("out"));
    for (String[] args : commands(in, out)) {
      Cli.Result r = Cli.run(args);
      assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
    }
    // One level deeper is refused at the line of the 257th loop: the header, the world, Init's
    // two lines, then the loops.
    Files.writeString(in, nested(TraceLimits.MAX_LOOP_DEPTH).apply(ring()));
    Cli.Result r = Cli.run("stats", in.toString());
    assertEquals(1, r.code());
    assertEquals("benchgen: error: " + in + ":" + (4 + TraceLimits.MAX_LOOP_DEPTH + 1)
        + ": loops nested deeper than 256 (docs/compressed-format.md, \"Limits\")\n", r.err());
  }

  @Test
  void aWorldWhoseSimulationWouldNotFitTheHeapIsRefusedBeforeResolving() throws IOException {
    // What the simulation needs, by its own estimate, for twice this JVM's heap in ranks.
    long max = Runtime.getRuntime().maxMemory();
    int world = (int) Math.min(TraceLimits.MAX_WORLD,
        max / org.benchgen.resolve.WildcardResolver.BYTES_PER_RANK + 1);
    Path in = tmp.resolve("wide.bgc");
    Files.writeString(in, ring().replace("world 4", "world " + world));
    Path out = Files.createDirectory(tmp.resolve("out"));
    Pattern refused = Pattern.compile("benchgen: error: " + Pattern.quote(in.toString())
        + ": the matching simulation of its " + world + " ranks need about [0-9.]+ GB, more"
        + " than half of this Java heap .*BENCHGEN_JAVA_OPTS=-Xmx\\d+g\n");
    for (String[] args : List.of(
        new String[] {"resolve", in.toString(), "-o", out.resolve("r.bgc").toString()},
        new String[] {"generate", in.toString(), "--lang", "c-mpi", "-o",
            out.resolve("c").toString()})) {
      Cli.Result r = Cli.run(args);
      assertEquals(1, r.code(), r.err());
      assertTrue(refused.matcher(r.err()).matches(), r.err());
    }
    try (Stream<Path> s = Files.list(out)) {
      assertEquals(List.of(), s.toList());
    }
  }
}
