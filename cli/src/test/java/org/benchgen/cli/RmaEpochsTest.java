package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One-sided communication (issue 46): samples/mpi/rma_epochs (fence, lock, lock_all and PSCW
 * epochs on a window of MPI_Win_create and one of MPI_Win_allocate) is traced with every window
 * call, its bytes per call as counted by hand, and its C+MPI benchmark makes the same calls,
 * bytes and message matrix (verify exit 0), under both MPIs; coNCePTuaL and GOAL refuse it by
 * name.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RmaEpochsTest {
  private static final int ITERATIONS = 3;
  private static final int COUNT = 16;

  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void windowsAndTheirEpochsAreTracedAndRegeneratedExactly(String flavour) throws Exception {
    runs.assertSameCalls(flavour, List.of("rma_epochs", "" + ITERATIONS, "" + COUNT));
    Path original = runs.work().resolve(flavour + "-rma_epochs-orig");
    Cli.Result stats = Cli.run("stats", original.toString());
    assertEquals(0, stats.code(), stats.err());
    // Rank 1 of 4, by the program's text: per iteration a fence Put of COUNT doubles to rank 2
    // and a PSCW Put of COUNT doubles to rank 0, a Get of COUNT/2 doubles, an Accumulate of
    // COUNT doubles, a Fetch_and_op of a long, a Compare_and_swap of an int, an Rput of COUNT/4
    // doubles, a Get_accumulate fetching one double; three fences, a start and a complete.
    long d = Double.BYTES;
    Map<String, long[]> want = Map.ofEntries(
        Map.entry("MPI_Put", new long[] {2 * ITERATIONS, 2 * ITERATIONS * COUNT * d}),
        Map.entry("MPI_Get", new long[] {ITERATIONS, ITERATIONS * COUNT / 2 * d}),
        Map.entry("MPI_Accumulate", new long[] {ITERATIONS, ITERATIONS * COUNT * d}),
        Map.entry("MPI_Fetch_and_op", new long[] {ITERATIONS, ITERATIONS * Long.BYTES}),
        Map.entry("MPI_Compare_and_swap", new long[] {ITERATIONS, ITERATIONS * Integer.BYTES}),
        Map.entry("MPI_Rput", new long[] {ITERATIONS, ITERATIONS * COUNT / 4 * d}),
        Map.entry("MPI_Get_accumulate", new long[] {ITERATIONS, ITERATIONS * d}),
        Map.entry("MPI_Win_fence", new long[] {3 * ITERATIONS, 0}),
        Map.entry("MPI_Win_start", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_complete", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_lock", new long[] {ITERATIONS + 1, 0}),
        Map.entry("MPI_Win_create", new long[] {1, 0}),
        Map.entry("MPI_Win_allocate", new long[] {1, 0}),
        Map.entry("MPI_Win_free", new long[] {2, 0}));
    for (Map.Entry<String, long[]> w : want.entrySet()) {
      Matcher m = Pattern.compile("(?m)^1\\s+" + w.getKey() + "\\s+(\\d+)\\s+(\\d+)$")
          .matcher(stats.out());
      assertTrue(m.find(), w.getKey() + " of rank 1 in\n" + stats.out());
      assertEquals(w.getValue()[0], Long.parseLong(m.group(1)), w.getKey() + " calls");
      assertEquals(w.getValue()[1], Long.parseLong(m.group(2)), w.getKey() + " bytes");
    }
    // The benchmark makes the windows, of rank-dependent sizes, and the epochs' calls.
    String c = Files.readString(runs.work().resolve(flavour + "-rma_epochs-gen")
        .resolve("rma_epochs.c"));
    for (String call : List.of("bg_win_create(BG_WIN_CREATE, 0, 128, 8, bg_comm[0].c);",
        "bg_win_create(BG_WIN_ALLOCATE, 1, (rank == 1 ? 136 : ", "MPI_Win_fence(0, bg_win(0));",
        "MPI_Put(bg_sbuf, 16, MPI_DOUBLE, ", "bg_win_lock(1, 0, 1);", "bg_win_post(0, ",
        "bg_win_start(0, ", "MPI_Rput(bg_sbuf, 4, MPI_DOUBLE, ", ", bg_win(1), bg_req_new(0));",
        "MPI_Compare_and_swap(bg_sbuf, bg_sbuf, bg_rbuf, MPI_INT, 0, 1, bg_win(1));",
        "bg_win_free(1);")) {
      assertTrue(c.contains(call), call + " in\n" + c);
    }
    // The languages without one-sided communication refuse it by name, writing nothing.
    for (String lang : List.of("conceptual", "goal")) {
      Path out = runs.work().resolve(flavour + "-rma-" + lang);
      Cli.Result g = Cli.run("generate", original.toString(), "--lang", lang, "-o",
          out.toString(), "--name", "rma_epochs");
      assertNotEquals(0, g.code(), lang + ": " + g.out());
      assertTrue(g.err().contains("BG301") && g.err().contains("MPI_Win_create at ")
          && g.err().contains("one-sided communication"), lang + ": " + g.err());
      assertTrue(Files.notExists(out.resolve("rma_epochs.ncptl"))
          && Files.notExists(out.resolve("rma_epochs.goal")), lang);
    }
    // OTF2 carries them (RMA records): Otf2RmaIoIntegrationTest round-trips this program.
  }

  /**
   * samples/mpi/rma_dynamic: operations on a window of MPI_Win_create_dynamic, whose target
   * displacements are the targets' addresses, are made on the region the benchmark's run-time
   * library attaches for them (an approximation, said), with the same calls and bytes; a PSCW
   * epoch polled by MPI_Win_test until done takes as many tests in the benchmark as traced.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void dynamicWindowsOperationsAreRegeneratedWithTheirCallsAndBytes(String flavour)
      throws Exception {
    List<String> args = List.of("" + ITERATIONS, "" + COUNT);
    Path original = runs.trace(flavour, "rma_dynamic-orig", runs.sample(flavour, "rma_dynamic"),
        args);
    Cli.Result stats = Cli.run("stats", original.toString());
    assertEquals(0, stats.code(), stats.err());
    // Rank 1 of 4, by the program's text: per iteration two Puts of COUNT doubles (dynamic
    // window, PSCW), a Get of COUNT/2, a Fetch_and_op of a long, an Accumulate of COUNT doubles,
    // a lock_all, a flush and an unlock_all, two fences, a start and a complete; once: two
    // attaches and detaches, a lock and an unlock, the two windows made and freed. -1: bytes not
    // checked.
    long d = Double.BYTES;
    Map<String, long[]> want = Map.ofEntries(
        Map.entry("MPI_Put", new long[] {2 * ITERATIONS, 2 * ITERATIONS * COUNT * d}),
        Map.entry("MPI_Get", new long[] {ITERATIONS, ITERATIONS * COUNT / 2 * d}),
        Map.entry("MPI_Win_start", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_complete", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Fetch_and_op", new long[] {ITERATIONS, ITERATIONS * Long.BYTES}),
        Map.entry("MPI_Accumulate", new long[] {ITERATIONS, ITERATIONS * COUNT * d}),
        Map.entry("MPI_Win_lock_all", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_flush", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_unlock_all", new long[] {ITERATIONS, 0}),
        Map.entry("MPI_Win_fence", new long[] {2 * ITERATIONS, 0}),
        Map.entry("MPI_Win_lock", new long[] {1, 0}),
        Map.entry("MPI_Win_attach", new long[] {2, -1}),
        Map.entry("MPI_Win_detach", new long[] {2, -1}),
        Map.entry("MPI_Win_create_dynamic", new long[] {1, 0}),
        Map.entry("MPI_Win_free", new long[] {2, 0}));
    for (Map.Entry<String, long[]> w : want.entrySet()) {
      Matcher m = Pattern.compile("(?m)^1\\s+" + w.getKey() + "\\s+(\\d+)\\s+(\\d+)$")
          .matcher(stats.out());
      assertTrue(m.find(), w.getKey() + " of rank 1 in\n" + stats.out());
      assertEquals(w.getValue()[0], Long.parseLong(m.group(1)), w.getKey() + " calls");
      if (w.getValue()[1] >= 0) {
        assertEquals(w.getValue()[1], Long.parseLong(m.group(2)), w.getKey() + " bytes");
      }
    }
    // Rank 0 polls: at least one test an epoch, the last of each done.
    Matcher tests = Pattern.compile("(?m)^0\\s+MPI_Win_test\\s+(\\d+)\\s").matcher(stats.out());
    assertTrue(tests.find() && Long.parseLong(tests.group(1)) >= ITERATIONS, stats.out());
    Path gen = runs.work().resolve(flavour + "-rma_dynamic-gen");
    Cli.Result g = Cli.run("generate", original.toString(), "--lang", "c-mpi", "-o",
        gen.toString(), "--name", "rma_dynamic");
    assertEquals(0, g.code(), g.out() + g.err());
    assertTrue(g.out().contains("an operation on a window of MPI_Win_create_dynamic was made at"
        + " the start of a region the benchmark attached"), g.out());
    // The dynamic window (slot 0 on every rank) gets a region of the largest operation's target
    // bytes, a Put's COUNT doubles; its operations no traced address, the allocated one's as
    // traced.
    String c = Files.readString(gen.resolve("rma_dynamic.c"));
    for (String call : List.of("bg_win_create(BG_WIN_CREATE_DYNAMIC, 0, " + COUNT * d + ", 1, ",
        "MPI_Put(bg_sbuf, 16, MPI_DOUBLE, ", ", bg_win_disp(0, ", "MPI_Win_lock_all(0, bg_win(0));",
        "MPI_Fetch_and_op(bg_sbuf, bg_rbuf, MPI_LONG, ", "bg_win_test(1, ", ", 16, MPI_DOUBLE, MPI_SUM, bg_win(1));")) {
      assertTrue(c.contains(call), call + " in\n" + c);
    }
    assertTrue(!c.contains("bg_win_disp(1, "), c);
    MpiSamples.make(gen, runs.work(), "MPICC=mpicc." + flavour,
        "CFLAGS=-O1 -std=c99 -Wall -Werror");
    Path bench = runs.trace(flavour, "rma_dynamic-bench", gen.resolve("rma_dynamic"), List.of(),
        BenchmarkRuns.N, List.of(BenchmarkRuns.NO_RAW));
    Cli.Result v = Cli.run("verify", original.toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }
}
