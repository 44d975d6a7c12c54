package org.benchgen.expand;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.PeriodicLoops;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;

/**
 * Expands a compressed trace back into one rank's event stream: the exact calls and parameters of
 * the traced run, in order. Times are synthesized from the histogram means (compute before each
 * call for its call path, then the call's mean duration), since compression keeps only summaries;
 * the mean CPU time of the interval too, where the trace has it.
 * Streams: one {@link TraversalContext} per rank, nothing more.
 */
public final class Expander {
  private final CompressedTrace trace;
  private final Communicators comms;
  /** Which loops repeat on which ranks, found once for the walks of all ranks. */
  private final PeriodicLoops periodic = new PeriodicLoops();

  public Expander(CompressedTrace trace) {
    this.trace = trace;
    this.comms = new Communicators(trace);
  }

  /** Sends {@code rank}'s communicator definitions, then its events, to {@code sink}. */
  public void expand(int rank, RawTraceReader.Sink sink) {
    walk(rank, new StepSink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {
        sink.comm(id, members, remote);
      }

      @Override
      public void call(Step step, RawEvent event) {
        sink.event(event);
      }
    });
  }

  /**
   * Receives a rank's communicator definitions, then its calls as they are expanded: the step
   * (its loops too) and its event.
   */
  public interface StepSink {
    /** As {@link RawTraceReader.Sink#comm}. */
    void comm(long id, long[] members, long[] remote);

    void call(Step step, RawEvent event);
  }

  /**
   * Sends {@code rank}'s communicator definitions, then its calls in order, to {@code sink}: each
   * with the step it comes from (for a caller that wants the loops a call is in) and its event.
   */
  public void walk(int rank, StepSink sink) {
    walk(rank, sink, Optional.empty());
  }

  private void walk(int rank, StepSink sink, Optional<RepeatSink<?>> sums) {
    if (rank < 0 || rank >= trace.worldSize()) {
      throw new IllegalArgumentException("rank " + rank + " outside world of " + trace.worldSize());
    }
    for (CommDef c : trace.comms()) {
      if (c.rankOf(rank) >= 0) {
        sink.comm(c.id(), c.localOf(rank).stream().mapToLong(Integer::longValue).toArray(),
            c.isInter() ? c.remoteOf(rank).stream().mapToLong(Integer::longValue).toArray()
                : new long[0]);
      }
    }
    new RankWalk(rank, sink, sums).run();
  }

  /**
   * As {@link #walk}, but where a loop of more than two trips reads the same values at every
   * iteration on {@code rank}, only its first two iterations are walked: {@code sink} marks where
   * the second starts and is told, where the third would, how many more times the second happens
   * and how long it took (each iteration after the first makes the same calls, with the same
   * values and times). Its cost follows the trace's loops, not the run's iterations (issue 50).
   * A loop whose second iteration leaves the live requests other than it found them (a thread's
   * loop of MPI_Isend completed by one MPI_Waitall after it) is walked whole: the iterations
   * skipped would have created the requests that the calls after the loop name by age.
   */
  public <M> void walkRepeating(int rank, RepeatSink<M> sink) {
    walk(rank, sink, Optional.of(sink));
  }

  /**
   * Where a repeating loop's second iteration started: the sink's mark, the clock and the live
   * requests' shape.
   */
  private record Mark<M>(Loop loop, long clock, M sums, boolean[] requests) {}

  private final class RankWalk {
    private final int rank;
    private final TraversalContext context;
    private final StepSink sink;
    private final StepDecoder decoder = new StepDecoder(trace.symbols());
    private long clock;
    private String prevSite;

    /** Where the rank's repeating loops are being summed: their marks, on the sums' sink. */
    private final Optional<Marks<?>> marks;

    RankWalk(int rank, StepSink sink, Optional<RepeatSink<?>> sums) {
      this.rank = rank;
      this.context = new TraversalContext(trace, rank, comms);
      this.sink = sink;
      this.marks = sums.map(Marks::new);
    }

    void run() {
      while (context.hasNext()) {
        if (marks.isPresent() && !marks.get().before()) {
          continue; // the rest of a loop was counted: look again from where that leaves the rank
        }
        Step s = context.next();
        sink.call(s, event(s));
      }
    }

    /** The marks of the repeating loops the rank is inside, innermost on top. */
    private final class Marks<M> {
      private final RepeatSink<M> sums;
      private final ArrayDeque<Mark<M>> open = new ArrayDeque<>();

      Marks(RepeatSink<M> sums) {
        this.sums = sums;
      }

      /**
       * Before the next call: where it opens the third iteration of the loop marked last, the
       * rest of that loop is counted and skipped (false: the rank moved); where it opens the
       * second of a repeating loop, a mark.
       */
      boolean before() {
        Optional<Loop> third = context.openingIteration(2);
        if (third.isPresent() && !open.isEmpty() && open.peek().loop() == third.get()) {
          Mark<M> m = open.pop();
          // An iteration that changed the live requests is not repeated: walk the rest.
          if (Arrays.equals(m.requests(), decoder.requestShape())) {
            long times = context.tripsOf(m.loop()) - 2;
            long ns = clock - m.clock();
            sums.repeat(m.sums(), times, ns);
            clock += ns * times;
            context.skipRestOf(m.loop());
            return false;
          }
        }
        Optional<Loop> second = context.openingIteration(1);
        if (second.isPresent() && context.tripsOf(second.get()) > 2
            && periodic.on(second.get(), rank)) {
          open.push(new Mark<>(second.get(), clock, sums.mark(), decoder.requestShape()));
        }
        return true;
      }
    }

    private RawEvent event(Step s) {
      Rsd r = s.rsd();
      RawEvent call = decoder.decode(s);
      long compute = 0;
      long cpu = RawEvent.NO_CPU;
      if (prevSite != null) {
        for (ComputeStat c : r.compute()) {
          if (c.after().equals(prevSite)) {
            compute = Math.round(c.timeOf(rank).mean());
            OptionalDouble mean = c.cpuOf(rank);
            cpu = mean.isPresent() ? Math.round(mean.getAsDouble()) : RawEvent.NO_CPU;
          }
        }
      }
      long enter = clock + compute;
      long exit = enter + Math.round(r.duration().mean());
      clock = exit;
      prevSite = r.site();
      return new RawEvent(r.op(), r.site(), enter, exit, call.values(), call.lists(), cpu);
    }
  }
}
