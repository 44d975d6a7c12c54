package org.benchgen.expand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.HandWrittenTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.RawTraceWriter;
import org.junit.jupiter.api.Test;

class ExpanderTest {
  /**
   * 3 ranks; communicator 1 is world ranks (2, 0), communicator 2 rank 1 alone. A loop of 2
   * iterations: a barrier, then an allreduce of ranks 0 and 2. The barrier's compute depends on
   * the previous call: Init, the allreduce (ranks 0 and 2) or the barrier itself (rank 1).
   */
  private static final CompressedTrace TRACE = HandWrittenTrace.read(
      "benchgen-compressed 1",
      "world 3",
      "comm 1 members=2,0",
      "comm 2 members=1",
      "MPI_Init site=m.c:1",
      "    duration n=3 min=10 max=10 mean=10.0 sd=0.0 bins=4:3",
      "loop trips=2 {",
      "  MPI_Barrier site=m.c:2 comm=0",
      "      compute after=m.c:1 n=3 min=100 max=100 mean=100.0 sd=0.0 bins=7:3",
      "      compute after=m.c:3 n=2 min=40 max=40 mean=40.0 sd=0.0 bins=6:2",
      "      compute after=m.c:2 n=1 min=25 max=25 mean=25.0 sd=0.0 bins=5:1",
      "      duration n=6 min=6 max=6 mean=6.0 sd=0.0 bins=3:6",
      "  MPI_Allreduce site=m.c:3 ranks=0,2 comm=1 count=2 type=MPI_DOUBLE tsize=8 op=MPI_SUM",
      "      compute after=m.c:2 n=4 min=300 max=300 mean=300.0 sd=0.0 bins=9:4",
      "      duration n=4 min=50 max=50 mean=50.0 sd=0.0 bins=6:4",
      "}",
      "MPI_Finalize site=m.c:9",
      "    compute after=m.c:3 n=2 min=70 max=70 mean=70.0 sd=0.0 bins=7:2",
      "    compute after=m.c:2 n=1 min=20 max=20 mean=20.0 sd=0.0 bins=5:1",
      "    duration n=3 min=30 max=30 mean=30.0 sd=0.0 bins=5:3");

  /** What the expander hands the sink for {@code rank}, in order, as stream lines. */
  private static List<String> expand(CompressedTrace t, int rank) {
    List<String> out = new ArrayList<>();
    new Expander(t).expand(rank, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {
        out.add("comm id=" + id + " members=" + Arrays.stream(members)
            .mapToObj(Long::toString).collect(Collectors.joining(",")));
      }

      @Override
      public void event(RawEvent e) {
        out.add(RawTraceWriter.format(e, t.symbols()::name));
      }
    });
    return out;
  }

  @Test
  void aRanksCommunicatorsComeFirstThenItsCallsWithTimesFromTheMeans() {
    // enter = previous exit + the compute mean after the previous call's site (0 first),
    // exit = enter + the duration mean.
    assertEquals(List.of(
        "comm id=1 members=2,0",
        "MPI_Init site=m.c:1 enter=0 exit=10",
        "MPI_Barrier site=m.c:2 enter=110 exit=116 comm=0", // 10 + 100 after Init
        "MPI_Allreduce site=m.c:3 enter=416 exit=466 comm=1 count=2 type=MPI_DOUBLE tsize=8"
            + " op=MPI_SUM", // 116 + 300
        "MPI_Barrier site=m.c:2 enter=506 exit=512 comm=0", // 466 + 40 after the allreduce
        "MPI_Allreduce site=m.c:3 enter=812 exit=862 comm=1 count=2 type=MPI_DOUBLE tsize=8"
            + " op=MPI_SUM",
        "MPI_Finalize site=m.c:9 enter=932 exit=962"), // 862 + 70
        expand(TRACE, 0));
  }

  @Test
  void aRankOutsideANodesRanksSkipsItAndTakesItsOwnCallPath() {
    assertEquals(List.of(
        "comm id=2 members=1",
        "MPI_Init site=m.c:1 enter=0 exit=10",
        "MPI_Barrier site=m.c:2 enter=110 exit=116 comm=0",
        "MPI_Barrier site=m.c:2 enter=141 exit=147 comm=0", // 116 + 25 after the barrier
        "MPI_Finalize site=m.c:9 enter=167 exit=197"), // 147 + 20 after the barrier
        expand(TRACE, 1));
  }

  @Test
  void peersBecomeAbsoluteAndRequestAgesBecomeIdsInCreationOrder() {
    CompressedTrace t = HandWrittenTrace.read("benchgen-compressed 1", "world 2",
        "loop trips=2 {",
        "  MPI_Isend site=r.c:1 comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4 req=0",
        "      duration n=4 min=0 max=0 mean=0.0 sd=0.0 bins=0:4",
        "  MPI_Irecv site=r.c:2 comm=0 src=-1 tag=0 count=1 type=MPI_INT tsize=4 req=0 bytes=4",
        "      duration n=4 min=0 max=0 mean=0.0 sd=0.0 bins=0:4",
        "  MPI_Waitall site=r.c:3 reqs=[1,0]",
        "      duration n=4 min=0 max=0 mean=0.0 sd=0.0 bins=0:4",
        "}");
    // Rank 1 of 2: +1 and -1 are both rank 0. Ages [1,0]: the older request, then the newest.
    String send = "MPI_Isend site=r.c:1 enter=0 exit=0 comm=0 dest=0 tag=0 count=1"
        + " type=MPI_INT tsize=4 req=";
    String recv = "MPI_Irecv site=r.c:2 enter=0 exit=0 comm=0 src=0 tag=0 count=1 type=MPI_INT"
        + " tsize=4 req=";
    String wait = "MPI_Waitall site=r.c:3 enter=0 exit=0 reqs=";
    assertEquals(List.of(send + 1, recv + "2 bytes=4", wait + "1,2",
        send + 3, recv + "4 bytes=4", wait + "3,4"), expand(t, 1));
  }

  @Test
  void aRankOutsideTheWorldIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> expand(TRACE, 3));
    assertEquals("rank 3 outside world of 3", e.getMessage());
  }
}
