package org.benchgen.samples;

/**
 * The schedule of the {@code irregular} and {@code shuffled} synthetic patterns. irregular: in
 * round {@code t} every rank sends one message to the rank {@code shift(t)} places after it and
 * receives one from the rank as many places before it; shuffled: in step {@code t} one rank,
 * {@code sender(t)}, sends to the rank {@code shift(t)} places after it. Counts and tags depend on
 * the round and the sender. Every value is a hash of (seed, round, rank), so each rank computes its
 * own part of the schedule alone, in constant memory, and the ranks' streams agree: every send has
 * its matching receive.
 */
final class IrregularExchange {
  /** Counts are log-uniform from 1 to below 2^MAX_LOG2 elements. */
  private static final int MAX_LOG2 = 17;
  private static final int TAGS = 1000;

  private final long seed;
  private final int ranks;

  IrregularExchange(long seed, int ranks) {
    if (ranks < 2) {
      throw new IllegalArgumentException("the irregular pattern needs at least 2 ranks");
    }
    this.seed = seed;
    this.ranks = ranks;
  }

  /** How many places after itself every rank sends in round {@code t}: 1 to ranks-1. */
  int shift(long t) {
    return 1 + (int) Long.remainderUnsigned(hash(t, -1, 1), ranks - 1);
  }

  /** shuffled: the rank that sends in step {@code t}; it sends to {@code dest(t, sender)}. */
  int sender(long t) {
    return (int) Long.remainderUnsigned(hash(t, -1, 5), ranks);
  }

  int dest(long t, int rank) {
    return (rank + shift(t)) % ranks;
  }

  int source(long t, int rank) {
    return Math.floorMod(rank - shift(t), ranks);
  }

  /** The element count of the message {@code sender} sends in round {@code t}. */
  long count(long t, int sender) {
    long h = hash(t, sender, 2);
    int e = (int) Long.remainderUnsigned(h, MAX_LOG2);
    return (1L << e) + ((h >>> 32) & ((1L << e) - 1));
  }

  /** The tag of the message {@code sender} sends in round {@code t}. */
  int tag(long t, int sender) {
    return (int) Long.remainderUnsigned(hash(t, sender, 3), TAGS);
  }

  /** The mean compute time of {@code rank} before its round {@code t}: 1 to 100 microseconds. */
  double computeNs(long t, int rank) {
    return 1_000 + Long.remainderUnsigned(hash(t, rank, 4), 99_000);
  }

  private long hash(long t, int rank, int what) {
    return mix(mix(mix(seed) ^ t) ^ ((long) rank << 8 | what));
  }

  /** SplitMix64's finaliser: a bijection that spreads every input bit over the output. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
