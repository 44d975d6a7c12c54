package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.benchgen.testing.NcptlRuns;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * coNCePTuaL programs of irregular MPI programs (issue 20), traced at 4 ranks under Open MPI:
 * amr_exchange (neighbour sets, message counts and sizes that change with the rank and every 5
 * iterations), period3 (a period-3 pattern with a first and a last iteration of their own, an
 * inner loop whose trip count changes with the rank and the iteration) and rotating_root (a root
 * that changes every call) and prefetch (a receive posted ahead and completed after a send's
 * wait, which an AWAIT COMPLETION there, completing it too, would deadlock: the old program hung
 * when compiled and left operations over in the interpreter), and random_exchange (random
 * pairs, sizes, tags and kinds of call, with collectives on the world and on a split
 * communicator: an irregular section, a loop over the steps of a data file). generate writes
 * them with no approximation of a peer, a tag, a size or a message count, in at most twice the
 * lines of the C+MPI benchmark. With {@code NCPTL} naming a coNCePTuaL compiler, each program also
 * parses, runs in the interpreter without any warning (no deadlock, no leftover message), and,
 * built with the compiler's C+MPI backend and run under Open MPI, every task sends and receives the
 * messages and bytes the trace's own streams say (counted here from the raw events, MPI_PROC_NULL
 * peers excluded); without it that test is skipped, with the reason, before it does anything.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NcptlIrregularTest {
  private static final Set<String> SENDS = Set.of("MPI_Send", "MPI_Isend", "MPI_Ssend",
      "MPI_Issend", "MPI_Rsend", "MPI_Irsend", "MPI_Bsend", "MPI_Ibsend");
  private static final Set<String> RECEIVES = Set.of("MPI_Recv", "MPI_Irecv");

  private Path work;
  private Map<String, Path> bins;

  @BeforeAll
  void build(@TempDir Path tmp) throws Exception {
    work = tmp;
    bins = MpiSamples.bins();
  }

  @ParameterizedTest
  @ValueSource(strings = {"amr_exchange", "period3", "rotating_root", "prefetch",
      "random_exchange"})
  void theProgramIsExactAndShort(String sample) throws Exception {
    generated(sample);
  }

  @ParameterizedTest
  @ValueSource(strings = {"amr_exchange", "period3", "rotating_root", "prefetch",
      "random_exchange"})
  void theProgramMakesEveryTasksMessages(String sample) throws Exception {
    // Decided before any work: without a compiler nothing of this test can run.
    String ncptl = System.getenv("NCPTL");
    Assumptions.assumeTrue(ncptl != null && !ncptl.isBlank(),
        "NCPTL (a coNCePTuaL compiler) is not set: the programs were not compiled or run");
    Path trace = work.resolve(sample + "-trace");
    Path gen = generated(sample);
    NcptlRuns.Run interp = run(gen, Map.of(), List.of(ncptl, "--backend=interpret", "--quiet",
        "b.ncptl", "--tasks=4"));
    assertEquals(0, interp.code(), interp.err());
    assertEquals("", interp.err(), sample + ": the interpreter warned");
    NcptlRuns.Run build = run(gen, Map.of(), List.of(ncptl, "--backend=c_mpi", "--quiet",
        "--output=b", "b.ncptl"));
    assertEquals(0, build.code(), build.err());
    List<String> mpi = new ArrayList<>(MpiSamples.launcher("openmpi", 4));
    mpi.add("./b");
    // NCPTL_FAST_INIT skips the timer calibration (10 s a run); counters are unaffected.
    NcptlRuns.Run ran = MpiLock.hold(() -> run(gen, Map.of("NCPTL_FAST_INIT", "1"), mpi));
    assertEquals(0, ran.code(), ran.out() + ran.err());
    for (int r = 0; r < 4; r++) {
      assertEquals(traced(trace.resolve("rank-" + r + ".trace")),
          NcptlRuns.logged(gen.resolve("b-" + r + ".log")),
          sample + " task " + r + ": messages and bytes sent, received");
    }
  }

  /**
   * The sample traced and its coNCePTuaL program generated (once, whichever test asks first),
   * checked: no approximation said, at most twice the lines of the C+MPI benchmark, an irregular
   * section only where expected. Returns the program's directory.
   */
  private Path generated(String sample) throws Exception {
    Path gen = work.resolve(sample + "-ncptl");
    if (Files.isRegularFile(gen.resolve("b.ncptl"))) {
      return gen;
    }
    Path trace = work.resolve(sample + "-trace");
    List<String> cmd = new ArrayList<>(List.of("trace", "--raw", "-o", trace.toString(), "--"));
    cmd.addAll(MpiSamples.launcher("openmpi", 4));
    cmd.add(bins.get("openmpi").resolve(sample).toString());
    Cli.Result t = Cli.run(cmd.toArray(String[]::new));
    assertEquals(0, t.code(), t.out() + t.err());
    Cli.Result g = Cli.run("generate", trace.toString(), "--lang", "conceptual", "-o",
        gen.toString(), "--name", "b");
    assertEquals(0, g.code(), g.out() + g.err());
    for (String changed : List.of("first value", "first size", "first root", "largest count",
        "messages are missing", "first one", "completes all of the task's outstanding",
        "rounded to")) {
      assertFalse(g.out().contains(changed), g.out());
    }
    // At most twice the lines of the C+MPI benchmark of the same trace.
    Path c = work.resolve(sample + "-c");
    Cli.Result gc = Cli.run("generate", trace.toString(), "--lang", "c-mpi", "-o", c.toString(),
        "--name", "b");
    assertEquals(0, gc.code(), gc.out() + gc.err());
    long lines = Files.readAllLines(gen.resolve("b.ncptl")).size();
    long cLines = Files.readAllLines(c.resolve("b.c")).size();
    assertTrue(lines <= 2 * cLines, sample + ": " + lines + " lines, the C " + cLines);
    // An irregular section is a loop over the steps of a data file beside the program.
    assertEquals(sample.equals("random_exchange"), Files.exists(gen.resolve("b-L1.dat")),
        sample);
    return gen;
  }

  /**
   * Messages sent, bytes sent, messages received, bytes received in a rank's raw stream: each
   * send or receive with a real peer, a Sendrecv's two sides; bytes as sent, and as received.
   */
  private static List<Long> traced(Path stream) throws IOException {
    long[] n = new long[4];
    for (String line : Files.readAllLines(stream, StandardCharsets.UTF_8)) {
      String name = line.split(" ", 2)[0];
      Map<String, String> f = new HashMap<>();
      for (String word : line.split(" ")) {
        int eq = word.indexOf('=');
        if (eq > 0) {
          f.put(word.substring(0, eq), word.substring(eq + 1));
        }
      }
      boolean sendrecv = name.startsWith("MPI_Sendrecv");
      if ((SENDS.contains(name) || sendrecv) && !"PROC_NULL".equals(f.get("dest"))) {
        n[0]++;
        n[1] += Long.parseLong(f.get("count")) * Long.parseLong(f.get("tsize"));
      }
      if ((RECEIVES.contains(name) || sendrecv) && !"PROC_NULL".equals(f.get("src"))) {
        n[2]++;
        n[3] += Long.parseLong(f.get("bytes"));
      }
    }
    return List.of(n[0], n[1], n[2], n[3]);
  }

  private static NcptlRuns.Run run(Path dir, Map<String, String> env, List<String> cmd)
      throws IOException, InterruptedException {
    return NcptlRuns.run(dir, env, cmd, 600);
  }
}
