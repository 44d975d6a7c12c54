package org.benchgen.align;

import static org.benchgen.align.Traces.calls;
import static org.benchgen.align.Traces.compress;
import static org.benchgen.align.Traces.outline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CollectiveAlignerTest {
  private static final Path SAMPLES = Path.of("..", "samples", "traces");

  @TempDir
  Path tmp;

  private static CompressedTrace sample(String name) throws IOException {
    return new TraceCompressor().compress(TraceDirectory.open(SAMPLES.resolve(name)), n -> { })
        .trace();
  }

  private static Alignment.Aligned aligned(CompressedTrace t) {
    return assertInstanceOf(Alignment.Aligned.class, new CollectiveAligner(t).align());
  }

  private static Finding failed(CompressedTrace t) {
    return assertInstanceOf(Alignment.Failed.class, new CollectiveAligner(t).align()).finding();
  }

  /** Every rank makes the same calls with the same parameters, in the same order, as before. */
  private static void assertSameCalls(CompressedTrace before, CompressedTrace after, int... ranks) {
    for (int r : ranks) {
      assertEquals(calls(before, r), calls(after, r), "calls of rank " + r);
    }
  }

  private static int[] all(CompressedTrace t) {
    return java.util.stream.IntStream.range(0, t.worldSize()).toArray();
  }

  /**
   * Paper Figures 3 and 4: rank 0 calls Isend then Barrier, the others Barrier then (rank 1)
   * Irecv; both Wait. Figure 4's result, by hand: Isend{0}, Barrier{all}, Irecv{1}, Wait{0,1},
   * here inside the sample's loop of 3.
   */
  @Test
  void figures3And4() throws IOException {
    CompressedTrace in = sample("split-collectives");
    assertTrue(new CollectiveAligner(in).needsAlignment());
    Alignment.Aligned a = aligned(in);
    assertEquals("MPI_Init[0..3] loop[0..3]x3(MPI_Isend[0] MPI_Barrier[0..3] MPI_Irecv[1]"
        + " MPI_Wait[0,1]) MPI_Finalize[0..3]", outline(a.trace().body(), false));
    Rsd barrier = (Rsd) ((Loop) a.trace().body().get(1)).body().get(1);
    assertEquals("split.c:21|split.c:24", barrier.site());
    assertEquals(3, a.merged());
    assertSameCalls(in, a.trace(), all(in));
    assertFalse(new CollectiveAligner(a.trace()).needsAlignment());
  }

  /**
   * 4 ranks, 4 outer iterations of 5 ring exchanges; every second outer iteration an Allreduce,
   * even ranks at s.c:20, odd ranks at s.c:30; MPI_Finalize split the same way. By hand: each
   * rank is Init, (10 exchanges, Allreduce) x 2, Finalize; aligned, all ranks share it.
   */
  @Test
  void splitCollectivesInNestedLoopsOnSomeIterations() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      int req = 1;
      for (int it = 0; it < 4; it++) {
        for (int x = 0; x < 5; x++) {
          k.call("MPI_Irecv site=s.c:10 comm=0 src=" + (r + 3) % 4
              + " tag=1 count=8 type=MPI_INT tsize=4 req=" + req + " bytes=32");
          k.call("MPI_Isend site=s.c:11 comm=0 dest=" + (r + 1) % 4
              + " tag=1 count=8 type=MPI_INT tsize=4 req=" + (req + 1));
          k.call("MPI_Waitall site=s.c:12 reqs=" + req + "," + (req + 1));
          req += 2;
        }
        if (it % 2 == 1) {
          k.call("MPI_Allreduce site=s.c:" + (r % 2 == 0 ? 20 : 30)
              + " comm=0 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM");
        }
      }
      ranks.add(k.call("MPI_Finalize site=m.c:" + (r % 2 == 0 ? 40 : 41)));
    }
    CompressedTrace in = compress(tmp.resolve("t"), ranks);
    Alignment.Aligned a = aligned(in);
    assertEquals("MPI_Init[0..3] loop[0..3]x2(loop[0..3]x10(MPI_Irecv[0..3] MPI_Isend[0..3]"
        + " MPI_Waitall[0..3]) MPI_Allreduce[0..3]) MPI_Finalize[0..3]",
        outline(a.trace().body(), false));
    assertEquals(3, a.merged());
    assertSameCalls(in, a.trace(), all(in));
  }

  /**
   * Collectives on two sub-communicators, each split across call sites, with different counts:
   * comm 7 = {0,1} does 3 Bcasts, comm 8 = {2,3} 2 Allreduces. They proceed independently; the
   * outline (by hand) interleaves them iteration by iteration.
   */
  @Test
  void subCommunicatorsAreIndependent() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      if (r < 2) {
        k.def("comm id=7 members=0,1");
        for (int i = 0; i < 3; i++) {
          k.call("MPI_Bcast site=b.c:" + (r + 1)
              + " comm=7 root=0 count=4 type=MPI_INT tsize=4");
        }
      } else {
        k.def("comm id=8 members=2,3");
        for (int i = 0; i < 2; i++) {
          k.call("MPI_Allreduce site=c.c:" + (r - 1)
              + " comm=8 count=1 type=MPI_DOUBLE tsize=8 op=MPI_SUM");
        }
      }
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    CompressedTrace in = compress(tmp.resolve("t"), ranks);
    assertTrue(new CollectiveAligner(in).needsAlignment());
    Alignment.Aligned a = aligned(in);
    assertEquals("MPI_Init[0..3] loop[0..3]x2(MPI_Bcast[0,1] MPI_Allreduce[2,3]) MPI_Bcast[0,1]"
        + " MPI_Finalize[0..3]", outline(a.trace().body(), false));
    assertEquals(5, a.merged());
    assertSameCalls(in, a.trace(), all(in));
  }

  /**
   * An intercommunicator of {0, 2} and {1, 3}: rank 0 broadcasts to B (MPI_ROOT; rank 2
   * MPI_PROC_NULL; B's ranks name root 0), from call sites that differ by group. Four different
   * roots, one broadcast: aligned and joined. Were B to name a root that A does not hold
   * (two ranks saying MPI_ROOT), BG101 names the roots as MPI's symbols.
   */
  @Test
  void intercommunicatorRootsAgreeByGroup() throws IOException {
    for (boolean wrong : new boolean[] {false, true}) {
      List<Traces.Rank> ranks = new ArrayList<>();
      for (int r = 0; r < 4; r++) {
        Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
        k.def(r % 2 == 0 ? "comm id=5 members=0,2 remote=1,3"
            : "comm id=5 members=1,3 remote=0,2");
        String root = r == 0 || (wrong && r == 2) ? "ROOT" : r == 2 ? "PROC_NULL" : "0";
        for (int i = 0; i < 3; i++) {
          k.call("MPI_Bcast site=b.c:" + (r % 2) + " comm=5 root=" + root
              + " count=4 type=MPI_INT tsize=4");
        }
        ranks.add(k.call("MPI_Finalize site=m.c:9"));
      }
      CompressedTrace in = compress(tmp.resolve("inter" + wrong), ranks);
      if (wrong) {
        Finding f = failed(in);
        assertEquals(Problem.MISMATCHED_COLLECTIVE, f.problem());
        assertTrue(f.message().contains("(root ROOT)"), f.message());
      } else {
        Alignment.Aligned a = aligned(in);
        assertSameCalls(in, a.trace(), all(in));
        assertTrue(a.merged() > 0, "the two groups' sites are joined");
      }
    }
  }

  /**
   * Rank-dependent trip counts: rank r sends r+2 messages to PROC_NULL before a Barrier split by
   * parity, twice. Each rank is a class of its own; by hand, the ranks still in the inner loop go
   * first, so each outer iteration is Send{0..3} twice, Send{1..3}, Send{2,3}, Send{3}, Barrier.
   */
  @Test
  void rankDependentTripCountsBeforeASplitBarrier() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      for (int it = 0; it < 2; it++) {
        for (int x = 0; x < r + 2; x++) {
          k.call("MPI_Send site=p.c:5 comm=0 dest=PROC_NULL tag=0 count=1 type=MPI_INT tsize=4");
        }
        k.call("MPI_Barrier site=p.c:" + (r % 2 == 0 ? 7 : 8) + " comm=0");
      }
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    CompressedTrace in = compress(tmp.resolve("t"), ranks);
    Alignment.Aligned a = aligned(in);
    assertEquals("MPI_Init[0..3] loop[0..3]x2(loop[0..3]x2(MPI_Send[0..3]) MPI_Send[1..3]"
        + " MPI_Send[2,3] MPI_Send[3] MPI_Barrier[0..3]) MPI_Finalize[0..3]",
        outline(a.trace().body(), false));
    assertSameCalls(in, a.trace(), all(in));
  }

  /**
   * MPI_Comm_free waits for no one (issue 16): rank 0 frees communicator 7, meets rank 1 at a
   * barrier, then frees 8; rank 1 frees 8 first and 7 after the barrier, as real programs do and
   * real MPI runs (samples/mpi/comm_free_order.c). Treated as synchronising, rank 0 waited in
   * the free of 7 for rank 1, which waited at the barrier: BG102 on a correct program.
   */
  @Test
  void communicatorsAreFreedInEachRanksOwnOrder() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      k.def("comm id=7 members=0,1").call("MPI_Comm_dup site=d.c:1 comm=0 newcomm=7");
      k.def("comm id=8 members=0,1").call("MPI_Comm_dup site=d.c:2 comm=0 newcomm=8");
      long first = r == 0 ? 7 : 8;
      k.call("MPI_Comm_free site=f.c:" + (3 * r + 1) + " comm=" + first)
          .call("MPI_Barrier site=f.c:" + (3 * r + 2) + " comm=0")
          .call("MPI_Comm_free site=f.c:" + (3 * r + 3) + " comm=" + (15 - first));
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    CompressedTrace in = compress(tmp.resolve("t"), ranks);
    Alignment.Aligned a = aligned(in);
    assertSameCalls(in, a.trace(), all(in));
    // The barrier, reached from two sites, is one call; each free stays its rank's own.
    assertEquals(1, a.merged());
  }

  /**
   * Nonblocking collectives of several communicators started in different orders, as MPI allows
   * (MPICH's comm_idup_iallreduce and comm_idup_overlap; issue 16): rank 0 starts an Iallreduce
   * on the world, then an Idup of communicator 7; rank 1 the Idup first. And three ranks each
   * Idup the communicators of their two pairs, {0,1}, {1,2} and {2,0}, in a circle of orders. A
   * blocking wait at each start made BG102 of both; each rank's calls stay as they were.
   */
  @Test
  void nonblockingCollectivesStartInEachRanksOwnOrder() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      k.def("comm id=7 members=0,1").call("MPI_Comm_dup site=d.c:1 comm=0 newcomm=7");
      String reduce = "MPI_Iallreduce site=n.c:" + (r + 1)
          + " comm=0 count=1 type=MPI_INT tsize=4 op=MPI_SUM req=" + (r + 1);
      if (r == 0) {
        k.call(reduce);
      }
      k.def("comm id=9 members=0,1").call("MPI_Comm_idup site=n.c:" + (r + 3)
          + " comm=7 newcomm=9 req=" + (2 - r));
      if (r == 1) {
        k.call(reduce);
      }
      k.call("MPI_Waitall site=n.c:5 reqs=1,2").call("MPI_Barrier site=n.c:6 comm=9");
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    CompressedTrace in = compress(tmp.resolve("two"), ranks);
    assertSameCalls(in, aligned(in).trace(), all(in));

    ranks.clear();
    for (int r = 0; r < 3; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      int mine = 10 + r;
      int before = 10 + (r + 2) % 3;
      k.def("comm id=" + mine + " members=" + Math.min(r, (r + 1) % 3) + ","
          + Math.max(r, (r + 1) % 3));
      k.def("comm id=" + before + " members=" + Math.min(r, (r + 2) % 3) + ","
          + Math.max(r, (r + 2) % 3));
      k.def("comm id=" + (mine + 10) + " members=" + Math.min(r, (r + 1) % 3) + ","
          + Math.max(r, (r + 1) % 3));
      k.def("comm id=" + (before + 10) + " members=" + Math.min(r, (r + 2) % 3) + ","
          + Math.max(r, (r + 2) % 3));
      k.call("MPI_Comm_idup site=o.c:1 comm=" + mine + " newcomm=" + (mine + 10) + " req=1")
          .call("MPI_Comm_idup site=o.c:2 comm=" + before + " newcomm=" + (before + 10)
              + " req=2")
          .call("MPI_Waitall site=o.c:3 reqs=1,2");
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    in = compress(tmp.resolve("circle"), ranks);
    assertSameCalls(in, aligned(in).trace(), all(in));
  }

  /** A nonblocking collective that one member never starts is named as started. */
  @Test
  void aNonblockingCollectiveSomeMembersNeverStartIsNamed() throws IOException {
    Traces.Rank r0 = new Traces.Rank().call("MPI_Init site=m.c:1").def("comm id=7 members=0,1")
        .call("MPI_Ibarrier site=x.c:5 comm=7 req=1").call("MPI_Wait site=x.c:6 req=1")
        .call("MPI_Finalize site=m.c:9");
    Traces.Rank r1 = new Traces.Rank().call("MPI_Init site=m.c:1").def("comm id=7 members=0,1")
        .call("MPI_Finalize site=m.c:9");
    Finding f = failed(compress(tmp.resolve("t"), List.of(r0, r1)));
    assertEquals(Problem.UNREACHED_COLLECTIVE, f.problem());
    // The compressed trace numbers communicator 7 as 1 (its first definition), as its comm line.
    assertEquals("ranks 0 started MPI_Ibarrier at x.c:5 on communicator 1, which the other"
        + " members never reach: ranks 1 have no calls left", f.message());
  }

  @Test
  void differentCollectivesAtOnePointAreNamed() throws IOException {
    Traces.Rank r0 = new Traces.Rank().call("MPI_Init site=m.c:1");
    Traces.Rank r1 = new Traces.Rank().call("MPI_Init site=m.c:1");
    for (int i = 0; i < 3; i++) {
      r0.call("MPI_Barrier site=x.c:5 comm=0");
    }
    r1.call("MPI_Barrier site=x.c:5 comm=0").call("MPI_Barrier site=x.c:5 comm=0")
        .call("MPI_Bcast site=x.c:9 comm=0 root=0 count=1 type=MPI_INT tsize=4");
    r0.call("MPI_Finalize site=m.c:9");
    r1.call("MPI_Finalize site=m.c:9");
    Finding f = failed(compress(tmp.resolve("t"), List.of(r0, r1)));
    assertEquals(Problem.MISMATCHED_COLLECTIVE, f.problem());
    assertEquals("collective number 3 on MPI_COMM_WORLD: ranks 0 call MPI_Barrier at x.c:5 in"
        + " iteration 3 of 3 of the loop from MPI_Barrier at x.c:5; ranks 1 call MPI_Bcast at"
        + " x.c:9 (root 0)", f.message());
  }

  @Test
  void aCollectiveSomeMembersNeverReachIsNamed() throws IOException {
    List<Traces.Rank> ranks = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      Traces.Rank k = new Traces.Rank().call("MPI_Init site=m.c:1");
      if (r < 2) {
        k.def("comm id=7 members=0,1");
      }
      if (r == 0) {
        k.call("MPI_Bcast site=b.c:3 comm=7 root=0 count=4 type=MPI_INT tsize=4");
      }
      ranks.add(k.call("MPI_Finalize site=m.c:9"));
    }
    Finding f = failed(compress(tmp.resolve("t"), ranks));
    assertEquals(Problem.UNREACHED_COLLECTIVE, f.problem());
    assertEquals("ranks 0 wait in MPI_Bcast at b.c:3 on communicator 1, which the other members"
        + " never reach: ranks 1 wait in MPI_Finalize at m.c:9 on MPI_COMM_WORLD", f.message());
  }

  @Test
  void aRankWhoseCallsEndBeforeFinalizeIsNamed() throws IOException {
    // A per-rank stream that ends so is refused when read (issue 47); a compressed trace can
    // still say it.
    Finding f = failed(org.benchgen.testing.CompressedText.read("benchgen-compressed 1",
        "world 2", "MPI_Init site=m.c:1", "    duration 1*2",
        "MPI_Barrier site=x.c:5 ranks=0 comm=0", "    compute ^ 1", "    duration 1",
        "MPI_Barrier site=x.c:6 ranks=1 comm=0", "    compute m.c:1 1", "    duration 1",
        "MPI_Finalize site=m.c:9 ranks=0", "    compute x.c:5 1", "    duration 1"));
    assertEquals(Problem.UNREACHED_COLLECTIVE, f.problem());
    assertEquals("ranks 0 wait in MPI_Finalize at m.c:9 on MPI_COMM_WORLD, which the other"
        + " members never reach: ranks 1 have no calls left", f.message());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "wildcard", "comm-split",
      "deadlock"})
  void tracesWithAlignedCollectivesPassThroughUnchanged(String name) throws IOException {
    CompressedTrace in = sample(name);
    assertFalse(new CollectiveAligner(in).needsAlignment());
    Alignment.Aligned a = aligned(in);
    assertSame(in, a.trace());
    assertFalse(a.changed());
  }

  @Test
  void alignedTraceSurvivesAWriteReadRoundTrip() throws IOException {
    CompressedTrace t = aligned(sample("split-collectives")).trace();
    StringWriter w1 = new StringWriter();
    CompressedTraceWriter.write(t, w1);
    CompressedTrace back = CompressedTraceReader.read(Path.of("x"),
        new java.io.BufferedReader(new StringReader(w1.toString())));
    StringWriter w2 = new StringWriter();
    CompressedTraceWriter.write(back, w2);
    assertEquals(w1.toString(), w2.toString());
    assertSameCalls(t, back, all(t));
  }

  /**
   * The issue's synthetic case at full width: a 16x16x16 stencil whose odd ranks reach the
   * Allreduce and MPI_Finalize from their own call sites. Aligned, each is one RSD of all 4,096
   * ranks, and corner, edge, face and interior ranks keep their calls.
   */
  @Test
  void stencil3dOf4096RanksWithSplitCollectives() throws IOException {
    Path dir = tmp.resolve("s3d");
    new Synth(Synth.Pattern.stencil3d, 4096, 10, 1, true).write(dir, false, n -> { });
    CompressedTrace in = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    Alignment.Aligned a = aligned(in);
    List<Rsd> collectives = new ArrayList<>();
    collect(a.trace().body(), collectives);
    assertEquals(List.of("MPI_Allreduce[0..4095]@stencil3d.f90:70|stencil3d.f90:71",
        "MPI_Finalize[0..4095]@main.c:99|main.c:100"),
        collectives.stream().map(r -> r.op().mpiName() + "[" + r.ranks() + "]@" + r.site())
            .toList());
    // Corners 0 and 4095, an edge (1), a face (17), the interior (273), their odd neighbours.
    assertSameCalls(in, a.trace(), 0, 1, 17, 273, 274, 4094, 4095);
  }

  /**
   * Synth's master-worker with split collectives: the master's loop of receives comes out in
   * several calls (parts of it fold with the workers' calls), and each must carry its share of
   * the loop's times, not all of them (each did: the RSDs counted 2,837 calls for the run's
   * 1,150). Checked against the input: the calls per rank by expansion, the total compute and MPI
   * time.
   */
  @Test
  void aCallSplitInSeveralGivesEachItsShareOfTheTimes() throws IOException {
    Path dir = tmp.resolve("mw");
    new Synth(Synth.Pattern.masterWorker, 8, 40, 1, true)
        .write(dir, false, n -> { });
    CompressedTrace in = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    CompressedTrace out = aligned(in).trace();
    assertSameCalls(in, out, all(in));
    long calls = 0;
    for (int r : all(in)) {
      calls += calls(in, r).size();
    }
    List<Rsd> rsds = new ArrayList<>();
    Traces.rsds(out.body(), rsds);
    assertTrue(rsds.size() > rsdCount(in),
        "the alignment split calls: " + outline(out.body(), false));
    assertEquals(calls, rsds.stream().mapToLong(r -> r.duration().count()).sum());
    for (Rsd r : rsds) {
      assertTrue(ComputeStat.intervals(r.compute()) <= r.duration().count(), r.site()
          + ": no more compute intervals than calls");
    }
    assertEquals(total(in, false), total(out, false), 1e-9 * total(in, false));
    assertEquals(total(in, true), total(out, true), 1e-9 * total(in, true));
  }

  /**
   * A path's intervals go where their calls went (a review's case, worked out by hand): rank 0
   * sends after MPI_Init, then waits in a barrier at a; ranks 1 and 2 wait in a barrier at b
   * first, then send. Joined, the barrier splits the send in two: rank 0's, whose one interval is
   * on the path after MPI_Init (1000 ns), and ranks 1 and 2's, on the path after b, now the
   * joined barrier a|b (2000 and 30000 ns, rank classes). Shared by the calls of all three ranks
   * instead, rank 0's send lost its 1000 ns and the other got 3 intervals for 2 calls.
   */
  @Test
  void eachIntervalGoesWithTheCallOnItsPath() throws IOException {
    String text = String.join("\n", "benchgen-compressed 1", "world 3",
        "MPI_Init site=i", "    duration 100*3",
        "MPI_Barrier site=b ranks=1,2 comm=0", "    compute ^ 500*2", "    duration 10",
        "MPI_Send site=x comm=0 dest=0 tag=1 count=1 type=MPI_BYTE tsize=1",
        "    compute i 1000", "    compute b ranks=1 2000", "    compute b ranks=2 30000",
        "    duration 20",
        "MPI_Barrier site=a ranks=0 comm=0", "    compute ^ 700", "    duration 10",
        "MPI_Finalize site=f", "    compute a 5", "    compute x 6*2", "    duration 1*3", "");
    CompressedTrace in = CompressedTraceReader.read(Path.of("split3.bgc"),
        new java.io.BufferedReader(new StringReader(text)));
    CompressedTrace out = aligned(in).trace();
    assertSameCalls(in, out, all(in));
    List<Rsd> sends = new ArrayList<>();
    Traces.rsds(out.body(), sends);
    sends.removeIf(r -> r.op() != Op.SEND);
    assertEquals(List.of("0 i:1000", "1,2 a|b:[1: 2000.0, 2: 30000.0]"), sends.stream()
        .map(r -> r.ranks() + " " + r.compute().stream().map(c -> c.after() + ":"
            + (c.classes().isEmpty() ? String.valueOf((long) c.time().total())
            : c.classes().stream().map(k -> k.ranks() + ": " + k.time().total()).toList()))
            .collect(java.util.stream.Collectors.joining(" "))).toList());
    assertEquals(34_717, total(out, false), 1e-9);
  }

  private static int rsdCount(CompressedTrace t) {
    List<Rsd> l = new ArrayList<>();
    Traces.rsds(t.body(), l);
    return l.size();
  }

  /** The trace's compute time, or its MPI time, in all: count times mean, summed. */
  private static double total(CompressedTrace t, boolean mpi) {
    List<Rsd> l = new ArrayList<>();
    Traces.rsds(t.body(), l);
    return l.stream().mapToDouble(r -> mpi ? r.duration().total() : r.computeTotal()).sum();
  }

  private static void collect(List<Node> nodes, List<Rsd> out) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        collect(l.body(), out);
      } else if (((Rsd) n).op().isCollective() || ((Rsd) n).op() == Op.FINALIZE) {
        out.add((Rsd) n);
      }
    }
  }
}
