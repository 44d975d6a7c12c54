package org.benchgen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OpTest {
  /** The fields of {@code op} but its request, in slot order. */
  private static List<Field> withoutRequest(Op op) {
    List<Field> out = new ArrayList<>();
    for (Field f : Field.values()) {
      if (op.has(f) && f != Field.REQ) {
        out.add(f);
      }
    }
    return out;
  }

  @Test
  void everyNonblockingAndPersistentCollectiveRecordsWhatItsBlockingFormDoes() {
    int nonblocking = 0;
    int persistent = 0;
    for (Op op : Op.values()) {
      Op b = op.blockingForm();
      if (b == op) {
        assertFalse(op.isCollective() && op.has(Field.REQ), op.mpiName());
        continue;
      }
      assertTrue(b.isCollective() && !b.has(Field.REQ), op.mpiName());
      assertEquals(withoutRequest(b), withoutRequest(op), op.mpiName());
      assertTrue(op.createsRequest(), op.mpiName());
      nonblocking += op.mpiName().startsWith("MPI_I") ? 1 : 0;
      persistent += op.isPersistentCollective() ? 1 : 0;
      // The tracer (rec_coll.c) finds the blocking form by the distance between the runs.
      Op first = op.isPersistentCollective() ? Op.BARRIER_INIT : Op.IBARRIER;
      assertEquals(first.ordinal() - Op.BARRIER.ordinal(), op.ordinal() - b.ordinal(),
          op.mpiName() + ": the runs of the .def must stay parallel");
    }
    // MPI-4.0: 17 collectives and 5 neighbourhood ones, each with an I form and an _init form.
    assertEquals(22, nonblocking);
    assertEquals(22, persistent);
    assertEquals(Op.ALLREDUCE, Op.IALLREDUCE.blockingForm());
    assertEquals(Op.NEIGHBOR_ALLTOALLW, Op.NEIGHBOR_ALLTOALLW_INIT.blockingForm());
  }

  @Test
  void pointToPointPersistentRequestsArePersistentToo() {
    assertTrue(Op.SEND_INIT.createsPersistentRequest());
    assertTrue(Op.RECV_INIT.createsPersistentRequest());
    assertFalse(Op.ISEND.createsPersistentRequest());
    assertFalse(Op.IBCAST.createsPersistentRequest());
    assertEquals(Op.ISEND, Op.ISEND.blockingForm()); // only collectives have forms
  }

  /**
   * The vocabulary's shapes (BG_SHAPE) against what the call table says of each collective, worked
   * out apart: rooted ones record a root, reducing ones an operation, vector ones a list of counts
   * per peer, and neighbourhood ones are named so; every form of a collective has its shape.
   */
  @Test
  void everyCollectivesShapeAgreesWithItsFields() {
    int collectives = 0;
    for (Op op : Op.values()) {
      String n = op.mpiName();
      if (!op.isCollective()) {
        assertFalse(op.isRooted() || op.isVector() || op.isReducing() || op.isNeighbourhood(), n);
        continue;
      }
      collectives++;
      assertEquals(op.has(Field.ROOT), op.isRooted(), n);
      assertEquals(op.has(Field.OP), op.isReducing(), n);
      assertEquals(op.has(Field.COUNTS) || op.has(Field.RCOUNTS), op.isVector(), n);
      assertEquals(n.contains("_Neighbor_") || n.contains("_Ineighbor_"), op.isNeighbourhood(), n);
    }
    assertEquals(66, collectives); // 22 collectives, blocking, nonblocking and persistent
    assertTrue(Op.GATHERV.isRooted() && Op.GATHERV.isVector() && !Op.GATHERV.isReducing());
    assertTrue(Op.IREDUCE_SCATTER.isReducing() && Op.IREDUCE_SCATTER.isVector());
    assertTrue(Op.NEIGHBOR_ALLTOALLW_INIT.isNeighbourhood());
  }

  /**
   * The data-flow columns of BG_SHAPE against the collectives' names and fields, worked out apart:
   * scatters and all-to-alls split their send buffer, gathers and all-to-alls fill their receive
   * buffer a block a peer, the scans are prefixes (MPI_Exscan an exclusive one); a shape of 0 is
   * a call that moves no data.
   */
  @Test
  void everyCollectivesDataFlowAgreesWithItsNameAndFields() {
    for (Op op : Op.values()) {
      String n = op.mpiName().toLowerCase(Locale.ROOT);
      boolean any = op.isRooted() || op.isVector() || op.isReducing() || op.isNeighbourhood()
          || op.scatters() || op.gathers() || op.isPrefix() || op.isExclusive();
      if (!op.isCollective()) {
        assertFalse(any, n);
        continue;
      }
      assertEquals(n.contains("scatter") || n.contains("alltoall"), op.scatters(), n);
      assertEquals(n.contains("gather") || n.contains("alltoall"), op.gathers(), n);
      assertEquals(n.contains("scan"), op.isPrefix(), n);
      assertEquals(n.contains("exscan"), op.isExclusive(), n);
      boolean data = op.has(Field.COUNT) || op.has(Field.COUNTS) || op.has(Field.RCOUNTS);
      assertEquals(data, any, n);
      // A block per peer needs a count of it each way; a root gathers or scatters, not both.
      assertTrue(!op.gathers() || op.has(Field.RCOUNT) || op.has(Field.RCOUNTS), n);
      assertTrue(!op.scatters() || data, n);
      assertFalse(op.isRooted() && op.scatters() && op.gathers(), n);
      assertTrue(!op.isPrefix() || op.isReducing() && !op.isRooted(), n);
      assertTrue(!op.isExclusive() || op.isPrefix(), n);
    }
    assertTrue(Op.IALLTOALLV.scatters() && Op.IALLTOALLV.gathers());
    assertTrue(Op.EXSCAN_INIT.isExclusive() && !Op.SCAN.isExclusive());
  }

  /** The sides of a collective, from its fields: counts and datatypes each way. */
  @Test
  void sidesFollowTheFields() {
    CollectiveSide block = new CollectiveSide(Field.COUNT, Optional.of(Field.TYPE),
        Optional.of(Field.TSIZE));
    assertEquals(Optional.empty(), CollectiveSide.sent(Op.BARRIER));
    assertEquals(Optional.empty(), CollectiveSide.received(Op.IBARRIER));
    assertEquals(Optional.empty(), CollectiveSide.sent(Op.SEND));
    assertEquals(Optional.of(block), CollectiveSide.sent(Op.BCAST));
    assertEquals(Optional.of(block), CollectiveSide.received(Op.ALLREDUCE_INIT));
    assertEquals(Optional.of(new CollectiveSide(Field.RCOUNTS, Optional.of(Field.RTYPE),
        Optional.of(Field.RTSIZE))), CollectiveSide.received(Op.GATHERV));
    assertEquals(Optional.of(new CollectiveSide(Field.COUNTS, Optional.empty(),
        Optional.empty())), CollectiveSide.sent(Op.ALLTOALLW));
    assertEquals(Optional.of(new CollectiveSide(Field.RCOUNTS, Optional.empty(),
        Optional.empty())), CollectiveSide.received(Op.NEIGHBOR_ALLTOALLW));
    CollectiveSide split = new CollectiveSide(Field.RCOUNTS, Optional.of(Field.TYPE),
        Optional.of(Field.TSIZE));
    assertEquals(Optional.of(split), CollectiveSide.sent(Op.IREDUCE_SCATTER));
    assertEquals(Optional.of(split), CollectiveSide.received(Op.REDUCE_SCATTER));
    assertTrue(split.perPeer() && !block.perPeer());
  }

  /**
   * Each collective's C parameters (mpi-signatures.def) against its fields: every field that a
   * collective's record takes from an argument is a parameter of that name, and every parameter
   * named as a field is one of the call's; displacements follow their counts, and a datatype per
   * peer its displacements (the C+MPI target takes them so).
   */
  @Test
  void cParametersNameTheFieldsTheyFill() {
    List<Field> fromArguments = List.of(Field.COMM, Field.ROOT, Field.COUNT, Field.TYPE,
        Field.RCOUNT, Field.RTYPE, Field.COUNTS, Field.RCOUNTS, Field.OP);
    for (Op op : Op.values()) {
      List<String> names = op.cParameters().stream().map(CParameter::name).toList();
      assertEquals(op.isCollective(), !names.isEmpty(), op.mpiName());
      for (Field f : fromArguments) {
        assertEquals(op.isCollective() && op.has(f), names.contains(f.key()),
            op.mpiName() + " " + f.key());
      }
      for (int i = 0; i < names.size(); i++) {
        if (names.get(i).endsWith("displs")) {
          assertTrue(names.get(i - 1).endsWith("counts"), op.mpiName() + " " + names.get(i));
        }
        if (names.get(i).endsWith("types")) {
          assertTrue(names.get(i - 1).endsWith("displs"), op.mpiName() + " " + names.get(i));
        }
      }
    }
    assertEquals(new CParameter("const MPI_Aint", "sdispls", true),
        Op.INEIGHBOR_ALLTOALLW.cParameters().get(2));
    assertEquals(List.of(new CParameter("MPI_Comm", "comm", false)),
        Op.BARRIER_INIT.cParameters());
  }
}
