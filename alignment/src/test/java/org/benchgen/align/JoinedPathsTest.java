package org.benchgen.align;

import static org.benchgen.align.Traces.rsds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.junit.jupiter.api.Test;

/**
 * After a collective is joined from sites {@code a} and {@code b} into {@code a|b}, the compute
 * paths after it name {@code a|b}: the call before, as expansion and the generated code see it.
 * They named {@code a} or {@code b}, so the time after the joined call was found on no path and
 * every rank's compute there was lost.
 */
class JoinedPathsTest {
  private static CompressedTrace read(String... lines) throws IOException {
    return CompressedTraceReader.read(Path.of("joined.bgc"),
        new BufferedReader(new StringReader(String.join("\n", lines) + "\n")));
  }

  private static CompressedTrace aligned(CompressedTrace t) {
    return assertInstanceOf(Alignment.Aligned.class, new CollectiveAligner(t).align()).trace();
  }

  /** Each rank's compute by expansion: the time between its calls. */
  private static long[] computePerRank(CompressedTrace t) {
    TraceStats s = TraceStats.of(t, n -> { });
    return IntStream.range(0, t.worldSize()).mapToLong(r -> s.rank(r).computeNs()).toArray();
  }

  /** Each RSD's paths, {@code op@site: path path ...}. */
  private static List<String> paths(CompressedTrace t) {
    List<Rsd> all = new ArrayList<>();
    rsds(t.body(), all);
    return all.stream().map(r -> r.op().mpiName() + "@" + r.site() + ":" + r.compute().stream()
        .map(c -> " " + c.after()).collect(Collectors.joining())).toList();
  }

  /**
   * Worked out by hand: rank 0 waits in a barrier at a (500 ns after MPI_Init), rank 1 at b (700
   * ns); both then compute before a barrier at x, rank 0 1 ms and rank 1 3 ms, and 6 ns before
   * MPI_Finalize. Joined, the barrier a|b pools 500 and 700 ns (600 each: a difference under 0.1
   * ms a rank is alike), and x's two paths are one, a|b, whose two rank classes keep each rank's
   * time: rank 0 computes 1,000,606 ns, rank 1 3,000,606. Before, each rank's 1 or 3 ms were on
   * no path that expansion found.
   */
  @Test
  void pathsAfterAJoinedCollectiveNameItAndKeepEachRanksTime() throws IOException {
    CompressedTrace in = read("benchgen-compressed 1", "world 2",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Barrier site=a ranks=0 comm=0", "    compute i 500", "    duration 10",
        "MPI_Barrier site=b ranks=1 comm=0", "    compute i 700", "    duration 10",
        "MPI_Barrier site=x comm=0", "    compute a ranks=0 1000000",
        "    compute b ranks=1 3000000",
        "    duration 10*2",
        "MPI_Finalize site=f", "    compute x 6*2", "    duration 1*2");
    CompressedTrace out = aligned(in);
    assertEquals(List.of("MPI_Init@i:", "MPI_Barrier@a|b: i", "MPI_Barrier@x: a|b",
        "MPI_Finalize@f: x"), paths(out));
    List<Rsd> all = new ArrayList<>();
    rsds(out.body(), all);
    ComputeStat x = all.get(2).compute().get(0);
    assertEquals(List.of("0 1000000.0", "1 3000000.0"), x.classes().stream()
        .map(k -> k.ranks() + " " + k.time().mean()).toList());
    long[] c = computePerRank(out);
    assertEquals(List.of(1_000_606L, 3_000_606L), List.of(c[0], c[1]));
  }

  /**
   * A site that is joined in one place and a call of its own in another: each path is named
   * after the call it followed, so the later barrier's path a (after the joined call) becomes
   * a|b, and MPI_Finalize's path a (after the later barrier, at a itself) stays a.
   */
  @Test
  void aSiteAlsoLeftOnItsOwnKeepsItsName() throws IOException {
    CompressedTrace in = read("benchgen-compressed 1", "world 2",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Barrier site=a ranks=0 comm=0", "    compute i 500", "    duration 10",
        "MPI_Barrier site=b ranks=1 comm=0", "    compute i 700", "    duration 10",
        "MPI_Barrier site=a comm=0", "    compute a ranks=0 1000000",
        "    compute b ranks=1 3000000",
        "    duration 10*2",
        "MPI_Finalize site=f", "    compute a 6*2", "    duration 1*2");
    CompressedTrace out = aligned(in);
    assertEquals(List.of("MPI_Init@i:", "MPI_Barrier@a|b: i", "MPI_Barrier@a: a|b",
        "MPI_Finalize@f: a"), paths(out));
    // The later barrier's paths both follow a|b here, as in the first case.
    long[] c = computePerRank(out);
    assertEquals(List.of(1_000_606L, 3_000_606L), List.of(c[0], c[1]));
  }

  /**
   * A review's case, by hand: the barrier at a that rank 0 reaches first is joined with rank 1's
   * at b, and a loop then calls x and a barrier at a again (one wrapper's site). x's path a
   * followed the joined call in the first iteration and the barrier at a in the others: its
   * first interval goes to a|b, the others stay on a, rank by rank (rank 0 1 ms each; rank 1 30
   * ms after b, 2 ms after a). Kept whole on a, rank 0 took rank 1's 30 ms after a|b (32 ms
   * where it computed 3).
   */
  @Test
  void aPathThatFollowedTheJoinedCallAndItsOwnSiteIsSplitBetweenThem() throws IOException {
    CompressedTrace in = read("benchgen-compressed 1", "world 2",
        "MPI_Init site=i", "    duration 100*2",
        "MPI_Barrier site=a ranks=0 comm=0", "    compute i 500", "    duration 10",
        "MPI_Barrier site=b ranks=1 comm=0", "    compute i 700", "    duration 10",
        "loop trips=3 {",
        "  MPI_Barrier site=x comm=0", "      compute a ranks=0 1000000*3",
        "      compute a ranks=1 2000000*2", "      compute b ranks=1 30000000",
        "      duration 10*6",
        "  MPI_Barrier site=a comm=0", "      compute x 5000*6", "      duration 10*6", "}",
        "MPI_Finalize site=f", "    compute a 6*2", "    duration 1*2");
    CompressedTrace out = aligned(in);
    assertEquals(List.of("MPI_Init@i:", "MPI_Barrier@a|b: i", "MPI_Barrier@x: a|b a",
        "MPI_Barrier@a: x", "MPI_Finalize@f: a"), paths(out));
    long[] c = computePerRank(out);
    // 600 ns (500 and 700 pooled), x three times, 5 us before each barrier a, 6 ns.
    assertEquals(600 + 3 * 1_000_000 + 3 * 5000 + 6, c[0]);
    assertEquals(600 + 30_000_000 + 2 * 2_000_000 + 3 * 5000 + 6, c[1]);
  }

  /**
   * The paper's Figures 3 and 4 (the split-collectives sample, 4 ranks): ranks 2 and 3 compute
   * after the barrier they reach from split.c:24, which is joined with rank 0's split.c:21. Each
   * rank's compute by expansion is what it was before the alignment, to the classes' 2 % (rank
   * classes of alike times are pooled) and a nanosecond of rounding a call; ranks 2 and 3 had
   * lost 0.23 of their 0.33 ms. Every path names a site of the aligned trace.
   */
  @Test
  void eachRankKeepsItsComputeOnTheSplitCollectivesSample() throws IOException {
    CompressedTrace in = new TraceCompressor().compress(TraceDirectory.open(
        Path.of("..", "samples", "traces", "split-collectives")), n -> { }).trace();
    CompressedTrace out = aligned(in);
    long[] before = computePerRank(in);
    long[] after = computePerRank(out);
    for (int r = 0; r < before.length; r++) {
      assertEquals(before[r], after[r], 0.02 * before[r] + 20, "rank " + r);
    }
    List<Rsd> all = new ArrayList<>();
    rsds(out.body(), all);
    Set<String> sites = new HashSet<>();
    all.forEach(r -> sites.add(r.site()));
    for (Rsd r : all) {
      for (ComputeStat c : r.compute()) {
        assertTrue(sites.contains(c.after()), r.site() + "'s path " + c.after());
      }
    }
  }
}
