package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;

/**
 * Where a generated program keeps each communicator: slot 0 is the world; each call that creates
 * communicators (an RSD with {@code newcomm}) has as many slots as it has results alive at once
 * on one rank, usually one. So the row communicators of a split are one slot however many rows
 * there are, a communicator created and freed in a loop is one slot however many iterations, and
 * four results of one call kept alive together are four slots, each freed once. Calls that make
 * a communicator in common (ranks that started nonblocking creations in different orders), and
 * calls at one site (one call in an irregular section), share their slots, as one call would. A
 * communicator no recorded call created (the tracer defines those from their members) gets a slot built at
 * start-up; all single-rank ones share the slot of MPI_COMM_SELF.
 */
public final class CommSlots {
  private final Map<Long, Integer> slotOfComm = new HashMap<>();
  /** By call ({@link #key}): the slot of a null result, and how many slots the call fills. */
  private final Map<String, Integer> nullSlot = new HashMap<>();
  private final Map<String, Integer> width = new HashMap<>();
  private final Map<Integer, List<Integer>> uncreated = new LinkedHashMap<>();
  private Optional<CommDef> uncreatedInter = Optional.empty();
  private int selfSlot = -1;
  private int slots = 1;

  public CommSlots(CompressedTrace trace, Communicators comms) {
    slotOfComm.put(0L, 0);
    // Each creating call, in program order, and the communicators it makes (by identity: two
    // calls alike are two calls).
    List<Rsd> creators = new ArrayList<>();
    List<Set<Long>> made = new ArrayList<>();
    boolean[] repeats = {false};
    new NodeScanner() {
      private int repeating;

      @Override
      public void visitRsd(Rsd r) {
        if (r.op().kind() == OpKind.COMM_CREATE) {
          creators.add(r);
          made.add(ids(r));
          repeats[0] |= repeating > 0 && made.get(made.size() - 1).size() > 1;
        }
      }

      @Override
      public void visitLoop(org.benchgen.ir.Loop loop) {
        int more = loop.trips().leaves().anyMatch(t -> t > 1) ? 1 : 0;
        repeating += more;
        super.visitLoop(loop);
        repeating -= more;
      }
    }.scan(trace.body());
    // Calls that make a communicator in common (ranks that start nonblocking creations in
    // different orders), and calls at one site (which an irregular section makes one call),
    // share one pool of slots.
    Map<Rsd, Rsd> pool = pools(creators, made);
    boolean shared = creators.stream().anyMatch(r -> pool.get(r) != r);
    // Only a call that one rank makes several times, or calls that share a pool, can have two
    // results alive at once on a rank.
    LiveColours colour = repeats[0] || shared ? LiveColours.of(trace, comms, pool)
        : LiveColours.none();
    Map<Rsd, Integer> poolWidth = new IdentityHashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      for (long id : made.get(i)) {
        poolWidth.merge(pool.get(creators.get(i)), colour.of(id) + 1, Math::max);
      }
      poolWidth.putIfAbsent(pool.get(creators.get(i)), 1);
    }
    Map<Rsd, Integer> poolFirst = new IdentityHashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      Rsd r = creators.get(i);
      Rsd p = pool.get(r);
      // A rank that gets MPI_COMM_NULL while the first slot holds one of the pool's: the null
      // result goes to a slot of its own, after the others.
      boolean nullApart = colour.nullOverLive(p);
      int w = poolWidth.get(p);
      int first = poolFirst.computeIfAbsent(p, x -> {
        slots += w + (nullApart ? 1 : 0);
        return slots - w - (nullApart ? 1 : 0);
      });
      for (long id : made.get(i)) {
        slotOfComm.putIfAbsent(id, first + colour.of(id));
      }
      nullSlot.put(key(r), nullApart ? first + w : first);
      width.put(key(r), w + (nullApart ? 1 : 0));
    }
    for (CommDef c : trace.comms()) {
      if (slotOfComm.containsKey(c.id())) {
        continue;
      }
      if (c.isInter() && uncreatedInter.isEmpty()) {
        uncreatedInter = Optional.of(c);
      }
      if (c.members().size() == 1) {
        // Every rank's MPI_COMM_SELF (or a copy of it) is one slot.
        if (selfSlot < 0) {
          selfSlot = slots++;
        }
        slotOfComm.put(c.id(), selfSlot);
      } else {
        slotOfComm.put(c.id(), slots);
        uncreated.put(slots++, c.members());
      }
    }
  }

  private static Set<Long> ids(Rsd r) {
    Set<Long> s = new HashSet<>();
    r.param(Field.NEWCOMM).leaves().filter(v -> !Sym.isSymbol(v)).forEach(s::add);
    return s;
  }

  /** A call by what it is: its shape, which the RSDs an irregular section merges share. */
  private static String key(Rsd r) {
    return IrregularSections.key(r.op(), r.site());
  }

  /**
   * Each creating call's pool: the first of the calls it shares a communicator or its site with,
   * at length.
   */
  private static Map<Rsd, Rsd> pools(List<Rsd> creators, List<Set<Long>> made) {
    Map<Rsd, Rsd> parent = new IdentityHashMap<>();
    Map<Long, Rsd> maker = new HashMap<>();
    Map<String, Rsd> atSite = new HashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      Rsd r = creators.get(i);
      parent.put(r, r);
      join(parent, atSite.putIfAbsent(key(r), r), r);
      for (long id : made.get(i)) {
        join(parent, maker.putIfAbsent(id, r), r);
      }
    }
    Map<Rsd, Rsd> out = new IdentityHashMap<>();
    creators.forEach(r -> out.put(r, root(parent, r)));
    return out;
  }

  /** Puts {@code r}'s pool into {@code earlier}'s (none: nothing to join). */
  private static void join(Map<Rsd, Rsd> parent, Rsd earlier, Rsd r) {
    if (earlier == null) {
      return;
    }
    Rsd a = root(parent, earlier);
    Rsd b = root(parent, r);
    if (a != b) {
      parent.put(b, a); // a came first: it stays the root
    }
  }

  private static Rsd root(Map<Rsd, Rsd> parent, Rsd r) {
    while (parent.get(r) != r) {
      r = parent.get(r);
    }
    return r;
  }

  /** How many slots the program needs. */
  public int count() {
    return slots;
  }

  /** The slot of communicator {@code id}. */
  public int of(long id) {
    Integer s = slotOfComm.get(id);
    if (s == null) {
      throw new IllegalStateException("communicator " + id + " is used but never defined");
    }
    return s;
  }

  /**
   * The slot that the communicator-creating RSD {@code creator} (or one of a section that merges
   * the calls at its site) fills with {@code id}, or where the rank gets MPI_COMM_NULL ({@code
   * id} a symbol): its first slot, or one apart where that may hold a live one.
   */
  public int createdBy(Rsd creator, long id) {
    return Sym.isSymbol(id) ? nullSlot.get(key(creator)) : of(id);
  }

  /** Whether {@code creator} fills one slot only, whatever it creates. */
  public boolean oneSlot(Rsd creator) {
    return width.get(key(creator)) == 1;
  }

  /** Communicators of more than one rank that no recorded call created: slot to world ranks. */
  public Map<Integer, List<Integer>> uncreated() {
    return uncreated;
  }

  /**
   * An intercommunicator that no recorded call created, if any: a process outside the run made
   * it (the tracer says so: MPI_Comm_spawn, connect, accept, join), or the trace was not written
   * by the tracer. Its members alone cannot make it.
   */
  public Optional<CommDef> uncreatedIntercommunicator() {
    return uncreatedInter;
  }

  /** The slot that holds MPI_COMM_SELF, if a single-rank communicator no call created is used. */
  public Optional<Integer> selfSlot() {
    return selfSlot < 0 ? Optional.empty() : Optional.of(selfSlot);
  }
}
