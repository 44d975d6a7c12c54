package org.benchgen.resolve;

import java.util.List;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.TraceThreads;
import org.benchgen.trace.Op;

/**
 * Every point-to-point message of a trace, as the resolver's matching simulation matches it (MPI's
 * order, recorded sources of wildcard receives kept): who sent it to whom, on which communicator
 * and tag, how many bytes, and the two calls, by their place in each rank's calls. For the query
 * engine's {@code messages}: one matching for resolution, waits and queries.
 */
public final class MatchedMessages {
  private MatchedMessages() {}

  /**
   * A matched message: world ranks {@code src} and {@code dst}, the send's tag and bytes, the
   * functions that sent and received it ({@code MPI_Isend}, {@code MPI_Irecv}; a persistent one's
   * _init), the sending call ({@code sendSeq}, a call's place among its rank's calls, 0 first;
   * MPI_Start's for a persistent send), the call that posted the receive ({@code recvSeq}) and
   * the one that completed it ({@code doneSeq}: the receive itself where blocking, else the wait
   * or test that completed its request, or {@code recvSeq} where the trace has none).
   */
  public record Match(int src, int dst, long comm, long tag, long bytes, Op sendOp, Op recvOp,
      long sendSeq, long recvSeq, long doneSeq) {}

  /** Takes the messages as they are matched. */
  public interface Sink {
    void matched(Match m);
  }

  /** What a run says beside its messages. */
  public sealed interface Outcome {}

  /** Every call of every rank ran. */
  public record Complete() implements Outcome {}

  /** The matching stopped early (a deadlock, ...): the messages cover only what ran. */
  public record Stopped(String why) implements Outcome {}

  /** Ranks called MPI from several threads: the matching follows one thread a rank. */
  public record NotRun(String why) implements Outcome {}

  /** Matches every message of {@code trace}, handing each to {@code sink}. */
  public static Outcome run(CompressedTrace trace, Sink sink) {
    Optional<String> threads = TraceThreads.several(trace);
    if (threads.isPresent()) {
      return new NotRun(threads.get() + ", and the matching follows one thread per rank");
    }
    MatchLog log = new MatchLog(Optional.of(sink));
    MatchingSimulation sim = new MatchingSimulation(trace, false, List.of(), WaitCharges.NONE,
        log);
    sim.run();
    log.finish();
    return new DeadlockReport(sim).problem().<Outcome>map(f -> new Stopped(f.toString()))
        .orElse(new Complete());
  }
}
