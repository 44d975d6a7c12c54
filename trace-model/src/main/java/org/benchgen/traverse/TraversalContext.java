package org.benchgen.traverse;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * One rank's place in a compressed trace: the loop stack (body, index, iteration, trips per
 * level) and one cursor per parameter entry the rank has read. {@link #peek()} and {@link #next()}
 * give the rank's calls in order, skipping nodes whose rank list does not hold the rank and running
 * each loop as many times as the rank's next trip count says. Positions of two contexts on the
 * same trace compare in program order ({@link #comparePosition}), which lets a scheduler move ranks
 * that are at the same point together.
 */
public final class TraversalContext {
  private final CompressedTrace trace;
  private final int rank;
  private final Communicators comms;
  private final Map<ParamEntry, PrimitiveIterator.OfLong> cursors = new IdentityHashMap<>();
  /** The rank's slots per RSD: its class's shared table, or a copy holding its own cursors. */
  private final Map<Rsd, SlotTables.Table> rsdSlots = new IdentityHashMap<>();
  private final SlotTables tables;
  private final ArrayList<Frame> stack = new ArrayList<>();
  /** Whether the top frame's index points at the rank's next RSD. */
  private boolean positioned;

  private static final class Frame {
    final List<Node> body;
    final Loop loop;
    final long trips;
    int index;
    long iteration;
    /** Where the frame's current iteration is; remade when the iteration changes. */
    LoopPath path;
    /** The iteration in which the rank last took a call inside this frame; -1 before any. */
    long takenIn = -1;

    Frame(List<Node> body, Loop loop, long trips, LoopPath outer) {
      this.body = body;
      this.loop = loop;
      this.trips = trips;
      this.path = loop == null ? outer : outer.in(loop, 0, trips);
    }

    /** The frame's path after its iteration changed. */
    void moved(LoopPath outer) {
      path = outer.in(loop, iteration, trips);
    }
  }

  public TraversalContext(CompressedTrace trace, int rank) {
    this(trace, rank, new Communicators(trace));
  }

  /** Shares {@code comms} with the other contexts of the trace. */
  public TraversalContext(CompressedTrace trace, int rank, Communicators comms) {
    this(trace, rank, comms, new SlotTables());
  }

  /**
   * Shares {@code comms} and {@code tables} with the other contexts of the trace: where many
   * ranks are walked together, each class of ranks' slots are then held once.
   */
  public TraversalContext(CompressedTrace trace, int rank, Communicators comms,
      SlotTables tables) {
    if (rank < 0 || rank >= trace.worldSize()) {
      throw new IllegalArgumentException("rank " + rank + " outside world of " + trace.worldSize());
    }
    this.trace = trace;
    this.rank = rank;
    this.comms = comms;
    this.tables = tables;
    stack.add(new Frame(trace.body(), null, 1, LoopPath.TOP));
  }

  public int rank() {
    return rank;
  }

  /** Whether the rank has calls left. */
  public boolean hasNext() {
    return position();
  }

  /** The RSD of the rank's next call, without taking it; empty at the end. */
  public Optional<Rsd> peek() {
    return position() ? Optional.of((Rsd) top().body.get(top().index)) : Optional.empty();
  }

  /** The rank's next call; reads its parameter values and moves past it. */
  public Step next() {
    if (!position()) {
      throw new java.util.NoSuchElementException("rank " + rank + " has no calls left");
    }
    Frame f = top();
    Rsd r = (Rsd) f.body.get(f.index);
    Step s = step(r);
    f.index++;
    for (Frame g : stack) {
      g.takenIn = g.iteration;
    }
    positioned = false;
    return s;
  }

  /**
   * The loop whose iteration {@code k} the rank's next call opens, no call of that iteration
   * taken yet (the outermost such loop whose iteration is 1 or 2); empty elsewhere. A simulation
   * may stop ranks there, where an iteration has just ended, to see whether the others would
   * repeat it.
   */
  public Optional<Loop> openingIteration(long k) {
    if (!position()) {
      return Optional.empty();
    }
    for (int i = 1; i < stack.size(); i++) {
      Frame f = stack.get(i);
      if ((f.iteration == 1 || f.iteration == 2) && f.takenIn != f.iteration) {
        return f.iteration == k ? Optional.of(f.loop) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * The outermost loop whose instance the rank's next call begins (its iteration 0, no call of
   * it taken yet) among {@code among}; empty elsewhere. A simulation may take the whole instance
   * as made there, where it has taken another instance's iterations so before.
   */
  public Optional<Loop> entering(java.util.Set<Loop> among) {
    if (among.isEmpty() || !position()) {
      return Optional.empty();
    }
    for (int i = 1; i < stack.size(); i++) {
      Frame f = stack.get(i);
      if (f.iteration == 0 && f.takenIn == -1 && among.contains(f.loop)) {
        return Optional.of(f.loop);
      }
    }
    return Optional.empty();
  }

  /**
   * Where the rank's current instance of {@code l} is, down to its iteration: the iteration of
   * each loop around it and its own; empty when the rank is not inside it. Ranks with equal
   * answers are in the same iteration of the same instance, wherever in it they stand.
   */
  public List<Long> iterationOf(Loop l) {
    List<Long> out = new ArrayList<>();
    for (int i = 1; i < stack.size(); i++) {
      Frame f = stack.get(i);
      out.add(f.iteration);
      if (f.loop == l) {
        return out;
      }
    }
    return List.of();
  }

  /** The trip count of the rank's current instance of {@code l}; -1 when it is not inside it. */
  public long tripsOf(Loop l) {
    for (int i = 1; i < stack.size(); i++) {
      if (stack.get(i).loop == l) {
        return stack.get(i).trips;
      }
    }
    return -1;
  }

  /**
   * Moves the rank from the start of an iteration of {@code l} to the end of the loop: the
   * iterations left are taken as made, without their calls. Sound only where every iteration
   * reads the same values (each cursor of the loop's body at the start of its cycle at every
   * iteration's start, inner loops of one trip count) and an iteration started with nothing in
   * flight ends so; the caller checks both.
   */
  public void skipRestOf(Loop l) {
    for (int i = 1; i < stack.size(); i++) {
      Frame f = stack.get(i);
      if (f.loop == l) {
        while (stack.size() > i + 1) {
          stack.remove(stack.size() - 1); // inner loops entered for the iteration's first call
        }
        f.iteration = f.trips - 1;
        f.index = f.body.size();
        f.moved(stack.get(i - 1).path);
        // The calls skipped count as taken: the iterations around no longer open here.
        for (int j = 0; j <= i; j++) {
          stack.get(j).takenIn = stack.get(j).iteration;
        }
        positioned = false;
        return;
      }
    }
    throw new IllegalStateException("rank " + rank + " is not inside the loop");
  }

  /**
   * An order of the two contexts' next calls for schedulers that move many ranks: negative when
   * this one's comes first. Within one loop instance it is program order; when the two are inside
   * different sibling loops, their iteration counts are compared first, so that ranks running
   * parallel loops (a collective's two call sites, each in its own loop) interleave iteration by
   * iteration. A context at its end comes last. 0 exactly when both are at the same node.
   */
  public int comparePosition(TraversalContext o) {
    boolean a = position();
    boolean b = o.position();
    if (!a || !b) {
      return Boolean.compare(!a, !b);
    }
    int n = Math.min(stack.size(), o.stack.size());
    for (int i = 0; i < n; i++) {
      Frame x = stack.get(i);
      Frame y = o.stack.get(i);
      if (i > 0 && x.iteration != y.iteration) {
        return Long.compare(x.iteration, y.iteration);
      }
      if (x.index != y.index) {
        for (int j = i + 1; j < n; j++) {
          Frame u = stack.get(j);
          Frame v = o.stack.get(j);
          if (u.iteration != v.iteration) {
            return Long.compare(u.iteration, v.iteration);
          }
          if (u.index != v.index) {
            return Integer.compare(u.index, v.index);
          }
        }
        return Integer.compare(x.index, y.index);
      }
    }
    // Equal prefixes: the deeper one is inside the loop the other stands at, so not before it.
    return Integer.compare(stack.size(), o.stack.size());
  }

  private Frame top() {
    return stack.get(stack.size() - 1);
  }

  /** Moves to the rank's next RSD; false at the end. */
  private boolean position() {
    if (positioned) {
      return true;
    }
    while (!stack.isEmpty()) {
      Frame f = top();
      if (f.index >= f.body.size()) {
        if (f.loop != null && ++f.iteration < f.trips) {
          f.index = 0;
          f.moved(stack.get(stack.size() - 2).path);
          continue;
        }
        stack.remove(stack.size() - 1);
        if (!stack.isEmpty()) {
          top().index++;
        }
        continue;
      }
      Node n = f.body.get(f.index);
      if (!n.ranks().contains(rank)) {
        f.index++;
      } else if (n instanceof Loop l) {
        ParamEntry e = l.trips().entryFor(rank).orElseThrow(() -> new TraceProblem(
            "no loop trip count for rank " + rank));
        long trips = next(e, "loop", "trips");
        if (trips <= 0) {
          f.index++;
        } else {
          stack.add(new Frame(l.body(), l, trips, f.path));
        }
      } else {
        positioned = true;
        return true;
      }
    }
    return false;
  }

  /** The next value of {@code e} for this rank; {@code node} and {@code key} name it in errors. */
  private long next(ParamEntry e, String node, String key) {
    PrimitiveIterator.OfLong it = cursor(e);
    if (!it.hasNext()) {
      throw new TraceProblem("the " + node + " " + key + " values of rank " + rank + " run out");
    }
    return it.nextLong();
  }

  /**
   * The rank's cursor of {@code e}: a single value needs none of its own (the shared constant),
   * which keeps most entries of a regular code out of the rank's map.
   */
  private PrimitiveIterator.OfLong cursor(ParamEntry e) {
    if (e.values().seq().isSingleValue()) {
      return e.values().seq().iterator();
    }
    return cursors.computeIfAbsent(e, x -> x.values().seq().iterator());
  }

  /**
   * The rank's slots of an RSD, found once per RSD: the entry a rank reads never changes. Its
   * class's table where every entry is one value, else a copy with the rank's own cursors.
   */
  private SlotTables.Table slotsOf(Rsd r) {
    SlotTables.Table t = rsdSlots.get(r);
    if (t == null) {
      t = tables.of(r, rank);
      if (!t.shared()) {
        PrimitiveIterator.OfLong[] c = t.cursors().clone();
        for (int i = 0; i < c.length; i++) {
          if (c[i] == null && t.entries()[i] != null) {
            c[i] = cursor(t.entries()[i]);
          }
        }
        t = new SlotTables.Table(t.entries(), c, t.relative(), t.peers(), false);
      }
      rsdSlots.put(r, t);
    }
    return t;
  }

  private Step step(Rsd r) {
    Op op = r.op();
    int n = op.fields().size();
    long[] stored = new long[n];
    SlotTables.Table slots = slotsOf(r);
    PrimitiveIterator.OfLong[] c = slots.cursors();
    boolean[] relative = slots.relative();
    for (int i = 0; i < n; i++) {
      if (c[i] == null) {
        stored[i] = Sym.ABSENT.code();
        continue;
      }
      if (!c[i].hasNext()) {
        throw new TraceProblem("the " + op.mpiName() + " " + op.fields().get(i).key()
            + " values of rank " + rank + " run out");
      }
      stored[i] = c[i].nextLong();
    }
    long[] values = stored;
    for (int i = 0; i < n; i++) {
      if (relative[i] && !Sym.isSymbol(stored[i])) {
        values = values == stored ? stored.clone() : values;
        values[i] = absolute(stored[i], stored[op.slot(Field.COMM)]);
      }
    }
    for (int i : slots.peers()) {
      checkPeer(r, op.fields().get(i), values[i], values[op.slot(Field.COMM)]);
    }
    return new Step(rank, r, stored, relative, values, top().path);
  }

  /**
   * Refuses a peer outside the call's communicator: the reader checks peers against the largest
   * communicator an RSD uses, and only here is the communicator of each call known.
   */
  private void checkPeer(Rsd r, Field f, long peer, long comm) {
    if (Sym.isSymbol(peer)) {
      // MPI_ROOT and MPI_PROC_NULL roots are an intercommunicator's (the checks keep them off
      // other fields).
      if (f == Field.ROOT && !comms.isInter(comm)) {
        throw new TraceProblem(r.op().mpiName() + " at " + r.site() + " on rank " + rank
            + ": root=" + Sym.of(peer).text() + " on communicator " + comm
            + ", which is not an intercommunicator");
      }
      return;
    }
    int n = comms.peerSize(comm, rank);
    if (peer < 0 || peer >= n) {
      throw new TraceProblem(r.op().mpiName() + " at " + r.site() + " on rank " + rank + ": "
          + f.key() + "=" + peer + " is outside communicator " + comm + " (size " + n
          + (comms.isInter(comm) ? ", its remote group" : "") + ")");
    }
  }

  private long absolute(long rel, long comm) {
    int me = comms.rankIn(comm, rank);
    if (me < 0) {
      throw new TraceProblem("rank " + rank + " uses communicator " + comm
          + " but is not a member of it");
    }
    return Math.floorMod(me + rel, comms.peerSize(comm, rank));
  }
}
