package org.benchgen.cli;

import static org.benchgen.cli.SampleTraces.N;
import static org.benchgen.cli.SampleTraces.assertCalls;
import static org.benchgen.cli.SampleTraces.cb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.benchgen.align.Alignment;
import org.benchgen.align.CollectiveAligner;
import org.benchgen.cli.SampleTraces.Traced;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.resolve.Resolution;
import org.benchgen.resolve.WildcardResolver;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.testing.Calls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * End to end on real MPI: builds the programs of samples/mpi, runs them at 4 ranks under
 * {@code benchgen trace} (Open MPI; one C and one Fortran program under MPICH too), compresses the
 * streams, and checks the structure and the per-rank calls and bytes against numbers computed here
 * from each program's parameters (the formulas follow the comment at the top of each program).
 * The calls beyond regular SPMD codes (issue 17) are MpiCallsIntegrationTest's. MPI must be
 * installed: without it these tests fail, they do not skip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TracerIntegrationTest {
  private SampleTraces samples;

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    samples = new SampleTraces(tmp);
  }

  // ------------------------------------------------------------------------------- the programs

  @Test
  void ringIsOneLoopOfThreeRsdsOnAllRanks() throws Exception {
    int iters = 40;
    int count = 512;
    Traced t = trace("openmpi", "ring", iters, count);
    long bytes = (long) iters * count * 8;
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.IRECV, cb(iters, bytes),
          Op.ISEND, cb(iters, bytes), Op.WAITALL, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
      assertEquals(Map.of((r + 1) % N, bytes), t.stats().rank(r).sentTo(), "rank " + r);
    }
    List<Node> body = t.trace().body();
    assertEquals(List.of(Op.INIT, "loop", Op.FINALIZE), shape(body), "top level");
    Loop loop = (Loop) body.get(1);
    assertAllRanks(loop);
    for (int r = 0; r < N; r++) {
      assertEquals(iters, loop.tripsOn(r).orElseThrow(), "trips on rank " + r);
    }
    assertEquals(List.of(Op.IRECV, Op.ISEND, Op.WAITALL), shape(loop.body()));
    for (Node n : loop.body()) {
      assertAllRanks(n);
    }
  }

  @Test
  void stencil2dWithEdges() throws Exception {
    int iters = 20;
    int count = 100;
    Traced t = trace("openmpi", "stencil2d", iters, count);
    // 4 ranks: a 2x2 grid without wrap-around, so every rank is a corner with 2 neighbours.
    long halo = (long) iters * 2 * count * 8;
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.IRECV, cb(2L * iters, halo),
          Op.ISEND, cb(2L * iters, halo), Op.WAITALL, cb(iters, 0),
          Op.ALLREDUCE, cb(iters, iters * 8L), Op.FINALIZE, cb(1, 0)));
      // x = r % 2, y = r / 2: the east/west neighbour is r ^ 1, the north/south one r ^ 2.
      assertEquals(Map.of(r ^ 1, iters * count * 8L, r ^ 2, iters * count * 8L),
          t.stats().rank(r).sentTo(), "rank " + r);
    }
    assertEquals(List.of(Op.INIT, "loop", Op.FINALIZE), shape(t.trace().body()));
  }

  @Test
  void nestedLoopsNest() throws Exception {
    int iters = 12;
    int count = 32;
    Traced t = trace("openmpi", "nested_loops", iters, count);
    long bytes = (long) iters * (5L * count * 4 + 10L * 2 * count * 4);
    for (int r = 0; r < N; r++) {
      Op p2p = r % 2 == 0 ? Op.SEND : Op.RECV;
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), p2p, cb(15L * iters, bytes),
          Op.BARRIER, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
    }
    // loop iters { loop 5 {Send | Recv}, loop 10 {Send | Recv}, Barrier }
    Loop outer = (Loop) t.trace().body().get(1);
    assertEquals(iters, outer.tripsOn(0).orElseThrow());
    List<Long> inner = new ArrayList<>();
    for (Node n : outer.body()) {
      if (n instanceof Loop l) {
        inner.add(l.tripsOn(0).orElseThrow());
        assertTrue(l.body().stream().allMatch(x -> x instanceof Rsd),
            "inner loops hold the point-to-point calls");
      }
    }
    assertEquals(List.of(5L, 10L), inner, "inner loop trip counts");
  }

  @Test
  void sameCollectiveFromDifferentCallSites() throws Exception {
    int iters = 15;
    Traced t = trace("openmpi", "split_collectives", iters);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.ALLREDUCE, cb(iters, iters * 8L),
          Op.BARRIER, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
    }
    // Before alignment the Allreduce stays two RSDs: sites differ between even and odd ranks.
    Map<String, Set<Integer>> sites = new TreeMap<>();
    forEachRsd(t.trace().body(), rsd -> {
      if (rsd.op() == Op.ALLREDUCE) {
        sites.computeIfAbsent(rsd.site(), k -> new TreeSet<>()).addAll(rsd.ranks().stream()
            .boxed().toList());
      }
    });
    assertEquals(Set.of(Set.of(0, 2), Set.of(1, 3)), new HashSet<>(sites.values()));
    // Aligned, it is one Allreduce RSD of all ranks, and every rank's calls and bytes are kept.
    Alignment.Aligned a = (Alignment.Aligned) new CollectiveAligner(t.trace()).align();
    List<Rsd> allreduces = new ArrayList<>();
    forEachRsd(a.trace().body(), rsd -> {
      if (rsd.op() == Op.ALLREDUCE) {
        allreduces.add(rsd);
      }
    });
    assertEquals(1, allreduces.size());
    assertEquals(N, allreduces.get(0).ranks().size());
    assertEquals(t.stats().rows(), TraceStats.of(a.trace(), n -> { }).rows());
  }

  @Test
  void wildcardReceivesRecordTheActualSource() throws Exception {
    int iters = 10;
    int count = 16;
    Traced t = trace("openmpi", "wildcard", iters, count);
    long msg = count * 4L;
    assertCalls(t.stats(), 0, Map.of(Op.INIT, cb(1, 0), Op.RECV, cb(3L * iters, 3 * iters * msg),
        Op.SEND, cb(3L * iters, 3 * iters * msg), Op.FINALIZE, cb(1, 0)));
    for (int r = 1; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.SEND, cb(iters, iters * msg),
          Op.RECV, cb(iters, iters * msg), Op.FINALIZE, cb(1, 0)));
    }
    // Rank 0 heard exactly `iters` messages from each worker, with tag = the worker's rank.
    Map<Long, Integer> bySource = new TreeMap<>();
    for (RawEvent e : events(t.dir(), 0)) {
      if (e.op() == Op.RECV) {
        assertEquals(e.get(Field.ASRC), e.get(Field.ATAG), "tag is the sender's rank");
        bySource.merge(e.get(Field.ASRC), 1, Integer::sum);
      }
    }
    assertEquals(Map.of(1L, iters, 2L, iters, 3L, iters), bySource);
    // Resolved, the receives name exactly the recorded sources; the run had no deadlock.
    Resolution.Resolved res = (Resolution.Resolved) new WildcardResolver(t.trace(), false).resolve();
    assertEquals(3L * iters, res.resolved());
    List<Long> recorded = new ArrayList<>();
    for (RawEvent e : events(t.dir(), 0)) {
      if (e.op() == Op.RECV) {
        recorded.add(e.get(Field.ASRC));
      }
    }
    List<Long> written = new ArrayList<>();
    new Expander(res.trace()).expand(0, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent e) {
        if (e.op() == Op.RECV) {
          written.add(e.get(Field.SRC));
        }
      }
    });
    assertEquals(recorded, written);
  }

  @Test
  void commSplitDefinesCommunicatorsByWorldRanks() throws Exception {
    int iters = 6;
    int count = 64;
    Traced t = trace("openmpi", "comm_split", iters, count);
    for (int r = 0; r < N; r++) {
      int others = r == 0 ? 0 : 1; // rank 0 gets MPI_COMM_NULL from the last split
      assertCalls(t.stats(), r, Map.ofEntries(Map.entry(Op.INIT, cb(1, 0)),
          Map.entry(Op.COMM_SPLIT, cb(3, 0)), Map.entry(Op.COMM_DUP, cb(1, 0)),
          Map.entry(Op.BCAST, cb(iters, (long) iters * count * 8)),
          Map.entry(Op.ALLREDUCE, cb(iters + 1, iters * 8L + 4)),
          Map.entry(Op.BARRIER, cb(iters + others, 0)),
          Map.entry(Op.CART_CREATE, cb(1, 0)), Map.entry(Op.CART_SUB, cb(1, 0)),
          Map.entry(Op.COMM_FREE, cb(5 + others, 0)), Map.entry(Op.FINALIZE, cb(1, 0))));
    }
    // rows {0,1} {2,3}; columns {0,2} {1,3}; dup and cart {0..3}; cart_sub of the 2x2 grid keeping
    // dimension 0: {0,2} {1,3}; the last split {1,2,3}.
    List<List<Integer>> members = t.trace().comms().stream().map(CommDef::members)
        .sorted(java.util.Comparator.comparing(Object::toString)).toList();
    assertEquals(List.of(List.of(0, 1, 2, 3), List.of(0, 1, 2, 3), List.of(0, 1), List.of(0, 2),
        List.of(0, 2), List.of(1, 2, 3), List.of(1, 3), List.of(1, 3), List.of(2, 3)), members);
    // Communicators with the same members are still told apart (a dup is not the world).
    assertEquals(9, t.trace().comms().stream().map(CommDef::id).distinct().count());
  }

  @ParameterizedTest
  @ValueSource(strings = {"openmpi", "mpich"})
  void commDupWithInfoIsRecordedWithItsCommunicators(String flavour) throws Exception {
    // samples/mpi/comm_dup_info: a dup with info of the world, used, and a dup of that one.
    int iters = 3;
    int count = 8;
    Traced t = trace(flavour, "comm_dup_info", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.COMM_DUP_WITH_INFO, cb(2, 0),
          Op.SENDRECV, cb(iters, (long) iters * count * 8), Op.ALLREDUCE, cb(iters, iters * 8L),
          Op.BARRIER, cb(1, 0), Op.COMM_FREE, cb(2, 0), Op.FINALIZE, cb(1, 0)));
    }
    // Two communicators of all four ranks, told apart.
    assertEquals(List.of(List.of(0, 1, 2, 3), List.of(0, 1, 2, 3)), t.trace().comms().stream()
        .map(CommDef::members).toList());
    assertEquals(2, t.trace().comms().stream().map(CommDef::id).distinct().count());
  }

  @ParameterizedTest
  @ValueSource(strings = {"openmpi", "mpich"})
  void commIdupIsRecordedWithItsRequestAndCommunicators(String flavour) throws Exception {
    // samples/mpi/comm_idup: an idup of the world completed by MPI_Wait, two of that one by one
    // MPI_Waitall.
    int iters = 3;
    int count = 8;
    Traced t = trace(flavour, "comm_idup", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.ofEntries(Map.entry(Op.INIT, cb(1, 0)),
          Map.entry(Op.COMM_IDUP, cb(3, 0)), Map.entry(Op.WAIT, cb(1, 0)),
          Map.entry(Op.WAITALL, cb(1, 0)),
          Map.entry(Op.SENDRECV, cb(iters, (long) iters * count * 8)),
          Map.entry(Op.ALLREDUCE, cb(iters + 1, (iters + 1) * 8L)),
          Map.entry(Op.BARRIER, cb(2, 0)), Map.entry(Op.COMM_FREE, cb(3, 0)),
          Map.entry(Op.FINALIZE, cb(1, 0))));
    }
    // Three communicators of all four ranks, told apart.
    assertEquals(3, t.trace().comms().stream().filter(c -> c.members().equals(List.of(0, 1, 2,
        3))).map(CommDef::id).distinct().count());
  }

  @ParameterizedTest
  @ValueSource(strings = {"openmpi", "mpich"})
  void commCreateGroupIsRecordedByItsGroupAlone(String flavour) throws Exception {
    // samples/mpi/comm_create_group: the even ranks make a communicator of theirs, the odd
    // ones never call it; then a dup of the world, which all ranks must name alike.
    int iters = 4;
    Traced t = trace(flavour, "comm_create_group", iters);
    for (int r = 0; r < N; r++) {
      Map<Op, long[]> want = new HashMap<>(Map.of(Op.INIT, cb(1, 0), Op.COMM_DUP, cb(1, 0),
          Op.BARRIER, cb(1, 0), Op.COMM_FREE, cb(r % 2 == 0 ? 2 : 1, 0), Op.FINALIZE,
          cb(1, 0)));
      if (r % 2 == 0) {
        want.put(Op.COMM_CREATE_GROUP, cb(1, 0));
        want.put(Op.ALLREDUCE, cb(iters, iters * 4L));
      }
      assertCalls(t.stats(), r, want);
    }
    assertEquals(List.of(List.of(0, 1, 2, 3), List.of(0, 2)), t.trace().comms().stream()
        .map(CommDef::members).sorted(java.util.Comparator.comparing(Object::toString))
        .toList());
  }

  @Test
  void vCollectivesAndInPlace() throws Exception {
    int iters = 3;
    int c = 4;
    Traced t = trace("openmpi", "vcollectives", iters, c);
    long total = c * (long) N * (N + 1) / 2; // the sum of all blocks (j+1)*c
    for (int r = 0; r < N; r++) {
      long block = (r + 1L) * c;
      long alltoall = 0;
      for (int j = 0; j < N; j++) {
        alltoall += (long) (r + j + 1) * c;
      }
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.GATHERV, cb(iters, iters * block * 4),
          Op.SCATTERV, cb(iters, r == 0 ? iters * total * 4 : 0),
          Op.ALLGATHERV, cb(iters, iters * block * 4),
          Op.ALLTOALLV, cb(iters, iters * alltoall * 4),
          Op.REDUCE_SCATTER, cb(iters, iters * total * 4),
          Op.ALLREDUCE, cb(iters, iters * c * 4L), // MPI_IN_PLACE: still c ints contributed
          Op.GATHER, cb(iters, iters * c * 4L),    // the root's in-place block counts as sent
          Op.FINALIZE, cb(1, 0)));
    }
  }

  @Test
  void nonblockingCollective() throws Exception {
    int iters = 10;
    int count = 32;
    Traced t = trace("openmpi", "nonblocking_coll", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.IALLREDUCE, cb(iters, (long) iters * count * 8), Op.IBARRIER, cb(iters, 0),
          Op.TEST, cb(iters, 0), Op.WAITALL, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
    }
  }

  @Test
  void edgeCases() throws Exception {
    int reps = 2;
    int count = 8;
    Traced t = trace("openmpi", "edge_cases", reps, count);
    long ints = count * 4L;
    for (int r = 0; r < N; r++) {
      // Per repetition (see edge_cases.c): A Send+Recv with PROC_NULL (0 B); B 2 Isend to
      // PROC_NULL (0 B) + Waitall; C Isend+Recv to self + Waitall; E Sendrecv; F
      // Sendrecv_replace; G Send_init, Recv_init, 2x (Startall moving 2 x count ints, Waitall),
      // 2 Request_free. D adds on rank 0: Isend, Send 0 B, Send 40 B, Waitall; on rank 1: Recv
      // 0 B, Recv 40 B, Iprobe (1 or more), Probe, Recv count ints.
      Map<Op, long[]> want = new HashMap<>(Map.of(
          Op.SEND, cb(reps * (1L + (r == 0 ? 2 : 0)), reps * (r == 0 ? 40L : 0)),
          Op.RECV, cb(reps * (2L + (r == 1 ? 3 : 0)), reps * (ints + (r == 1 ? 40 + ints : 0))),
          Op.ISEND, cb(reps * (3L + (r == 0 ? 1 : 0)), reps * (ints + (r == 0 ? ints : 0))),
          Op.WAITALL, cb(reps * (4L + (r == 0 ? 1 : 0)), 0),
          Op.SENDRECV, cb(reps, reps * ints), Op.SENDRECV_REPLACE, cb(reps, reps * ints),
          Op.SEND_INIT, cb(reps, 0), Op.RECV_INIT, cb(reps, 0),
          Op.STARTALL, cb(2L * reps, 2L * reps * 2 * ints), Op.REQUEST_FREE, cb(2L * reps, 0)));
      want.put(Op.INIT, cb(1, 0));
      want.put(Op.FINALIZE, cb(1, 0));
      if (r == 1) {
        long iprobes = t.stats().rank(1).byOp().getOrDefault(Op.IPROBE, cb(0, 0))[0];
        assertTrue(iprobes >= reps, "Iprobe polls until found: at least once a repetition");
        want.put(Op.IPROBE, cb(iprobes, 0));
        want.put(Op.PROBE, cb(reps, 0));
      }
      assertCalls(t.stats(), r, want);
    }
    // Open MPI hands out one handle for both PROC_NULL sends: still two requests, both completed.
    for (RawEvent e : events(t.dir(), 2)) {
      if (e.op() == Op.WAITALL && e.list(Field.REQS).length == 2) {
        long[] reqs = e.list(Field.REQS);
        assertNotEquals(reqs[0], reqs[1], "distinct ids for a reused handle");
      }
    }
  }

  @Test
  void fortranRingUnderOpenMpi() throws Exception {
    assertFortranRing(trace("openmpi", "ring_f90", 30, 256), 30, 256);
  }

  @Test
  void fortranRingUnderMpich() throws Exception {
    assertFortranRing(trace("mpich", "ring_f90", 30, 256), 30, 256);
  }

  @Test
  void ringUnderMpichMatchesOpenMpi() throws Exception {
    Traced a = trace("mpich", "ring", 25, 128);
    Traced b = trace("openmpi", "ring", 25, 128);
    assertEquals(b.stats().rows(), a.stats().rows(), "same calls and bytes on both implementations");
    assertEquals(shape(b.trace().body()), shape(a.trace().body()));
  }

  private void assertFortranRing(Traced t, int iters, int count) {
    long bytes = (long) iters * count * 8;
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.BCAST, cb(1, count * 8L),
          Op.IRECV, cb(iters, bytes), Op.ISEND, cb(iters, bytes), Op.WAITALL, cb(iters, 0),
          Op.ALLREDUCE, cb(iters, iters * 8L), Op.FINALIZE, cb(1, 0)));
    }
    Loop loop = (Loop) t.trace().body().stream().filter(n -> n instanceof Loop).findFirst()
        .orElseThrow();
    assertEquals(iters, loop.tripsOn(0).orElseThrow());
  }

  // ------------------------------------------------------------------------------------ running

  private Traced trace(String flavour, String program, int... args) throws Exception {
    return samples.trace(flavour, program, args);
  }

  private static List<RawEvent> events(Path dir, int rank) throws IOException {
    return Calls.events(TraceDirectory.open(dir).rankFiles().get(rank), new SymbolTable());
  }

  // --------------------------------------------------------------------------------- assertions

  /** The nodes as ops, with "loop" for loops. */
  private static List<Object> shape(List<Node> nodes) {
    return nodes.stream().map(n -> n instanceof Rsd r ? (Object) r.op() : "loop").toList();
  }

  private static void assertAllRanks(Node n) {
    int[] ranks = n instanceof Rsd r ? r.ranks().toArray() : ((Loop) n).ranks().toArray();
    assertArrayEquals(new int[] {0, 1, 2, 3}, ranks, "on all ranks: " + n);
  }

  private static void forEachRsd(List<Node> nodes, java.util.function.Consumer<Rsd> f) {
    for (Node n : nodes) {
      if (n instanceof Rsd r) {
        f.accept(r);
      } else {
        forEachRsd(assertInstanceOf(Loop.class, n).body(), f);
      }
    }
  }
}
