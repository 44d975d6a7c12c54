package org.benchgen.expand;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.model.CommDef;
import org.benchgen.model.CompressedTrace;
import org.benchgen.model.ComputeStat;
import org.benchgen.model.Loop;
import org.benchgen.model.Node;
import org.benchgen.model.ParamEntry;
import org.benchgen.model.Rsd;
import org.benchgen.model.Values;
import org.benchgen.trace.Field;

import org.benchgen.trace.Interner;
import org.benchgen.trace.LiveRequests;
import org.benchgen.trace.Op;
import org.benchgen.trace.RawEvent;
import org.benchgen.trace.RawTraceReader;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * Expands a compressed trace back into one rank's event stream: the exact calls and parameters of
 * the traced run, in order. Times are synthesized from the histogram means (compute before each
 * call for its call path, then the call's mean duration), since compression keeps only summaries.
 * Streams: nothing but the current loop nest and one cursor per parameter is held.
 */
public final class Expander {
  private final CompressedTrace trace;
  private final Map<Integer, int[]> members = new HashMap<>();

  public Expander(CompressedTrace trace) {
    this.trace = trace;
    for (CommDef c : trace.comms()) {
      members.put(c.id(), c.members().stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /** Sends {@code rank}'s communicator definitions, then its events, to {@code sink}. */
  public void expand(int rank, RawTraceReader.Sink sink) {
    if (rank < 0 || rank >= trace.worldSize()) {
      throw new IllegalArgumentException("rank " + rank + " outside world of " + trace.worldSize());
    }
    for (CommDef c : trace.comms()) {
      if (c.members().contains(rank)) {
        sink.comm(c.id(), c.members().stream().mapToLong(Integer::longValue).toArray());
      }
    }
    new RankWalk(rank, sink).nodes(trace.body());
  }

  private final class RankWalk {
    private final int rank;
    private final RawTraceReader.Sink sink;
    private final Map<ParamEntry, PrimitiveIterator.OfLong> cursors = new IdentityHashMap<>();
    private final LiveRequests requests = new LiveRequests();
    private long clock;
    private String prevSite;

    RankWalk(int rank, RawTraceReader.Sink sink) {
      this.rank = rank;
      this.sink = sink;
    }

    void nodes(List<Node> nodes) {
      for (Node n : nodes) {
        if (!n.ranks().contains(rank)) {
          continue;
        }
        if (n instanceof Loop l) {
          ParamEntry e = l.trips().entryFor(rank).orElseThrow(() -> new TraceProblem(
              "no loop trip count for rank " + rank));
          long trips = next(e, "loop", "trips");
          for (long t = 0; t < trips; t++) {
            nodes(l.body());
          }
        } else {
          sink.event(event((Rsd) n));
        }
      }
    }

    /** The next value of {@code e} for this rank; {@code node} and {@code key} name it in errors. */
    private long next(ParamEntry e, String node, String key) {
      PrimitiveIterator.OfLong it = cursors.computeIfAbsent(e, x -> x.values().seq().iterator());
      if (!it.hasNext()) {
        throw new TraceProblem("the " + node + " " + key + " values of rank " + rank + " run out");
      }
      return it.nextLong();
    }

    private RawEvent event(Rsd r) {
      Op op = r.op();
      int n = op.fields().size();
      long[] values = new long[n];
      long[][] lists = new long[n][];
      boolean[] relative = new boolean[n];
      for (int i = 0; i < n; i++) {
        Field f = op.fields().get(i);
        Optional<ParamEntry> e = r.params().get(i).entryFor(rank);
        long v = e.isPresent() ? next(e.get(), op.mpiName(), f.key()) : Sym.ABSENT.code();
        relative[i] = e.isPresent() && e.get().values() instanceof Values.Relative;
        if (f.kind().isList()) {
          lists[i] = v == Sym.ABSENT.code() ? RawEvent.NO_LIST : Interner.list(v).clone();
          values[i] = Sym.ABSENT.code();
        } else {
          lists[i] = RawEvent.NO_LIST;
          values[i] = v;
        }
      }
      for (int i = 0; i < n; i++) {
        Field f = op.fields().get(i);
        if (f.isPeer() && relative[i] && !Sym.isSymbol(values[i])) {
          values[i] = absolute(values[i], values[op.slot(Field.COMM)]);
        }
      }
      requests.decode(op, values, lists);
      long compute = 0;
      if (prevSite != null) {
        for (ComputeStat c : r.compute()) {
          if (c.after().equals(prevSite)) {
            compute = Math.round(c.time().mean());
          }
        }
      }
      long enter = clock + compute;
      long exit = enter + Math.round(r.duration().mean());
      clock = exit;
      prevSite = r.site();
      return new RawEvent(op, r.site(), enter, exit, values, lists);
    }

    private long absolute(long rel, long comm) {
      int me;
      int size;
      if (comm == 0) {
        me = rank;
        size = trace.worldSize();
      } else {
        int[] m = members.get((int) comm);
        if (m == null) {
          throw new TraceProblem("communicator " + comm + " is not defined");
        }
        me = -1;
        for (int i = 0; i < m.length; i++) {
          me = m[i] == rank ? i : me;
        }
        size = m.length;
      }
      return Math.floorMod(me + rel, size);
    }
  }

}
