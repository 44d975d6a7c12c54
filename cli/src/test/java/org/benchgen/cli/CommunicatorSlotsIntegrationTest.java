package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Communicators made and freed in a loop fold (issue 50): samples/mpi/comm_slots makes 5
 * communicators a step (two halves of a split, their dups, a dup of the world that lives into the
 * next step), and the tracer gives each freed one's slot, and id, to the next one made at its
 * place. So 60 steps, 300 communicators made, hold 6 ids and fold to a loop, under both MPIs; the
 * benchmark frees and remakes each in one slot of its table, and verifies exact; the
 * coNCePTuaL and GOAL targets generate, and the OTF2 export reads back as the same calls.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CommunicatorSlotsIntegrationTest {
  private static final Pattern SUMMARY =
      Pattern.compile("(\\d+) ranks, (\\d+) RSDs, (\\d+) loops .*, (\\d+) communicators besides");

  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void communicatorsMadeAndFreedInALoopFoldAndAreRemadeInTheirSlots(String flavour)
      throws Exception {
    runs.assertSameCalls(flavour, List.of("comm_slots", "60"));
    Path original = runs.work().resolve(flavour + "-comm_slots-orig");
    Cli.Result show = Cli.run("show", original.toString());
    assertEquals(0, show.code(), show.err());
    Matcher m = SUMMARY.matcher(show.out().lines().findFirst().orElse(""));
    assertTrue(m.find(), show.out());
    // Without slots: 300 communicators, a definition each.
    assertEquals(6, Integer.parseInt(m.group(4)), show.out());
    // A step is 8 calls: its 480 fold to one loop and the steps before it starts.
    assertTrue(Integer.parseInt(m.group(2)) <= 24, show.out());
    assertTrue(Integer.parseInt(m.group(3)) >= 1, show.out());
    assertTrue(Files.size(original.resolve("trace.bgc")) < 8_000);
    // The benchmark frees the split's and the dup's communicators and makes them again in the
    // same slots, step after step.
    String c = Files.readString(runs.work().resolve(flavour + "-comm_slots-gen")
        .resolve("comm_slots.c"));
    for (String call : List.of("MPI_Comm_split(bg_comm[0].c, ", "&bg_comm[1].c); bg_comm_ready(1);",
        "MPI_Comm_dup(bg_comm[1].c, &bg_comm[2].c);", "MPI_Comm_free(&bg_comm[2].c);",
        "MPI_Comm_free(&bg_comm[1].c);")) {
      assertTrue(c.contains(call), call + " in\n" + c);
    }
    // The other targets take the numbers made again too; OTF2's archive, read back, makes the
    // same calls and bytes.
    for (String lang : List.of("conceptual", "goal")) {
      Cli.Result g = Cli.run("generate", original.toString(), "--lang", lang, "-o",
          runs.work().resolve(flavour + "-" + lang).toString(), "--name", "comm_slots");
      assertEquals(0, g.code(), lang + ": " + g.out() + g.err());
    }
    Path otf2 = runs.work().resolve(flavour + "-otf2");
    Cli.Result x = Cli.run("export", original.toString(), "--format", "otf2", "-o",
        otf2.toString());
    assertEquals(0, x.code(), x.out() + x.err());
    Path back = runs.work().resolve(flavour + "-otf2-back");
    Cli.Result i = Cli.run("import", otf2.resolve("traces.otf2").toString(), "-o",
        back.toString());
    assertEquals(0, i.code(), i.out() + i.err());
    Cli.Result v = Cli.run("verify", original.toString(), back.toString());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out() + v.err());
  }
}
