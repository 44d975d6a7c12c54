package org.benchgen.codegen.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.CompressedText;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The GOAL schedules of the samples and synthetic patterns, read back by a parser of this test's
 * own: every operation's dependencies (requires, irequires) come before it; the point-to-point
 * bytes from rank to rank are those that stats counts in the trace (an independent count); sends
 * and receives pair up by source, destination and tag; and executing the schedule (sends complete
 * at once, a receive when its message was sent, in order) completes every operation: no deadlock.
 * The real LogGOPSim runs them when LOGGOPSIM names it (docs/simulation.md).
 */
class GoalScheduleTest {
  private static final Path SAMPLES = Path.of("..", "samples", "traces");
  private static final Pattern OP = Pattern.compile(
      "l(\\d+): (send|recv|calc) (\\d+)b?(?: (?:to|from) (\\d+) tag (-?\\d+))?");
  private static final Pattern DEP = Pattern.compile("l(\\d+) (i?)requires l(\\d+)");

  @TempDir
  static Path tmp;

  /** One operation as read back. */
  record Goal(String kind, long size, int peer, long tag, List<Integer> requires,
      List<Integer> irequires) {}

  static Stream<String> traces() {
    return Stream.of("ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
        "comm-split", "synth:stencil3d", "synth:wavefront", "synth:alltoall",
        "synth:masterWorker", "synth:irregular", "synth:mpmd");
  }

  /** A bundled sample, or a synthetic pattern (8 ranks, 6 iterations) written in {@code work}. */
  static Path traceDir(String name, Path work) throws IOException {
    if (!name.startsWith("synth:")) {
      return SAMPLES.resolve(name);
    }
    String p = name.substring(6);
    Path out = work.resolve(p);
    if (!out.toFile().exists()) {
      new Synth(Synth.Pattern.valueOf(p), 8, 6, 3).write(out, false, n -> { });
    }
    return out;
  }

  static String schedule(Path dir) throws IOException {
    CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(
        t, new GoalTarget(), new GenerateOptions("bench", ComputeMode.MEAN, 1)));
    return g.files().get(0).text();
  }

  /** Every rank's operations, by label (from 1). */
  static List<List<Goal>> parse(String text) {
    List<List<Goal>> ranks = new ArrayList<>();
    List<Goal> cur = null;
    for (String line : text.lines().map(String::trim).toList()) {
      Matcher m;
      if (line.startsWith("rank ")) {
        cur = new ArrayList<>();
        ranks.add(cur);
      } else if ((m = OP.matcher(line)).matches()) {
        assertEquals(cur.size() + 1, Integer.parseInt(m.group(1)), line);
        cur.add(new Goal(m.group(2), Long.parseLong(m.group(3)),
            m.group(4) == null ? -1 : Integer.parseInt(m.group(4)),
            m.group(5) == null ? 0 : Long.parseLong(m.group(5)), new ArrayList<>(),
            new ArrayList<>()));
      } else if ((m = DEP.matcher(line)).matches()) {
        int label = Integer.parseInt(m.group(1));
        int on = Integer.parseInt(m.group(3));
        assertTrue(on < label, "a dependency on a later operation: " + line);
        Goal g = cur.get(label - 1);
        (m.group(2).isEmpty() ? g.requires() : g.irequires()).add(on);
      }
    }
    return ranks;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("traces")
  void scheduleMatchesTheTraceAndRunsToTheEnd(String name) throws IOException {
    Path dir = traceDir(name, tmp);
    List<List<Goal>> ranks = parse(schedule(dir));
    TraceStats stats = TraceStats.of(TraceDirectory.open(dir), n -> { });
    assertEquals(stats.worldSize(), ranks.size());
    // Point-to-point bytes (tags below the collectives' range) against stats' matrix.
    for (int r = 0; r < ranks.size(); r++) {
      Map<Integer, Long> sent = new TreeMap<>();
      for (Goal g : ranks.get(r)) {
        if (g.kind().equals("send") && g.tag() < GoalEmitter.COLLECTIVE_TAGS) {
          sent.merge(g.peer(), g.size(), Long::sum);
        }
      }
      Map<Integer, Long> expected = new TreeMap<>(stats.rank(r).sentTo());
      expected.values().removeIf(v -> v == 0);
      sent.values().removeIf(v -> v == 0);
      assertEquals(expected, sent, name + ": rank " + r + "'s bytes sent to each rank");
    }
    assertRunsToTheEnd(name, ranks);
  }

  /**
   * A loop of 3 x 10^6 barriers on 2 ranks would unroll to 6 x 10^6 calls: refused before any is
   * unrolled (alignment and resolution still walk them, as for every target).
   */
  @Test
  void aScheduleTooLargeToUnrollIsRefused() {
    CompressedTrace t = CompressedText.read("benchgen-compressed 1", "world 2",
        "loop trips=3000000 {",
        "  MPI_Barrier site=b.c:1 comm=0",
        "      duration n=2 min=5 max=5 mean=5 sd=0 bins=3:2",
        "}");
    TraceProblem e = assertThrows(TraceProblem.class, () -> Benchmarks.generate(t,
        new GoalTarget(), new GenerateOptions("big", ComputeMode.MEAN, 1)));
    assertTrue(e.getMessage().startsWith("the GOAL schedule would unroll more than 4000000"
        + " operations ("), e.getMessage());
  }

  /**
   * A nonblocking collective overlaps the compute issued after it (reviewed case): the 500 us
   * calc between MPI_Iallreduce and its MPI_Wait follows the collective's last message, not the
   * join that waits for all of them.
   */
  @Test
  void computeOverlapsANonblockingCollective() throws IOException {
    Path dir = java.nio.file.Files.createDirectories(tmp.resolve("iallreduce"));
    for (int r = 0; r < 2; r++) {
      java.nio.file.Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Iallreduce site=a.c:1 enter=0 exit=10 comm=0 count=1 type=MPI_INT tsize=4"
              + " op=MPI_SUM req=1",
          "MPI_Wait site=a.c:2 enter=500010 exit=500020 req=1",
          "MPI_Finalize site=a.c:3 enter=500030 exit=500040", ""));
    }
    List<Goal> ops = parse(schedule(dir)).get(0);
    int calc = 0;
    while (!(ops.get(calc).kind().equals("calc") && ops.get(calc).size() > 1000)) {
      calc++;
    }
    Goal compute = ops.get(calc);
    List<Integer> before = new ArrayList<>(compute.requires());
    before.addAll(compute.irequires());
    for (int on : before) {
      assertTrue(!ops.get(on - 1).kind().equals("calc"), "the compute waits for a join: " + ops);
    }
  }

  /**
   * Executes the schedule: an operation starts when what it requires has completed and what it
   * irequires has started; a send or calc completes as it starts, a receive when the next
   * unreceived message from its peer with its tag has been sent (MPI's order).
   */
  static void assertRunsToTheEnd(String name, List<List<Goal>> ranks) {
    Map<String, Integer> inFlight = new HashMap<>();
    List<int[]> state = new ArrayList<>(); // 0 waiting, 1 started, 2 completed
    ranks.forEach(ops -> state.add(new int[ops.size()]));
    int left = ranks.stream().mapToInt(List::size).sum();
    boolean progress = true;
    while (progress && left > 0) {
      progress = false;
      for (int r = 0; r < ranks.size(); r++) {
        List<Goal> ops = ranks.get(r);
        int[] st = state.get(r);
        for (int i = 0; i < ops.size(); i++) {
          Goal g = ops.get(i);
          if (st[i] == 0 && g.requires().stream().allMatch(on -> st[on - 1] == 2)
              && g.irequires().stream().allMatch(on -> st[on - 1] >= 1)) {
            st[i] = 1;
            progress = true;
            if (g.kind().equals("send")) {
              inFlight.merge(r + ">" + g.peer() + "#" + g.tag(), 1, Integer::sum);
            }
          }
          if (st[i] == 1) {
            if (g.kind().equals("recv")) {
              String key = g.peer() + ">" + r + "#" + g.tag();
              if (inFlight.getOrDefault(key, 0) == 0) {
                continue;
              }
              inFlight.merge(key, -1, Integer::sum);
            }
            st[i] = 2;
            left--;
            progress = true;
          }
        }
      }
    }
    assertEquals(0, left, name + ": operations never completed");
    inFlight.values().forEach(v -> assertEquals(0, v, name + ": a message never received"));
  }
}
