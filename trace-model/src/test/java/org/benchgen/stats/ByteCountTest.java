package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/** Expected bytes worked out by hand from docs/trace-format.md, "Bytes". */
class ByteCountTest {
  private final SymbolTable symbols = new SymbolTable();

  /** A call of {@code op} on the world. */
  private RawEventBuilder call(Op op) {
    RawEventBuilder b = new RawEventBuilder(symbols, op, "s.c:1");
    return op.has(Field.COMM) ? b.set(Field.COMM, 0) : b;
  }

  /** A call with {@code count} elements of {@code tsize} bytes on the send side. */
  private RawEventBuilder sized(Op op, long count, long tsize) {
    return call(op).set(Field.COUNT, count).name(Field.TYPE, "T").set(Field.TSIZE, tsize);
  }

  private RawEvent send(Op op, long dest) {
    return sized(op, 3, 4).set(Field.DEST, dest).set(Field.TAG, 0).build();
  }

  @Test
  void sendsCountCountTimesTypeSize() {
    for (Op op : List.of(Op.SEND, Op.SSEND, Op.BSEND, Op.RSEND)) {
      assertEquals(12, ByteCount.of(send(op, 1), 0), op.mpiName());
    }
    assertEquals(12, ByteCount.of(sized(Op.ISEND, 3, 4).set(Field.DEST, 1).set(Field.TAG, 0)
        .set(Field.REQ, 1).build(), 0));
  }

  @Test
  void aSendToProcNullCountsNothing() {
    assertEquals(0, ByteCount.of(send(Op.SEND, Sym.PROC_NULL.code()), 0));
    assertEquals(0, ByteCount.of(sized(Op.SENDRECV, 2, 8).set(Field.DEST, Sym.PROC_NULL)
        .set(Field.SRC, 1).set(Field.BYTES, 16).build(), 0));
  }

  @Test
  void receivesCountTheBytesReceivedNotThePostedCount() {
    // Posted 10 x 4 = 40 bytes, 12 arrived.
    assertEquals(12, ByteCount.of(sized(Op.RECV, 10, 4).set(Field.SRC, 1).set(Field.TAG, 0)
        .set(Field.BYTES, 12).build(), 0));
    assertEquals(12, ByteCount.of(sized(Op.IRECV, 10, 4).set(Field.SRC, 1).set(Field.TAG, 0)
        .set(Field.REQ, 1).set(Field.BYTES, 12).build(), 0));
    assertEquals(0, ByteCount.of(sized(Op.IRECV, 10, 4).set(Field.SRC, 1).set(Field.TAG, 0)
        .set(Field.REQ, 1).build(), 0), "an Irecv whose bytes were not recorded");
  }

  @Test
  void aSendrecvCountsItsSentSide() {
    // Sends 2 x 8 = 16; receives 5 x 4 posted, 20 arrived.
    assertEquals(16, ByteCount.of(sized(Op.SENDRECV, 2, 8).set(Field.DEST, 1).set(Field.SRC, 1)
        .set(Field.RCOUNT, 5).name(Field.RTYPE, "T").set(Field.RTSIZE, 4).set(Field.BYTES, 20)
        .build(), 0));
  }

  @Test
  void startsCountTheirBytes() {
    assertEquals(32, ByteCount.of(call(Op.START).set(Field.REQ, 1).set(Field.BYTES, 32)
        .build(), 0));
    assertEquals(64, ByteCount.of(call(Op.STARTALL).list(Field.REQS, 1, 2)
        .set(Field.BYTES, 64).build(), 0));
  }

  @Test
  void barriersCompletionsAndCommunicatorCallsCountNothing() {
    assertEquals(0, ByteCount.of(call(Op.BARRIER).build(), 0));
    assertEquals(0, ByteCount.of(call(Op.WAIT).set(Field.REQ, 1).build(), 0));
    assertEquals(0, ByteCount.of(call(Op.WAITALL).list(Field.REQS, 1, 2).build(), 0));
    assertEquals(0, ByteCount.of(call(Op.PROBE).set(Field.SRC, 1).set(Field.TAG, 0)
        .set(Field.BYTES, 12).build(), 0));
    assertEquals(0, ByteCount.of(call(Op.COMM_DUP).set(Field.NEWCOMM, 1).build(), 0));
  }

  @Test
  void collectivesCountTheirSendCountOnEveryRank() {
    // 3 x 8 = 24 bytes, on the root (0) and elsewhere (1).
    for (int me : new int[] {0, 1}) {
      assertEquals(24, ByteCount.of(sized(Op.BCAST, 3, 8).set(Field.ROOT, 0).build(), me));
      assertEquals(24, ByteCount.of(sized(Op.REDUCE, 3, 8).set(Field.ROOT, 0)
          .name(Field.OP, "MPI_SUM").build(), me));
      assertEquals(24, ByteCount.of(sized(Op.GATHER, 3, 8).set(Field.ROOT, 0)
          .set(Field.RCOUNT, 3).name(Field.RTYPE, "T").set(Field.RTSIZE, 8).build(), me));
      assertEquals(24, ByteCount.of(sized(Op.GATHERV, 3, 8).set(Field.ROOT, 0)
          .name(Field.RTYPE, "T").set(Field.RTSIZE, 8).list(Field.RCOUNTS, 3, 3).build(), me));
    }
    assertEquals(24, ByteCount.of(sized(Op.ALLREDUCE, 3, 8).name(Field.OP, "MPI_SUM").build(),
        0));
    assertEquals(24, ByteCount.of(sized(Op.ALLGATHERV, 3, 8).list(Field.RCOUNTS, 3, 5)
        .name(Field.RTYPE, "T").set(Field.RTSIZE, 8).build(), 0));
  }

  @Test
  void vCollectivesCountTheSumOfTheirLists() {
    // (1 + 2 + 3) x 4 = 24: the send counts, whatever the receive counts.
    assertEquals(24, ByteCount.of(call(Op.ALLTOALLV).list(Field.COUNTS, 1, 2, 3)
        .name(Field.TYPE, "T").set(Field.TSIZE, 4).list(Field.RCOUNTS, 9, 9, 9)
        .name(Field.RTYPE, "T").set(Field.RTSIZE, 4).build(), 0));
    // MPI_Alltoallw's counts are bytes already: 8 + 24 + 6.
    assertEquals(38, ByteCount.of(call(Op.ALLTOALLW).list(Field.COUNTS, 8, 24, 6)
        .list(Field.RCOUNTS, 16, 24, 8).build(), 0));
    // (2 + 3) x 8 = 40.
    assertEquals(40, ByteCount.of(call(Op.REDUCE_SCATTER).list(Field.RCOUNTS, 2, 3)
        .name(Field.TYPE, "T").set(Field.TSIZE, 8).name(Field.OP, "MPI_SUM").build(), 0));
  }

  @Test
  void rootOnlyCollectivesCountOnlyAtTheRoot() {
    RawEvent scatter = sized(Op.SCATTER, 2, 4).set(Field.ROOT, 1).set(Field.RCOUNT, 2)
        .name(Field.RTYPE, "T").set(Field.RTSIZE, 4).build();
    assertEquals(8, ByteCount.of(scatter, 1));
    assertEquals(0, ByteCount.of(scatter, 0));
    RawEvent scatterv = call(Op.SCATTERV).set(Field.ROOT, 1).name(Field.TYPE, "T")
        .set(Field.TSIZE, 4).set(Field.RCOUNT, 2).name(Field.RTYPE, "T").set(Field.RTSIZE, 4)
        .list(Field.COUNTS, 1, 2, 3).build();
    assertEquals(24, ByteCount.of(scatterv, 1));
    assertEquals(0, ByteCount.of(scatterv, 0));
  }

  @Test
  void nonblockingCollectivesCountLikeBlockingOnes() {
    assertEquals(24, ByteCount.of(sized(Op.IBCAST, 3, 8).set(Field.ROOT, 0).set(Field.REQ, 1)
        .build(), 1));
    assertEquals(0, ByteCount.of(call(Op.IBARRIER).set(Field.REQ, 1).build(), 0));
    RawEvent iscatterv = call(Op.ISCATTERV).set(Field.ROOT, 1).name(Field.TYPE, "T")
        .set(Field.TSIZE, 4).set(Field.RCOUNT, 2).name(Field.RTYPE, "T").set(Field.RTSIZE, 4)
        .set(Field.REQ, 1).list(Field.COUNTS, 1, 2, 3).build();
    assertEquals(24, ByteCount.of(iscatterv, 1));
    assertEquals(0, ByteCount.of(iscatterv, 0));
    RawEvent iscatter = sized(Op.ISCATTER, 2, 4).set(Field.ROOT, 1).set(Field.RCOUNT, 2)
        .name(Field.RTYPE, "T").set(Field.RTSIZE, 4).set(Field.REQ, 1).build();
    assertEquals(8, ByteCount.of(iscatter, 1));
    assertEquals(0, ByteCount.of(iscatter, 0));
    assertEquals(24, ByteCount.of(call(Op.IALLTOALLV).list(Field.COUNTS, 1, 2, 3)
        .name(Field.TYPE, "T").set(Field.TSIZE, 4).list(Field.RCOUNTS, 9, 9, 9)
        .name(Field.RTYPE, "T").set(Field.RTSIZE, 4).set(Field.REQ, 1).build(), 0));
    assertEquals(40, ByteCount.of(call(Op.IREDUCE_SCATTER).list(Field.RCOUNTS, 2, 3)
        .name(Field.TYPE, "T").set(Field.TSIZE, 8).name(Field.OP, "MPI_SUM").set(Field.REQ, 1)
        .build(), 0));
  }
}
