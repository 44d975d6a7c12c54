package org.benchgen.network;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The times that measure a message, found in each rank's calls as they come ({@link #rank},
 * then {@link Rank#call} or {@link Rank#other} per call, in order). Three patterns count, each
 * between two calls with nothing else in between:
 *
 * <ul>
 *   <li>a <b>round trip</b>: a blocking send of s bytes to peer p, then a blocking receive of s
 *       bytes from p, on a rank whose peer p receives s bytes from it and then sends s bytes back
 *       (the ping-pong's other side, seen anywhere in p's calls): half of the time from the send's
 *       entry to the receive's exit is one message of s bytes, the ping-pong's own measure;
 *   <li>an <b>exchange</b>: a receive of s bytes posted from p ({@code MPI_Irecv}), a blocking
 *       send of s bytes to p, and {@code MPI_Wait}; or an {@code MPI_Sendrecv} of s bytes each
 *       way with one peer: both messages cross at once, so the time from the send's entry to the
 *       completion is one message (plus the peer's lateness, if it came late);
 *   <li>a <b>send</b>: any blocking {@code MPI_Send}'s own time, the sender's overhead o when the
 *       message is small enough to go eagerly.
 * </ul>
 *
 * A send followed by a receive whose peer does not answer that way (both send first: an exchange
 * written with blocking calls) is not a round trip, and is left out. Times per size are kept as
 * weighted samples ({@link Samples}): a stream's calls one by one, a compressed trace's as its
 * means with their counts.
 */
public final class MessageTimes {
  /** What a call is to the patterns. */
  public enum Kind {
    SEND, RECV, IRECV, WAIT, SENDRECV
  }

  private final TreeMap<Long, Samples> oneWay = new TreeMap<>();
  private final TreeMap<Long, Samples> sends = new TreeMap<>();
  /** Round trips waiting for their peer's answer, by (rank, peer, bytes). */
  private final Map<List<Long>, Samples> trips = new HashMap<>();
  /** (responder, initiator, bytes) of every receive-then-send seen. */
  private final Set<List<Long>> answers = new HashSet<>();
  private long roundTrips;
  private long exchanges;
  private final boolean means;

  /** Times of calls one by one (a rank's stream). */
  public MessageTimes() {
    this(false);
  }

  /**
   * Times that are means over many calls if {@code means} (a compressed trace's): a mean holds
   * every wait for a late peer, so no envelope can take them out.
   */
  public MessageTimes(boolean means) {
    this.means = means;
  }

  /** Whether the times are means over many calls, waits included. */
  public boolean means() {
    return means;
  }

  /** The calls of {@code rank}, fed in order. */
  public Rank rank(int rank) {
    return new Rank(rank);
  }

  /** One rank's calls, in order. */
  public final class Rank {
    private final int rank;
    private Kind k1;
    private Kind k2;
    private int p1 = -1;
    private int p2 = -1;
    private long b1;
    private long b2;
    private double enter1;

    private Rank(int rank) {
      this.rank = rank;
    }

    /**
     * A point-to-point call: its kind, its peer's world rank (-1 for none or not known), its
     * bytes (for a wait, 0), its entry and exit in ns, and how many calls it stands for
     * ({@code weight}: 1 for a stream's call, a compressed trace's count for its mean).
     */
    public void call(Kind kind, int peer, long bytes, double enter, double exit, long weight) {
      if (kind == Kind.SEND && peer >= 0) {
        add(sends, bytes, exit - enter, weight);
      }
      if (kind == Kind.SENDRECV && peer >= 0) {
        add(oneWay, bytes, exit - enter, weight);
        exchanges += weight;
      }
      if (kind == Kind.RECV && k1 == Kind.SEND && p1 == peer && peer >= 0 && b1 == bytes) {
        trips.computeIfAbsent(List.of((long) rank, (long) peer, bytes), k -> new Samples())
            .add((exit - enter1) / 2, weight);
      }
      if (kind == Kind.SEND && k1 == Kind.RECV && p1 == peer && peer >= 0 && b1 == bytes) {
        answers.add(List.of((long) rank, (long) peer, bytes));
      }
      if (kind == Kind.WAIT && k1 == Kind.SEND && k2 == Kind.IRECV && p1 == p2 && p1 >= 0
          && b1 == b2) {
        add(oneWay, b1, exit - enter1, weight);
        exchanges += weight;
      }
      k2 = k1;
      p2 = p1;
      b2 = b1;
      k1 = kind;
      p1 = peer;
      b1 = bytes;
      enter1 = enter;
    }

    /** Any other call: it breaks every pattern. */
    public void other() {
      k1 = null;
      k2 = null;
      p1 = -1;
      p2 = -1;
    }
  }

  private static void add(TreeMap<Long, Samples> m, long bytes, double ns, long weight) {
    m.computeIfAbsent(bytes, b -> new Samples()).add(ns, weight);
  }

  /** Ends the reading: the round trips whose peer answered become one-way times. */
  public void finish() {
    trips.forEach((k, times) -> {
      if (answers.contains(List.of(k.get(1), k.get(0), k.get(2)))) {
        oneWay.computeIfAbsent(k.get(2), b -> new Samples()).addAll(times);
        roundTrips += times.count();
      }
    });
    trips.clear();
  }

  /** One message's time by its size, after {@link #finish}. */
  public TreeMap<Long, Samples> oneWay() {
    return oneWay;
  }

  /** Blocking sends' own times by size. */
  public TreeMap<Long, Samples> sends() {
    return sends;
  }

  /** How many round trips (halved) the one-way times hold. */
  public long roundTrips() {
    return roundTrips;
  }

  /** How many exchanges the one-way times hold. */
  public long exchanges() {
    return exchanges;
  }
}
