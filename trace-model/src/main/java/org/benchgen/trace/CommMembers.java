package org.benchgen.trace;

import java.util.BitSet;

/**
 * What a communicator's definition must respect in either trace format: an id that is not the
 * world's, and members that are distinct world ranks, at least one.
 */
public final class CommMembers {
  /**
   * The largest communicator id, 10^18 - 1 (18 digits, what the stream reader's numbers hold):
   * the tracer's ids are hashes about 60 bits wide, so that the ~10^5 communicators of a long
   * run do not collide (31 bits did at ~50,000).
   */
  public static final long MAX_ID = 999_999_999_999_999_999L;

  private CommMembers() {}

  /** Checks communicator {@code id} with these world ranks in a world of {@code world} ranks. */
  public static void check(long id, long[] members, int world) {
    check(id, members, new long[0], world);
  }

  /**
   * The same for an intercommunicator of groups {@code members} and {@code remote} (empty for an
   * intracommunicator): no world rank in both.
   */
  public static void check(long id, long[] members, long[] remote, int world) {
    if (id < 1 || id > MAX_ID) {
      throw new TraceProblem("comm id " + id + " is reserved or too large (0 is MPI_COMM_WORLD)");
    }
    if (members.length == 0) {
      throw new TraceProblem("comm " + id + " has no members");
    }
    BitSet seen = new BitSet();
    for (long m : concat(members, remote)) {
      if (m < 0 || m >= world) {
        throw new TraceProblem("comm " + id + ": member " + m + " is not a world rank (size "
            + world + ")");
      }
      if (seen.get((int) m)) {
        throw new TraceProblem("comm " + id + ": world rank " + m + " listed twice");
      }
      seen.set((int) m);
    }
  }

  private static long[] concat(long[] a, long[] b) {
    long[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
