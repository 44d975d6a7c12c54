package org.benchgen.cli;

import static org.benchgen.cli.SampleTraces.N;
import static org.benchgen.cli.SampleTraces.assertCalls;
import static org.benchgen.cli.SampleTraces.cb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.cli.SampleTraces.Traced;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.testing.Calls;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MPI calls beyond regular SPMD codes (issue 17), traced on real MPI from the programs of
 * samples/mpi at 4 ranks: each program's per-rank calls and bytes against numbers worked out by
 * hand from the comment at its top (samples/mpi/README.md), and what each call records. MPI must
 * be installed: without it these tests fail, they do not skip.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MpiCallsIntegrationTest {
  private SampleTraces samples;

  @BeforeAll
  void buildSamples(@TempDir Path tmp) throws Exception {
    samples = new SampleTraces(tmp);
  }

  /**
   * The Fortran bindings record what the C ones do (both generated from one signature table):
   * collectives.f90 makes through mpi_xxx_ the calls that collectives.c makes through MPI_Xxx,
   * each of the 22 collectives once blocking and once nonblocking, and every rank makes the same
   * calls with the same bytes per MPI function in both.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void fortranCollectivesRecordWhatTheCOnesDo(String flavour) throws Exception {
    TraceStats c = samples.trace(flavour, "collectives").stats();
    TraceStats f = samples.trace(flavour, "collectives_f90").stats();
    assertEquals(c.rows(), f.rows());
    for (int r = 0; r < N; r++) {
      Map<Op, long[]> calls = f.rank(r).byOp();
      List<Op> collectives = calls.keySet().stream().filter(Op::isCollective).toList();
      assertEquals(44, collectives.size(), collectives.toString());
      for (Op op : collectives) {
        assertEquals(1, calls.get(op)[0], op + " on rank " + r);
      }
    }
  }

  /**
   * MPI_Alltoallw's counts in bytes, a datatype per peer (samples/mpi/README.md): to peer j,
   * (r+j)%3+1 elements of 4, 8 or 6 bytes for j%3 = 0, 1, 2; in place, as many 4-byte ints.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void alltoallwCountsBytesPerPeer(String flavour) throws Exception {
    int iters = 3;
    int[] size = {4, 8, 6};
    Traced t = samples.trace(flavour, "alltoallw", iters);
    for (int r = 0; r < N; r++) {
      long typed = 0;
      long ints = 0;
      for (int j = 0; j < N; j++) {
        typed += ((r + j) % 3 + 1L) * size[j % 3];
        ints += ((r + j) % 3 + 1L) * 4;
      }
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.ALLTOALLW, cb(2L * iters, iters * (typed + ints)),
          Op.IALLTOALLW, cb(iters, iters * typed), Op.WAIT, cb(iters, 0),
          Op.FINALIZE, cb(1, 0)));
    }
  }

  /**
   * Neighbourhood collectives, bytes as samples/mpi/README.md gives them by hand (the send side:
   * one block, or the sum of the per-neighbour counts; Alltoallw's in bytes), and the neighbours
   * each graph's creation records: the adjacent ring's r-1, r+1 in, r+1, r-1 out.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void neighbourhoodCollectivesCountPerNeighbour(String flavour) throws Exception {
    int iters = 3;
    int c = 16;
    Traced t = samples.trace(flavour, "neighbors", iters, c);
    for (int r = 0; r < N; r++) {
      long alltoallv = (r + (r + 1) % N + 1) + (r + (r - 1 + N) % N + 1);
      long alltoallw = 0;
      for (int d : new int[] {(r + 1) % N, (r + 2) % N}) {
        alltoallw += c * (d % 2 == 1 ? 8L : 4L);
      }
      Map<Op, long[]> want = new HashMap<>();
      want.putAll(Map.of(Op.INIT, cb(1, 0), Op.CART_CREATE, cb(1, 0),
          Op.DIST_GRAPH_CREATE_ADJACENT, cb(1, 0), Op.DIST_GRAPH_CREATE, cb(1, 0),
          Op.GRAPH_CREATE, cb(1, 0), Op.COMM_FREE, cb(4, 0), Op.FINALIZE, cb(1, 0),
          Op.WAIT, cb(3L * iters, 0)));
      want.putAll(Map.of(Op.NEIGHBOR_ALLGATHER, cb(iters, iters * 4L * c),
          Op.NEIGHBOR_ALLTOALL, cb(2L * iters, 2L * iters * 4 * c),
          Op.NEIGHBOR_ALLGATHERV, cb(iters, iters * (r + 1L) * c * 4),
          Op.INEIGHBOR_ALLTOALLV, cb(iters, iters * alltoallv * 4),
          Op.NEIGHBOR_ALLTOALLW, cb(iters, iters * alltoallw),
          Op.INEIGHBOR_ALLGATHER, cb(iters, iters * 8L * c),
          Op.INEIGHBOR_ALLTOALLW, cb(iters, iters * 2L * 4 * c)));
      assertCalls(t.stats(), r, want);
      List<String> lines = Files.readAllLines(t.dir().resolve("rank-" + r + ".trace"));
      String adjacent = lines.stream().filter(l -> l.startsWith("MPI_Dist_graph_create_adjacent"))
          .findFirst().orElseThrow();
      int before = (r - 1 + N) % N;
      int after = (r + 1) % N;
      assertTrue(adjacent.contains(" sources=" + before + "," + after + " dests=" + after + ","
          + before), adjacent);
    }
  }

  /**
   * MPI_Reduce_local and the Bsend buffer's size, as local_calls makes them: (i%3+1) times
   * 4*count plus MPI_BSEND_OVERHEAD (128 in Open MPI 4.1's mpi.h, 96 in MPICH 4.0's).
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void localCallsAndBufferSizes(String flavour) throws Exception {
    int iters = 4;
    int count = 256;
    long overhead = flavour.equals("openmpi") ? 128 : 96;
    Traced t = samples.trace(flavour, "local_calls", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0), Op.REDUCE_LOCAL, cb(2L * iters, 0),
          Op.BUFFER_ATTACH, cb(iters, 0), Op.BUFFER_DETACH, cb(iters, 0),
          Op.BSEND, cb(iters, iters * 4L * count), Op.RECV, cb(iters, iters * 4L * count),
          Op.FINALIZE, cb(1, 0)));
      List<String> want = new ArrayList<>();
      for (int i = 0; i < iters; i++) {
        long size = (i % 3 + 1) * (4L * count + overhead);
        want.add("MPI_Buffer_attach bytes=" + size);
        want.add("MPI_Buffer_detach bytes=" + size);
      }
      assertEquals(want, Files.readAllLines(t.dir().resolve("rank-" + r + ".trace")).stream()
          .filter(l -> l.startsWith("MPI_Buffer_"))
          .map(l -> l.substring(0, l.indexOf(' ')) + l.substring(l.indexOf(" bytes=")))
          .toList());
      assertTrue(Files.readString(t.dir().resolve("rank-" + r + ".trace")).contains(
          "MPI_Reduce_local") && Files.readAllLines(t.dir().resolve("rank-" + r + ".trace"))
          .stream().filter(l -> l.startsWith("MPI_Reduce_local")).allMatch(l ->
              l.endsWith(" count=" + count + " type=MPI_DOUBLE tsize=8 op=MPI_SUM")
              || l.endsWith(" count=" + count / 2 + " type=MPI_DOUBLE_INT tsize=12 ext=16"
                  + " op=MPI_MINLOC")));
    }
  }

  /**
   * MPI_Cancel with its outcome (samples/mpi/cancel.c): per iteration a receive never sent to
   * (cancelled: cancel=1 on the Cancel and on the receive, bytes=0), one already matched by a
   * synchronous send (cancel=0, its 4*count bytes), and a wildcard one (cancelled).
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void cancelledReceivesSaySo(String flavour) throws Exception {
    int iters = 3;
    int count = 64;
    Traced t = samples.trace(flavour, "cancel", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.IRECV, cb(3L * iters, iters * 4L * count), Op.TEST, cb(iters, 0),
          Op.CANCEL, cb(3L * iters, 0), Op.WAIT, cb(3L * iters, 0),
          Op.SSEND, cb(iters, iters * 4L * count), Op.BARRIER, cb(2L * iters, 0),
          Op.SENDRECV, cb(iters, iters * 4L * count), Op.FINALIZE, cb(1, 0)));
      List<String> lines = Files.readAllLines(t.dir().resolve("rank-" + r + ".trace"));
      List<String> outcomes = lines.stream().filter(l -> l.startsWith("MPI_Cancel"))
          .map(l -> l.substring(l.indexOf(" cancel="))).toList();
      List<String> want = new ArrayList<>();
      for (int i = 0; i < iters; i++) {
        want.addAll(List.of(" cancel=1", " cancel=0", " cancel=1"));
      }
      assertEquals(want, outcomes);
      assertEquals(2L * iters, lines.stream().filter(l -> l.startsWith("MPI_Irecv")
          && l.endsWith(" bytes=0 cancel=1")).count());
    }
  }

  /**
   * Matched probes (samples/mpi/mprobe.c): per iteration, one MPI_Improbe that found its message
   * (after any number that did not), three MPI_Mprobe (one of MPI_PROC_NULL), and the receives
   * naming their message by age: 0 (the Improbe's), 1 (the older of two probed), 0, 0 (the
   * MPI_MESSAGE_NO_PROC); bytes counted at the receives.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void matchedProbesNameTheirMessages(String flavour) throws Exception {
    int iters = 2;
    int count = 32;
    Traced t = samples.trace(flavour, "mprobe", iters, count);
    for (int r = 0; r < N; r++) {
      List<String> lines = Files.readAllLines(t.dir().resolve("rank-" + r + ".trace"));
      long polls = lines.stream().filter(l -> l.startsWith("MPI_Improbe")).count();
      assertEquals(iters, lines.stream().filter(l -> l.startsWith("MPI_Improbe")
          && l.contains(" flag=1")).count());
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.ISEND, cb(3L * iters, iters * 4L * (3 * count + 3)), Op.IMPROBE, cb(polls, 0),
          Op.MPROBE, cb(3L * iters, 0), Op.MRECV, cb(3L * iters, iters * 4L * (2 * count + 1)),
          Op.IMRECV, cb(iters, iters * 4L * (count + 2)), Op.WAIT, cb(iters, 0),
          Op.WAITALL, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
      List<String> ages = lines.stream().filter(l -> l.startsWith("MPI_Mrecv")
          || l.startsWith("MPI_Imrecv")).map(l -> l.replaceAll(".* msg=(\\d+).*", "$1"))
          .toList();
      List<String> want = new ArrayList<>();
      for (int i = 0; i < iters; i++) {
        want.addAll(List.of("0", "1", "0", "0"));
      }
      assertEquals(want, ages);
    }
  }

  /**
   * MPI-4's nonblocking send-receives under MPICH (samples/mpi/isendrecv.c): the send side's
   * bytes, their requests completed by one Waitall, and nothing from their statuses (MPICH
   * 4.0.2's are wrong: a source of 0 and 0 bytes).
   */
  @Test
  void nonblockingSendReceivesUnderMpich() throws Exception {
    int iters = 3;
    int count = 64;
    Traced t = samples.trace("mpich", "isendrecv", iters, count);
    for (int r = 0; r < N; r++) {
      assertCalls(t.stats(), r, Map.of(Op.INIT, cb(1, 0),
          Op.ISENDRECV, cb(iters, iters * 4L * count),
          Op.ISENDRECV_REPLACE, cb(iters, iters * 4L * (count + 1)),
          Op.WAITALL, cb(iters, 0), Op.FINALIZE, cb(1, 0)));
      assertTrue(Files.readAllLines(t.dir().resolve("rank-" + r + ".trace")).stream()
          .filter(l -> l.startsWith("MPI_Isendrecv")).noneMatch(l -> l.contains(" bytes=")
              || l.contains(" asrc=")));
    }
  }

  /**
   * MPI-4's persistent collectives (samples/mpi/persistent_coll.c; Open MPI 4.1's MPIX_ ones,
   * recorded by the same names): each _init once, counting no bytes; per iteration what each
   * start moves, by hand from the program's comment: Allreduce 16 and Bcast 64 (one Startall),
   * Alltoallv 4 n(n+1)/2, Gatherv 4 (r+1), Barrier 0, Neighbor_allgather 8 (four Starts).
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void persistentCollectivesCountAtEachStart(String flavour) throws Exception {
    int iters = 3;
    Traced t = samples.trace(flavour, "persistent_coll", iters);
    for (int r = 0; r < N; r++) {
      Map<Op, long[]> want = new HashMap<>(Map.of(Op.INIT, cb(1, 0), Op.CART_CREATE, cb(1, 0),
          Op.STARTALL, cb(iters, iters * (16L + 64)),
          Op.START, cb(4L * iters, iters * (4L * N * (N + 1) / 2 + 4L * (r + 1) + 8)),
          Op.WAITALL, cb(iters, 0), Op.WAIT, cb(4L * iters, 0), Op.REQUEST_FREE, cb(6, 0),
          Op.COMM_FREE, cb(1, 0), Op.FINALIZE, cb(1, 0)));
      for (Op init : List.of(Op.ALLREDUCE_INIT, Op.BCAST_INIT, Op.ALLTOALLV_INIT,
          Op.GATHERV_INIT, Op.BARRIER_INIT, Op.NEIGHBOR_ALLGATHER_INIT)) {
        want.put(init, cb(1, 0));
      }
      assertCalls(t.stats(), r, want);
    }
  }

  /**
   * MPI-4's large-count forms (samples/mpi/large_count.c) under MPICH 4, recorded under their own
   * names (MPI_Send_c apart from MPI_Send), and the same program's int forms under Open MPI 4.1,
   * which has none. By hand from the program's comment, n = 4, per iteration: Sendrecv, Bcast and
   * Allreduce of count doubles, Isend and Irecv of count ints, Alltoallv of p + 1 ints to each
   * rank p (4 n(n+1)/2 bytes), Iallgatherv of r + 1 doubles; once a Bsend and a Recv of count
   * ints; the buffer calls, Reduce_local and the waits move none.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void largeCountFormsAreRecordedUnderTheirNames(String flavour) throws Exception {
    int iters = 3;
    int count = 4;
    Traced t = samples.trace(flavour, "large_count", iters, count);
    String c = flavour.equals("mpich") ? "_c" : "";
    for (int r = 0; r < N; r++) {
      Map<String, long[]> want = new HashMap<>(Map.of("MPI_Init", cb(1, 0),
          "MPI_Finalize", cb(1, 0), "MPI_Waitall", cb(iters, 0), "MPI_Wait", cb(iters, 0),
          "MPI_Sendrecv" + c, cb(iters, iters * 8L * count),
          "MPI_Isend" + c, cb(iters, iters * 4L * count),
          "MPI_Irecv" + c, cb(iters, iters * 4L * count),
          "MPI_Bcast" + c, cb(iters, iters * 8L * count),
          "MPI_Allreduce" + c, cb(iters, iters * 8L * count),
          "MPI_Alltoallv" + c, cb(iters, iters * 4L * N * (N + 1) / 2)));
      want.putAll(Map.of("MPI_Iallgatherv" + c, cb(iters, iters * 8L * (r + 1)),
          "MPI_Reduce_local" + c, cb(iters, 0), "MPI_Buffer_attach" + c, cb(1, 0),
          "MPI_Bsend" + c, cb(1, 4L * count), "MPI_Recv" + c, cb(1, 4L * count),
          "MPI_Buffer_detach" + c, cb(1, 0)));
      SampleTraces.assertCallForms(t.stats(), r, want);
    }
  }

  /**
   * A datatype's extent and lower bound (samples/mpi/derived_types.c): its Sendrecv sends a
   * column, MPI_Type_vector(count, 1, 4, MPI_DOUBLE) (8 count bytes of data in an extent of
   * 8 (4 (count - 1) + 1), lower bound 0: not recorded), and receives it resized to a lower bound
   * of -8 and an extent 16 bytes larger.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void extentsAndLowerBoundsAreRecorded(String flavour) throws Exception {
    int count = 8;
    long extent = 8L * (4 * (count - 1) + 1);
    Traced t = samples.trace(flavour, "derived_types", 2, count);
    for (int r = 0; r < N; r++) {
      List<RawEvent> sendrecvs = Calls.events(TraceDirectory.open(t.dir()).rankFiles().get(r),
          new SymbolTable()).stream().filter(e -> e.op() == Op.SENDRECV).toList();
      assertEquals(2, sendrecvs.size());
      for (RawEvent e : sendrecvs) {
        assertEquals(List.of(8L * count, extent, 8L * count, extent + 16, -8L),
            List.of(e.get(Field.TSIZE), e.get(Field.EXT), e.get(Field.RTSIZE),
                e.get(Field.REXT), e.get(Field.RLB)), "rank " + r);
        assertTrue(!e.isPresent(Field.LB), "rank " + r);
      }
    }
  }
}
