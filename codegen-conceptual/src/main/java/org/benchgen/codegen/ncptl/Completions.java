package org.benchgen.codegen.ncptl;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
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
 * written only where, on every rank and every time, it leaves no asynchronous message of the
 * program open; the others are left out and their messages complete at a later such wait (or at
 * the program's end), which only blocks less. The same holds for the AWAIT after a Sendrecv's
 * two halves. Found by walking every rank's calls once.
 */
final class Completions {
  /** Completion calls (and Sendrecvs) that some time leave a message of the task open. */
  private final Set<Rsd> partial = Collections.newSetFromMap(new IdentityHashMap<>());

  Completions(CompressedTrace trace) {
    Communicators comms = new Communicators(trace);
    for (int rank = 0; rank < trace.worldSize(); rank++) {
      TraversalContext walk = new TraversalContext(trace, rank, comms);
      StepDecoder decoder = new StepDecoder(trace.symbols());
      Set<Long> open = new HashSet<>();
      while (walk.hasNext()) {
        Step s = walk.next();
        RawEvent call = decoder.decode(s);
        Op op = call.op();
        if (op.kind() == OpKind.SENDRECV && !open.isEmpty()) {
          partial.add(s.rsd());
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
        if (op.kind() == OpKind.COMPLETION && !open.isEmpty()) {
          partial.add(s.rsd());
        }
      }
    }
  }

  /** Whether a request of {@code call} is an asynchronous message in the program. */
  private static boolean written(RawEvent call) {
    OpKind k = call.op().kind();
    long peer = call.get(k == OpKind.SEND ? Field.DEST : Field.SRC);
    return (k == OpKind.SEND || k == OpKind.RECV) && peer != Sym.PROC_NULL.code();
  }

  /** Whether {@code r} (a completion call or a Sendrecv) may leave a message open. */
  boolean leavesOpen(Rsd r) {
    return partial.contains(r);
  }
}
