package org.benchgen.compress;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;

/**
 * One rank's frozen nodes share their equal small parts: a parameter of a single value (the
 * communicator, the datatype, a call made once), an absent one, a call time. Where
 * nothing folds (a random call order) a rank's trace holds an RSD for every two or three events,
 * and as a chain of objects per parameter (entry, values, sequence, list) those were most of the
 * heap: about 1.7 kB per RSD, 2.7 GB for 4 x 10^6 events. The model is immutable, so sharing
 * equal parts changes nothing that is read or written, but for one thing: a walk keys its
 * position in a sequence of several values by the parameter entry holding it, so an entry of
 * such values is never shared, only what is inside it. An RSD's parameters of a few values are
 * packed instead ({@code PackedParams}), their values copied out: what is shared here is the
 * rest, and loops' trip counts. Not thread-safe: one per rank.
 */
final class SharedParts {
  /** The absent parameter, one for all. */
  static final Param NONE = Param.none();
  /** Short sequences (peers of a call made twice or three times) share through a small cache. */
  private static final int MAX_CACHED_NODES = 3;

  private final Map<Param, Param> params = new HashMap<>();
  private final Recent<Param> shortParams = new Recent<>(1 << 12);
  /**
   * Call times of a call or two: equal ones recur where times are a few microseconds. (An RSD's
   * compute statistics are packed, {@code PackedStats}: nothing of theirs is shared.)
   */
  private final Recent<CallTime> callTimes = new Recent<>(1 << 16);

  /** {@code p}, or an equal parameter met before when it holds a single value. */
  Param param(Param p) {
    if (p.isAbsent()) {
      return NONE;
    }
    if (p.entries().size() != 1) {
      return p;
    }
    ParamEntry e = p.entries().get(0);
    if (nodes(e) == 1 && single(e)) {
      Param old = params.putIfAbsent(p, p);
      return old != null ? old : p;
    }
    if (nodes(e) > MAX_CACHED_NODES) {
      return p;
    }
    // Values of more than one share only below their entry: a walk keeps its position in a
    // sequence per entry (TraversalContext's cursors, by identity), so two RSDs must never hold
    // one entry object whose values move.
    Param same = shortParams.share(p);
    return same == p ? p
        : new Param(List.of(new ParamEntry(same.entries().get(0).values(), e.ranks())));
  }

  /** {@code t}, or an equal one met lately. */
  CallTime callTime(CallTime t) {
    return callTimes.share(t);
  }

  /** The most nodes of the entry's sequences. */
  private static int nodes(ParamEntry e) {
    EntryValues v = e.values();
    if (v instanceof EntryValues.Undecided u) {
      return Math.max(u.absolute().nodes().size(), u.relative().nodes().size());
    }
    return v.seq().nodes().size();
  }

  private static boolean single(ParamEntry e) {
    EntryValues v = e.values();
    if (v instanceof EntryValues.Undecided u) {
      return u.absolute().isSingleValue() && u.relative().isSingleValue();
    }
    return v.seq().isSingleValue();
  }

  /**
   * The last value met per slot of its hash: a fixed memory, where a map of every value would
   * cost more than it saves on values that never repeat.
   */
  private static final class Recent<T> {
    private final Object[] slots;

    Recent(int size) {
      slots = new Object[size];
    }

    @SuppressWarnings("unchecked")
    T share(T x) {
      int h = x.hashCode() * 0x9E3779B9;
      int i = (h ^ (h >>> 16)) & (slots.length - 1);
      Object old = slots[i];
      if (x.equals(old)) {
        return (T) old;
      }
      slots[i] = x;
      return x;
    }
  }
}
