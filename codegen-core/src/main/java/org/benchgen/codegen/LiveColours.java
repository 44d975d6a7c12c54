package org.benchgen.codegen;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * Numbers the communicators of each pool of creating calls ({@link CommSlots}) so that no two
 * alive at once on a rank share a number: every rank is walked, which communicators of a pool
 * are alive together is noted, and the communicators take, in order of creation, the lowest
 * number none of those alive with them holds. Also tells whether a rank got MPI_COMM_NULL from a
 * pool while the pool's number 0 was alive there: the null result then needs a slot of its own.
 */
final class LiveColours {
  private final Map<Rsd, Rsd> pool;
  /** Each communicator, in order of creation, and those of its pool alive with it somewhere. */
  private final Map<Long, Set<Long>> alongside = new LinkedHashMap<>();
  /** Per pool, the communicators alive on a rank where the pool gave it MPI_COMM_NULL. */
  private final Map<Rsd, Set<Long>> aliveAtNull = new IdentityHashMap<>();
  private final Map<Long, Integer> colour = new HashMap<>();

  private LiveColours(Map<Rsd, Rsd> pool) {
    this.pool = pool;
  }

  /** Numbers nothing: every communicator is number 0, as when no call can have two alive. */
  static LiveColours none() {
    return new LiveColours(Map.of());
  }

  /** Walks every rank of {@code trace}; {@code pool}: each creating call's pool. */
  static LiveColours of(CompressedTrace trace, Communicators comms, Map<Rsd, Rsd> pool) {
    LiveColours l = new LiveColours(pool);
    for (int rank = 0; rank < trace.worldSize(); rank++) {
      l.walk(new TraversalContext(trace, rank, comms));
    }
    l.number();
    return l;
  }

  /** Communicator {@code id}'s number in its pool. */
  int of(long id) {
    return colour.getOrDefault(id, 0);
  }

  /** Whether pool {@code p} gave a rank MPI_COMM_NULL while its number 0 was alive there. */
  boolean nullOverLive(Rsd p) {
    return aliveAtNull.getOrDefault(p, Set.of()).stream().anyMatch(id -> of(id) == 0);
  }

  private void walk(TraversalContext ctx) {
    Map<Rsd, Set<Long>> live = new IdentityHashMap<>();
    Map<Long, Rsd> liveIds = new HashMap<>();
    while (ctx.hasNext()) {
      Step s = ctx.next();
      OpKind k = s.rsd().op().kind();
      if (k == OpKind.COMM_CREATE) {
        Rsd p = pool.get(s.rsd());
        Set<Long> alive = live.computeIfAbsent(p, x -> new HashSet<>());
        long id = s.value(Field.NEWCOMM);
        if (Sym.isSymbol(id)) {
          aliveAtNull.computeIfAbsent(p, x -> new HashSet<>()).addAll(alive);
          continue;
        }
        Set<Long> with = alongside.computeIfAbsent(id, x -> new HashSet<>());
        for (long other : alive) {
          if (other != id) {
            with.add(other);
            alongside.get(other).add(id);
          }
        }
        alive.add(id);
        liveIds.put(id, p);
      } else if (k == OpKind.COMM_FREE) {
        Rsd p = liveIds.remove(s.comm());
        if (p != null) {
          live.get(p).remove(s.comm());
        }
      }
    }
  }

  private void number() {
    for (Map.Entry<Long, Set<Long>> e : alongside.entrySet()) {
      BitSet taken = new BitSet();
      for (long other : e.getValue()) {
        Integer c = colour.get(other);
        if (c != null) {
          taken.set(c);
        }
      }
      colour.put(e.getKey(), taken.nextClearBit(0));
    }
  }
}
