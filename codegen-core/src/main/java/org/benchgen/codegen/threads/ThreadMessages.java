package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Matched probes' messages on several threads of a rank, named per thread. The tracer names the
 * message an MPI_Mrecv or MPI_Imrecv takes by its age among the messages the whole rank probed
 * (MPI_Mprobe, MPI_Improbe that found one) and has not received, under its recording lock, so
 * the recorded order is the order of those ages and the probe of every receive can be found
 * again. The benchmark keeps each thread's probed messages apart (docs/codegen.md, "Threads"), so
 * each receive's {@code msg} becomes its message's age among its own thread's. A message probed
 * on one thread and received on another is refused, as a request is: the benchmark's thread
 * would not have it. Cost: the rank's calls, times the messages live at once.
 */
final class ThreadMessages {
  private ThreadMessages() {}

  /**
   * One probed message: the call that probed it, its thread, and whether it was probed from
   * MPI_PROC_NULL (its handle MPI_MESSAGE_NO_PROC, equal to every other such).
   */
  private record Probed(int call, int thread, boolean noProc) {}

  /**
   * Renames the messages of {@code calls} (one rank's, in recorded order) per thread, in place;
   * returns the pairs (probe, receive) of call indexes on MPI's main thread, whose blocks the
   * caller checks are one, or why the messages cannot be named per thread.
   */
  static Result rename(int rank, List<ThreadSplit.Call> calls) {
    List<Probed> live = new ArrayList<>();
    Map<Integer, List<Integer>> perThread = new HashMap<>();
    List<int[]> mainPairs = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      ThreadSplit.Call c = calls.get(i);
      RawEvent e = c.event();
      Op op = e.op();
      if (op == Op.MPROBE || (op == Op.IMPROBE && e.get(Field.FLAG) == 1)) {
        live.add(new Probed(i, c.thread(), e.get(Field.SRC) == Sym.PROC_NULL.code()));
        perThread.computeIfAbsent(c.thread(), k -> new ArrayList<>()).add(i);
      } else if (op == Op.MRECV || op == Op.IMRECV) {
        long age = e.get(Field.MSG);
        if (age < 0 || age >= live.size()) {
          return new Result(Optional.of("rank " + rank + ": " + op.mpiName() + " takes message "
              + age + " of " + live.size() + " probed"), List.of());
        }
        int at0 = live.size() - 1 - (int) age;
        if (live.get(at0).noProc() && live.get(at0).thread() != c.thread()) {
          // MPI_MESSAGE_NO_PROC handles are all equal: the tracer claims the receiving thread's
          // oldest (traces of before the claim named the rank's oldest); the receive took one of
          // its own thread's, the oldest as good as any.
          for (int j = 0; j < live.size(); j++) {
            if (live.get(j).noProc() && live.get(j).thread() == c.thread()) {
              at0 = j;
              break;
            }
          }
        }
        Probed p = live.remove(at0);
        if (p.thread() != c.thread()) {
          return new Result(Optional.of("rank " + rank + ": " + op.mpiName() + " on "
              + name(c.thread()) + " receives a message that " + calls.get(p.call()).event().op()
              .mpiName() + " matched on " + name(p.thread()) + "; each thread of the benchmark"
              + " keeps its own probed messages"), List.of());
        }
        List<Integer> own = perThread.get(c.thread());
        int at = own.indexOf(p.call());
        own.remove(at);
        long[] values = e.values().clone();
        values[op.slot(Field.MSG)] = own.size() - at;
        calls.set(i, new ThreadSplit.Call(c.thread(), new RawEvent(op, e.site(), e.enter(),
            e.exit(), values, e.lists(), e.cpu()), c.compute(), c.duration(), c.cpu()));
        if (c.thread() == 0) {
          mainPairs.add(new int[] {p.call(), i});
        }
      }
    }
    return new Result(Optional.empty(), mainPairs);
  }

  /** Why messages cannot be named per thread (empty: renamed), and the main thread's pairs. */
  record Result(Optional<String> refused, List<int[]> mainPairs) {}

  private static String name(int thread) {
    return thread == 0 ? "MPI's main thread" : "thread " + thread;
  }
}
