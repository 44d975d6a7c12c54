package org.benchgen.codegen.ncptl;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.benchgen.compress.ValueSeqBuilder;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;

/**
 * Which waits coNCePTuaL can say. Its only wait, AWAIT COMPLETION, completes every operation a
 * task has outstanding, where MPI_Wait completes one: written at a wait that leaves another
 * message open (the receive a pipelined code posts ahead), it would wait for a message whose
 * sender may be waiting for this task, a deadlock the traced run did not have. So a wait is
 * written only for the executions after which the task has no asynchronous message of the program
 * open: per rank, a sequence of 1 (nothing open) and 0 over the call's executions, compressed like
 * any parameter, which the statement tests where it changes (the last of three waits in a loop:
 * {@code i3 = 2}). The other executions are left out and their messages complete at a later such
 * wait (or at the program's end), which only blocks less. The same holds for the AWAIT after a
 * Sendrecv's two halves (nothing open before it). Found by walking every rank's calls once.
 */
final class Completions {
  /** Per completion call (and Sendrecv), per rank: 1 where the execution leaves nothing open. */
  private final Map<Rsd, Map<Integer, ValueSeqBuilder>> flags = new IdentityHashMap<>();

  Completions(CompressedTrace trace, Communicators comms) {
    for (int rank = 0; rank < trace.worldSize(); rank++) {
      TraversalContext walk = new TraversalContext(trace, rank, comms);
      StepDecoder decoder = new StepDecoder(trace.symbols());
      Set<Long> open = new HashSet<>();
      while (walk.hasNext()) {
        Step s = walk.next();
        RawEvent call = decoder.decode(s);
        Op op = call.op();
        if (op.kind() == OpKind.SENDRECV) {
          flag(s.rsd(), rank, open.isEmpty());
        }
        if (op.createsRequest()) {
          if (written(call)) {
            open.add(call.get(Field.REQ));
          }
          continue;
        }
        switch (op) {
          case WAIT, REQUEST_FREE -> open.remove(call.get(Field.REQ));
          case WAITALL -> {
            for (long id : call.list(Field.REQS)) {
              open.remove(id);
            }
          }
          default -> {
            for (long id : call.list(Field.DONE)) {
              open.remove(id);
            }
          }
        }
        if (op.kind() == OpKind.COMPLETION) {
          flag(s.rsd(), rank, open.isEmpty());
        }
      }
    }
  }

  private void flag(Rsd r, int rank, boolean nothingOpen) {
    flags.computeIfAbsent(r, k -> new HashMap<>())
        .computeIfAbsent(rank, k -> new ValueSeqBuilder()).push(nothingOpen ? 1 : 0);
  }

  /** Whether a request of {@code call} is an asynchronous message in the program. */
  private static boolean written(RawEvent call) {
    OpKind k = call.op().kind();
    long peer = call.get(k == OpKind.SEND ? Field.DEST : Field.SRC);
    return (k == OpKind.SEND || k == OpKind.RECV) && peer != Sym.PROC_NULL.code();
  }

  /**
   * Where {@code rank} waits at {@code r} (a completion call or a Sendrecv): per execution 1 where
   * it leaves nothing open, else 0.
   */
  ValueSeq waits(Rsd r, int rank) {
    Map<Integer, ValueSeqBuilder> byRank = flags.get(r);
    ValueSeqBuilder b = byRank == null ? null : byRank.get(rank);
    return b == null ? ValueSeq.of(1) : built.computeIfAbsent(b, ValueSeqBuilder::build);
  }

  private final Map<ValueSeqBuilder, ValueSeq> built = new IdentityHashMap<>();
}
