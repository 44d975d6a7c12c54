package org.benchgen.compress;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;

/**
 * One rank's frozen nodes share their equal small parts: a parameter of a single value (the
 * communicator, the datatype, a call made once), an absent one, a histogram's few bins. Where
 * nothing folds (a random call order) a rank's trace holds an RSD for every two or three events,
 * and as a chain of objects per parameter (entry, values, sequence, list) those were most of the
 * heap: about 1.7 kB per RSD, 2.7 GB for 4 x 10^6 events. The model is immutable, so sharing
 * equal parts changes nothing that is read or written. Not thread-safe: one per rank.
 */
final class SharedParts {
  /** The absent parameter, one for all. */
  static final Param NONE = Param.none();
  /** Longer bin lists are rarely equal: interning them would cost more than it saves. */
  private static final int MAX_SHARED_BINS = 2;

  /** Short sequences (peers of a call made twice or three times) share through a small cache. */
  private static final int MAX_CACHED_NODES = 3;
  private static final int CACHE_SLOTS = 1 << 12;

  private final Map<Param, Param> params = new HashMap<>();
  /**
   * Recent parameters of short sequences by hash, the last one per slot: its memory is fixed,
   * where a map of them all would cost more than it saves on values that never repeat.
   */
  private final Param[] cache = new Param[CACHE_SLOTS];
  private final Map<List<Histogram.Bin>, List<Histogram.Bin>> bins = new HashMap<>();

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
    int slot = p.hashCode() & (CACHE_SLOTS - 1);
    Param old = cache[slot];
    if (p.equals(old)) {
      return old;
    }
    cache[slot] = p;
    return p;
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

  /** {@code h}, with the list of its bins shared with equal ones met before when short. */
  Histogram histogram(Histogram h) {
    if (h.bins().size() > MAX_SHARED_BINS) {
      return h;
    }
    List<Histogram.Bin> old = bins.putIfAbsent(h.bins(), h.bins());
    return old == null || old == h.bins() ? h
        : new Histogram(h.count(), h.min(), h.max(), h.mean(), h.sd(), old);
  }
}
