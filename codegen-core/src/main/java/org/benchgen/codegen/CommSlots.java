package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.BitSet;
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
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * Where a generated program keeps each communicator: slot 0 is the world; each call that creates
 * communicators (an RSD with {@code newcomm}) has as many slots as it has results alive at once
 * on one rank, usually one. So the row communicators of a split are one slot however many rows
 * there are, a communicator created and freed in a loop is one slot however many iterations, and
 * four results of one call kept alive together are four slots, each freed once. Calls that make
 * a communicator in common (ranks that started nonblocking creations in different orders) share
 * their slots, as one call would. A communicator no
 * recorded call created (the tracer defines those from their members) gets a slot built at
 * start-up; all single-rank ones share the slot of MPI_COMM_SELF.
 */
public final class CommSlots {
  private final Map<Long, Integer> slotOfComm = new HashMap<>();
  private final Map<Rsd, Integer> firstSlot = new IdentityHashMap<>();
  private final Map<Rsd, Integer> width = new IdentityHashMap<>();
  private final Map<Integer, List<Integer>> uncreated = new LinkedHashMap<>();
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
    // different orders) share one pool of slots.
    Map<Rsd, Rsd> pool = pools(creators, made);
    boolean shared = creators.stream().anyMatch(r -> pool.get(r) != r);
    // Only a call that one rank makes several times, or calls that share communicators, can have
    // two results alive at once on a rank.
    Map<Long, Integer> colour = repeats[0] || shared ? LiveColours.of(trace, comms, pool)
        : Map.of();
    Map<Rsd, Integer> poolWidth = new IdentityHashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      for (long id : made.get(i)) {
        poolWidth.merge(pool.get(creators.get(i)), colour.getOrDefault(id, 0) + 1, Math::max);
      }
      poolWidth.putIfAbsent(pool.get(creators.get(i)), 1);
    }
    Map<Rsd, Integer> poolFirst = new IdentityHashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      Rsd r = creators.get(i);
      Rsd p = pool.get(r);
      int w = poolWidth.get(p);
      int first = poolFirst.computeIfAbsent(p, x -> {
        slots += w;
        return slots - w;
      });
      for (long id : made.get(i)) {
        slotOfComm.putIfAbsent(id, first + colour.getOrDefault(id, 0));
      }
      firstSlot.put(r, first);
      width.put(r, w);
    }
    for (CommDef c : trace.comms()) {
      if (slotOfComm.containsKey(c.id())) {
        continue;
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

  /** Each creating call's pool: the first of the calls it shares a communicator with, at length. */
  private static Map<Rsd, Rsd> pools(List<Rsd> creators, List<Set<Long>> made) {
    Map<Rsd, Rsd> parent = new IdentityHashMap<>();
    Map<Long, Rsd> maker = new HashMap<>();
    for (int i = 0; i < creators.size(); i++) {
      Rsd r = creators.get(i);
      parent.put(r, r);
      for (long id : made.get(i)) {
        Rsd other = maker.putIfAbsent(id, r);
        if (other != null) {
          Rsd a = root(parent, other);
          Rsd b = root(parent, r);
          if (a != b) {
            parent.put(b, a); // a came first: it stays the root
          }
        }
      }
    }
    Map<Rsd, Rsd> out = new IdentityHashMap<>();
    creators.forEach(r -> out.put(r, root(parent, r)));
    return out;
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
   * The slot that the communicator-creating RSD {@code creator} fills with {@code id}, or, where
   * the rank gets MPI_COMM_NULL ({@code id} a symbol), its first slot.
   */
  public int createdBy(Rsd creator, long id) {
    return Sym.isSymbol(id) ? firstSlot.get(creator) : of(id);
  }

  /** Whether {@code creator} fills one slot only, whatever it creates. */
  public boolean oneSlot(Rsd creator) {
    return width.get(creator) == 1;
  }

  /** Communicators of more than one rank that no recorded call created: slot to world ranks. */
  public Map<Integer, List<Integer>> uncreated() {
    return uncreated;
  }

  /** The slot that holds MPI_COMM_SELF, if a single-rank communicator no call created is used. */
  public Optional<Integer> selfSlot() {
    return selfSlot < 0 ? Optional.empty() : Optional.of(selfSlot);
  }

  /**
   * Numbers the communicators each call (each pool of calls) creates so that no two alive at once
   * on a rank share a number: at its creation a communicator takes the lowest number none of its
   * creator's live ones holds on any rank that has it, and keeps it. Ranks are walked one after
   * the other; the number a communicator took on an earlier rank is checked, on each later one,
   * against that rank's live communicators, and where it clashes (ranks that keep communicators
   * alive in different orders) every communicator of the call gets a number of its own.
   */
  private static final class LiveColours {
    private final Map<Long, Integer> colour = new HashMap<>();
    private final Map<Long, Rsd> creatorOf = new HashMap<>();
    private final Set<Rsd> clashed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    private final Map<Rsd, Rsd> pool;

    private LiveColours(Map<Rsd, Rsd> pool) {
      this.pool = pool;
    }

    static Map<Long, Integer> of(CompressedTrace trace, Communicators comms, Map<Rsd, Rsd> pool) {
      LiveColours l = new LiveColours(pool);
      for (int rank = 0; rank < trace.worldSize(); rank++) {
        l.walk(new TraversalContext(trace, rank, comms));
      }
      return l.result();
    }

    private void walk(TraversalContext ctx) {
      Map<Rsd, BitSet> live = new IdentityHashMap<>();
      Map<Long, Rsd> liveIds = new HashMap<>();
      while (ctx.hasNext()) {
        Step s = ctx.next();
        OpKind k = s.rsd().op().kind();
        if (k == OpKind.COMM_CREATE) {
          long id = s.value(Field.NEWCOMM);
          if (Sym.isSymbol(id)) {
            continue;
          }
          Rsd p = pool.get(s.rsd());
          BitSet used = live.computeIfAbsent(p, x -> new BitSet());
          Integer c = colour.get(id);
          if (c == null) {
            c = used.nextClearBit(0);
            colour.put(id, c);
            creatorOf.put(id, p);
          } else if (used.get(c)) {
            clashed.add(p);
          }
          used.set(c);
          liveIds.put(id, p);
        } else if (k == OpKind.COMM_FREE) {
          Rsd creator = liveIds.remove(s.comm());
          if (creator != null) {
            live.get(creator).clear(colour.get(s.comm()));
          }
        }
      }
    }

    private Map<Long, Integer> result() {
      if (clashed.isEmpty()) {
        return colour;
      }
      Map<Rsd, Integer> next = new IdentityHashMap<>();
      Map<Long, Integer> out = new HashMap<>(colour);
      colour.keySet().stream().sorted().forEach(id -> {
        Rsd r = creatorOf.get(id);
        if (clashed.contains(r)) {
          out.put(id, next.merge(r, 1, Integer::sum) - 1);
        }
      });
      return out;
    }
  }
}
