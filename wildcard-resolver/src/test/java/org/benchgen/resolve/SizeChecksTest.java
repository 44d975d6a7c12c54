package org.benchgen.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.testing.CompressedText;
import org.junit.jupiter.api.Test;

/**
 * Sizes MPI requires to agree (issue 47): a trace whose benchmark would abort with
 * MPI_ERR_TRUNCATE is refused by resolve, naming both calls; one whose sizes fit resolves.
 */
class SizeChecksTest {
  private static final String INIT = "MPI_Init site=m.c:1";
  private static final String FIN = "MPI_Finalize site=m.c:9";

  private static Finding refused(CompressedTrace t) {
    return assertInstanceOf(Resolution.Failed.class, new WildcardResolver(t, false).resolve())
        .finding();
  }

  private static void resolves(CompressedTrace t) {
    assertInstanceOf(Resolution.Resolved.class, new WildcardResolver(t, false).resolve());
  }

  private static CompressedTrace sendrecv(String counts, String rcounts) {
    return CompressedText.read("benchgen-compressed 1", "world 2", INIT, "    duration 1*2",
        "MPI_Sendrecv site=x.c:5 comm=0 dest=+1 tag=0 count=" + counts + " type=MPI_BYTE tsize=1"
            + " src=+1 rtag=0 rcount=" + rcounts + " rtype=MPI_BYTE rtsize=1 bytes=8",
        "    compute ^ 1*2", "    duration 1*2", FIN, "    compute ^ 1*2", "    duration 1*2");
  }

  /** Two ranks' Sendrecv with their sizes swapped: rank 0's 16 bytes into rank 1's 8. */
  @Test
  void aMessageLargerThanItsReceiveIsRefusedNamingBothCalls() {
    Finding f = refused(sendrecv("16@0;8@1", "16@0;8@1"));
    assertEquals(Problem.TRUNCATED_MESSAGE, f.problem());
    assertEquals("rank 0's MPI_Sendrecv at x.c:5 sends 16 bytes to rank 1, whose MPI_Sendrecv at"
        + " x.c:5 that receives it has a buffer of 8 bytes: the benchmark would abort with"
        + " MPI_ERR_TRUNCATE", f.message());
    // A receive larger than its message is MPI's rule too (the status says what came).
    resolves(sendrecv("8", "16"));
  }

  private static CompressedTrace alltoall(String count, String rcount) {
    return CompressedText.read("benchgen-compressed 1", "world 4", INIT, "    duration 1*4",
        "loop trips=3 {",
        "  MPI_Alltoall site=fft.c:80 comm=0 count=" + count + " type=MPI_DOUBLE tsize=8 rcount="
            + rcount + " rtype=MPI_DOUBLE rtsize=8",
        "      compute ^ 1*12", "      duration 1*12", "}", FIN, "    compute ^ 1*4",
        "    duration 1*4");
  }

  /** An Alltoall whose count is 1,2 against an rcount of 256: refused naming the calls. */
  @Test
  void aCollectiveWhoseMembersBlocksDifferIsRefused() {
    Finding f = refused(alltoall("1,2", "256"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 0's MPI_Alltoall at fft.c:80 in iteration 1 of 3 of the loop from"
        + " MPI_Alltoall at fft.c:80 sends blocks of 8 bytes and receives blocks of 2048 bytes:"
        + " MPI requires every member's count x type size to agree, and the benchmark would abort"
        + " with MPI_ERR_TRUNCATE", f.message());
    Finding g = refused(alltoall("256@0..2;128@3", "256"));
    assertEquals(Problem.MISMATCHED_SIZES, g.problem());
    resolves(alltoall("256", "256"));
  }

  /**
   * An Ibcast whose root sends 16 bytes where rank 3 expects 8, in the second of two: the
   * simulation completes nonblocking collectives at once, and their sizes are still compared,
   * each member's n-th with the others' n-th.
   */
  @Test
  void aNonblockingCollectiveWhoseMembersDifferIsRefused() {
    Finding f = refused(ibcast("2,2@0..2;2,1@3"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 0's MPI_Ibcast at b.c:3 in iteration 2 of 2 of the loop from MPI_Ibcast"
        + " at b.c:3 sends blocks of 16 bytes while rank 3's MPI_Ibcast at b.c:3 in iteration 2"
        + " of 2 of the loop from MPI_Ibcast at b.c:3 sends blocks of 8 bytes: MPI requires every"
        + " member's count x type size to agree, and the benchmark would abort with"
        + " MPI_ERR_TRUNCATE", f.message());
    resolves(ibcast("2,1"));
  }

  private static CompressedTrace ibcast(String counts) {
    return CompressedText.read("benchgen-compressed 1", "world 4", INIT, "    duration 1*4",
        "loop trips=2 {",
        "  MPI_Ibcast site=b.c:3 comm=0 root=0 count=" + counts + " type=MPI_DOUBLE tsize=8"
            + " req=0",
        "      compute ^ 1*8", "      duration 1*8",
        "  MPI_Wait site=b.c:4 req=0", "      compute ^ 1*8", "      duration 1*8", "}", FIN,
        "    compute ^ 1*4", "    duration 1*4");
  }

  /** A gather's blocks off the root are only what they send; a scatter's, what they receive. */
  @Test
  void sidesThatMpiIgnoresAreNotCompared() {
    resolves(CompressedText.read("benchgen-compressed 1", "world 3", INIT, "    duration 1*3",
        "MPI_Gather site=g.c:1 comm=0 root=0 count=4 type=MPI_INT tsize=4 rcount=4@0;0@1..2"
            + " rtype=MPI_INT@0;MPI_DATATYPE_NULL@1..2 rtsize=4@0;0@1..2",
        "    compute ^ 1*3", "    duration 1*3",
        "MPI_Scatter site=s.c:1 comm=0 root=0 count=2@0;0@1..2"
            + " type=MPI_INT@0;MPI_DATATYPE_NULL@1..2 tsize=4@0;0@1..2 rcount=2 rtype=MPI_INT"
            + " rtsize=4",
        "    compute ^ 1*3", "    duration 1*3", FIN, "    compute ^ 1*3", "    duration 1*3"));
  }

  /** A vector collective pair by pair: rank 0's counts to rank 1 against rank 1's rcounts. */
  @Test
  void aVectorCollectivesPairsAreCompared() {
    java.util.function.Function<String, CompressedTrace> alltoallv = rcounts -> CompressedText
        .read("benchgen-compressed 1", "world 2", INIT, "    duration 1*2",
            "MPI_Alltoallv site=v.c:7 comm=0 counts=[1,2] type=MPI_INT tsize=4 rcounts="
                + rcounts + " rtype=MPI_INT rtsize=4",
            "    compute ^ 1*2", "    duration 1*2", FIN, "    compute ^ 1*2",
            "    duration 1*2");
    // Rank 0 sends 1 to itself and 2 to rank 1; rank 1 sends 1 to rank 0 and 2 to itself.
    resolves(alltoallv.apply("[1,1]@0;[2,2]@1"));
    Finding f = refused(alltoallv.apply("[1,1]@0;[2,3]@1"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 1's MPI_Alltoallv at v.c:7 sends 8 bytes to rank 1, whose MPI_Alltoallv"
        + " at v.c:7 receives 12 bytes from it: MPI requires each pair's count x type size to"
        + " agree, and the benchmark would abort with MPI_ERR_TRUNCATE", f.message());
  }

  /**
   * MPI_Reduce_scatter: member j reduces blocks of its rcounts[j], which every member sends it
   * from its own list. Rank 2's list says 3 ints for rank 1 where rank 1's says 2: rank 2 would
   * send 12 bytes into rank 1's 8.
   */
  @Test
  void aReduceScattersListsMustAgree() {
    java.util.function.Function<String, CompressedTrace> rs = rcounts -> CompressedText.read(
        "benchgen-compressed 1", "world 3", INIT, "    duration 1*3",
        "MPI_Reduce_scatter site=r.c:4 comm=0 rcounts=" + rcounts
            + " type=MPI_INT tsize=4 op=MPI_SUM",
        "    compute ^ 1*3", "    duration 1*3", FIN, "    compute ^ 1*3", "    duration 1*3");
    resolves(rs.apply("[1,2,3]"));
    Finding f = refused(rs.apply("[1,2,3]@0..1;[1,3,3]@2"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 2's MPI_Reduce_scatter at r.c:4 sends 12 bytes to rank 1, whose"
        + " MPI_Reduce_scatter at r.c:4 receives 8 bytes from it: MPI requires each pair's count"
        + " x type size to agree, and the benchmark would abort with MPI_ERR_TRUNCATE",
        f.message());
  }

  /** Groups {0, 2} and {1, 3} of intercommunicator 9, then {@code body}. */
  private static CompressedTrace inter(String... body) {
    java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of(
        "benchgen-compressed 1", "world 4", "comm 9 members=0,2 remote=1,3", INIT,
        "    duration 1*4"));
    for (String b : body) {
      lines.add(b);
      lines.add("    compute ^ 1*4");
      lines.add("    duration 1*4");
    }
    lines.addAll(java.util.List.of(FIN, "    compute ^ 1*4", "    duration 1*4"));
    return CompressedText.read(lines.toArray(new String[0]));
  }

  /**
   * An intercommunicator's broadcast: rank 0 (MPI_ROOT) sends 16 bytes to group {1, 3}; rank 2
   * (MPI_PROC_NULL) takes no part, whatever its count says. Rank 3 expecting 8 is refused.
   */
  @Test
  void anIntercommunicatorsRootAndTheOtherGroupMustAgree() {
    String bcast = "MPI_Bcast site=b.c:2 comm=9 root=ROOT@0;PROC_NULL@2;0@1,3 type=MPI_INT"
        + " tsize=4 count=";
    resolves(inter(bcast + "4@0..1,3;1@2"));
    Finding f = refused(inter(bcast + "4@0..2;2@3"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 0's MPI_Bcast at b.c:2 sends blocks of 16 bytes to the other group of its"
        + " intercommunicator, where rank 3's MPI_Bcast at b.c:2 receives blocks of 8 bytes: MPI"
        + " requires them to agree, and the benchmark would abort with MPI_ERR_TRUNCATE",
        f.message());
  }

  /**
   * An intercommunicator's allgather goes both ways: group {0, 2} sends 2 ints that {1, 3}
   * receive, and {1, 3} sends 1 int that {0, 2} receives; the sides need not agree within a group.
   */
  @Test
  void anIntercommunicatorsAllgatherIsComparedAcrossTheGroups() {
    String ag = "MPI_Allgather site=a.c:6 comm=9 type=MPI_INT tsize=4 rtype=MPI_INT rtsize=4";
    resolves(inter(ag + " count=2@0,2;1@1,3 rcount=1@0,2;2@1,3"));
    assertEquals(Problem.MISMATCHED_SIZES,
        refused(inter(ag + " count=2@0,2;1@1,3 rcount=2@0,2;2@1,3")).problem());
  }

  /**
   * An intercommunicator's gatherv, pair by pair: the root, rank 0, takes 1 int from group B's
   * rank 0 (world 1) and 2 from its rank 1 (world 3), whose counts must say the same.
   */
  @Test
  void anIntercommunicatorsVectorCollectiveIsComparedPairByPair() {
    String gv = "MPI_Gatherv site=g.c:8 comm=9 root=ROOT@0;PROC_NULL@2;0@1,3 type=MPI_INT"
        + " tsize=4 rcounts=[1,2]@0;[0,0]@1..3 rtype=MPI_INT rtsize=4 count=";
    resolves(inter(gv + "0@0,2;1@1;2@3"));
    Finding f = refused(inter(gv + "0@0,2;1@1;3@3"));
    assertEquals("rank 3's MPI_Gatherv at g.c:8 sends 12 bytes to rank 0, whose MPI_Gatherv at"
        + " g.c:8 receives 8 bytes from it: MPI requires each pair's count x type size to agree,"
        + " and the benchmark would abort with MPI_ERR_TRUNCATE", f.message());
  }

  /** Communicator 5 made by {@code create} on 3 ranks, then {@code call} on it. */
  private static CompressedTrace topology(String create, String call) {
    return CompressedText.read("benchgen-compressed 1", "world 3", "comm 5 members=0..2", INIT,
        "    duration 1*3", create + " newcomm=5", "    compute ^ 1*3", "    duration 1*3", call,
        "    compute ^ 1*3", "    duration 1*3", FIN, "    compute ^ 1*3", "    duration 1*3");
  }

  /**
   * A periodic ring of 3 (MPI_Cart_create): rank 1's neighbours are 0 (down) and 2 (up). Rank 2
   * sends blocks of 8 bytes where its neighbours receive 4: refused; a line (not periodic) whose
   * ends have no neighbour past them resolves with the same counts at the ends' outer sides.
   */
  @Test
  void aCartesianNeighbourhoodCollectiveIsComparedNeighbourByNeighbour() {
    String cart = "MPI_Cart_create site=c.c:1 comm=0 dims=[3] periods=[1]";
    String a2a = "MPI_Neighbor_alltoall site=n.c:2 comm=5 type=MPI_INT tsize=4 rtype=MPI_INT"
        + " rtsize=4 rcount=1 count=";
    resolves(topology(cart, a2a + "1"));
    Finding f = refused(topology(cart, a2a + "1@0..1;2@2"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertEquals("rank 2's MPI_Neighbor_alltoall at n.c:2 sends blocks of 8 bytes to its"
        + " neighbour rank 0, whose MPI_Neighbor_alltoall at n.c:2 receives blocks of 4 bytes"
        + " from it: MPI requires each pair's count x type size to agree, and the benchmark"
        + " would abort with MPI_ERR_TRUNCATE", f.message());
  }

  /**
   * Neighbours by MPI's order, checked by hand: on a line of 3 (not periodic) rank 0's are
   * (none, 1), rank 1's (0, 2), rank 2's (1, none). alltoallv sends counts[k] to neighbour k;
   * rank 1 sends [1, 2] and rank 0 receives rcounts [0, 1] (from none, from 1): agreed; rank 2
   * receives [3, 0] from (1, none) where rank 1 sends it 2: refused.
   */
  @Test
  void aVectorNeighbourhoodCollectiveFollowsTheTopologysOrder() {
    String line = "MPI_Cart_create site=c.c:1 comm=0 dims=[3] periods=[0]";
    String v = "MPI_Neighbor_alltoallv site=n.c:3 comm=5 type=MPI_INT tsize=4 rtype=MPI_INT"
        + " rtsize=4 counts=[0,1]@0;[1,2]@1;[2,0]@2 rcounts=";
    resolves(topology(line, v + "[0,1]@0;[1,2]@1;[2,0]@2"));
    Finding f = refused(topology(line, v + "[0,1]@0;[1,2]@1;[3,0]@2"));
    assertEquals("rank 1's MPI_Neighbor_alltoallv at n.c:3 sends blocks of 8 bytes to its"
        + " neighbour rank 2, whose MPI_Neighbor_alltoallv at n.c:3 receives blocks of 12 bytes"
        + " from it: MPI requires each pair's count x type size to agree, and the benchmark would"
        + " abort with MPI_ERR_TRUNCATE", f.message());
  }

  /** A distributed graph's traced sources and destinations: 0 -> 1 -> 2 -> 0. */
  @Test
  void aDistributedGraphsNeighboursAreItsTracedOnes() {
    String graph = "MPI_Dist_graph_create_adjacent site=g.c:1 comm=0"
        + " sources=[2]@0;[0]@1;[1]@2 dests=[1]@0;[2]@1;[0]@2";
    String ag = "MPI_Neighbor_allgather site=n.c:4 comm=5 type=MPI_DOUBLE tsize=8"
        + " rtype=MPI_DOUBLE rtsize=8 count=2 rcount=";
    resolves(topology(graph, ag + "2"));
    assertEquals(Problem.MISMATCHED_SIZES, refused(topology(graph, ag + "2@0,2;1@1")).problem());
  }

  /**
   * An intercommunicator's MPI_Reduce_scatter_block between group {0} and group {1, 2}: each
   * group reduces vectors of n x recvcount (its own n), which MPI requires equal: 1 x 4 ints
   * against 2 x 2 agree; 1 x 4 against 2 x 4 do not.
   */
  @Test
  void anIntercommunicatorsReduceScatterReducesVectorsOfOneLength() {
    java.util.function.Function<String, CompressedTrace> rsb = count -> CompressedText.read(
        "benchgen-compressed 1", "world 3", "comm 9 members=0 remote=1,2", INIT,
        "    duration 1*3", "MPI_Reduce_scatter_block site=r.c:9 comm=9 type=MPI_INT tsize=4"
            + " op=MPI_SUM count=" + count,
        "    compute ^ 1*3", "    duration 1*3", FIN, "    compute ^ 1*3", "    duration 1*3");
    resolves(rsb.apply("4@0;2@1..2"));
    Finding f = refused(rsb.apply("4"));
    assertEquals(Problem.MISMATCHED_SIZES, f.problem());
    assertTrue(f.message().startsWith("rank 0's MPI_Reduce_scatter_block at r.c:9 sends blocks"
        + " of 16 bytes to the other group of its intercommunicator, where rank 1's"
        + " MPI_Reduce_scatter_block at r.c:9 receives blocks of 32 bytes"), f.message());
  }
}
