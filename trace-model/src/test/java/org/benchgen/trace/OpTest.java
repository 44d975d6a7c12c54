package org.benchgen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
}
