package org.benchgen.codegen.threads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * The pairing of matched probes with their receives on a rank of several threads, on calls
 * written by hand as the tracer records them: a receive's {@code msg} is its message's age among
 * the rank's probed and unreceived messages; renamed, its age among its own thread's. The
 * expected ages are worked out by hand in the comments.
 */
class ThreadMessagesTest {
  private final SymbolTable symbols = new SymbolTable();
  private final List<ThreadSplit.Call> calls = new ArrayList<>();

  private void add(int thread, RawEventBuilder b) {
    calls.add(new ThreadSplit.Call(thread, b.build(), 0, 0, 0));
  }

  private void mprobe(int thread, long src) {
    add(thread, new RawEventBuilder(symbols, Op.MPROBE, "p").set(Field.COMM, 0)
        .set(Field.SRC, src).set(Field.TAG, 0));
  }

  private void improbe(int thread, int flag) {
    add(thread, new RawEventBuilder(symbols, Op.IMPROBE, "i").set(Field.COMM, 0)
        .set(Field.SRC, 0).set(Field.TAG, 0).set(Field.FLAG, flag));
  }

  private void mrecv(int thread, Op op, int age) {
    RawEventBuilder b = new RawEventBuilder(symbols, op, "r").set(Field.COUNT, 1)
        .name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4).set(Field.BYTES, 4)
        .set(Field.MSG, age);
    add(thread, op == Op.IMRECV ? b.set(Field.REQ, calls.size()) : b);
  }

  /** The {@code msg} of every receive, in order, after renaming. */
  private long[] ages() {
    return calls.stream().filter(c -> c.event().op() == Op.MRECV || c.event().op() == Op.IMRECV)
        .mapToLong(c -> c.event().get(Field.MSG)).toArray();
  }

  @Test
  void eachReceiveIsNamedByItsAgeAmongItsOwnThreadsMessages() {
    mprobe(1, 0); // 0: A (thread 1)
    mprobe(2, 0); // 1: B (thread 2)
    mprobe(1, 0); // 2: C (thread 1)
    mrecv(2, Op.MRECV, 1); // 3: live A B C, B is age 1; thread 2's own: B, age 0
    mrecv(1, Op.MRECV, 1); // 4: live A C, A is age 1; thread 1's own: A C, A age 1
    mrecv(1, Op.MRECV, 0); // 5: live C; thread 1's C, age 0
    mprobe(0, 0); // 6: D (main)
    improbe(1, 0); // 7: found nothing: no message
    improbe(1, 1); // 8: E (thread 1)
    mrecv(0, Op.MRECV, 1); // 9: live D E, D age 1; main's own: D, age 0
    mrecv(1, Op.IMRECV, 0); // 10: E, age 0
    ThreadMessages.Result r = ThreadMessages.rename(3, calls);
    assertTrue(r.refused().isEmpty(), r.refused().toString());
    assertArrayEquals(new long[] {0, 1, 0, 0, 0}, ages());
    // The main thread's one pair: its probe (call 6) and its receive (call 9).
    assertEquals(1, r.mainPairs().size());
    assertArrayEquals(new int[] {6, 9}, r.mainPairs().get(0));
  }

  @Test
  void aMessageReceivedOnAnotherThreadThanItsProbesIsRefused() {
    mprobe(1, 0);
    mprobe(2, 0);
    mrecv(2, Op.MRECV, 1); // thread 1's message
    ThreadMessages.Result r = ThreadMessages.rename(3, calls);
    assertEquals("rank 3: MPI_Mrecv on thread 2 receives a message that MPI_Mprobe matched on"
        + " thread 1; each thread of the benchmark keeps its own probed messages",
        r.refused().orElseThrow());
  }

  @Test
  void aNoProcMessageIsTakenFromTheReceivingThreadsOwn() {
    // MPI_MESSAGE_NO_PROC handles are all equal: a receive that names another thread's takes
    // its own thread's oldest instead, and the other thread keeps its own.
    mprobe(1, Sym.PROC_NULL.code());
    mprobe(2, Sym.PROC_NULL.code());
    mprobe(2, 0);
    mrecv(2, Op.MRECV, 2); // names thread 1's NO_PROC: thread 2's, age 1 among its two
    mrecv(1, Op.MRECV, 1); // live: thread 1's NO_PROC (age 1), thread 2's message (age 0)
    mrecv(2, Op.MRECV, 0);
    ThreadMessages.Result r = ThreadMessages.rename(0, calls);
    assertTrue(r.refused().isEmpty(), r.refused().toString());
    assertArrayEquals(new long[] {1, 0, 0}, ages());
  }

  @Test
  void aReceiveOfAnAgeBeyondTheProbedMessagesIsRefused() {
    mprobe(1, 0);
    mrecv(1, Op.MRECV, 1);
    assertEquals("rank 2: MPI_Mrecv takes message 1 of 1 probed",
        ThreadMessages.rename(2, calls).refused().orElseThrow());
  }
}
