package org.benchgen.traverse;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.trace.TraceProblem;

/**
 * The communicators of a compressed trace, for the passes that walk it: sizes, and ranks both ways
 * (communicator rank to world rank, and back). Id 0 is the world. Shared by all contexts of one
 * trace; the world-to-communicator maps are made on first use, one per communicator.
 */
public final class Communicators {
  private final int worldSize;
  private final Map<Long, int[]> members = new HashMap<>();
  private final Map<Long, int[]> commRanks = new ConcurrentHashMap<>();

  public Communicators(CompressedTrace trace) {
    this.worldSize = trace.worldSize();
    for (CommDef c : trace.comms()) {
      members.put((long) c.id(), c.members().stream().mapToInt(Integer::intValue).toArray());
    }
  }

  public boolean isDefined(long comm) {
    return comm == 0 || members.containsKey(comm);
  }

  public int size(long comm) {
    return comm == 0 ? worldSize : defined(comm).length;
  }

  /** The world rank of communicator rank {@code commRank}. */
  public int world(long comm, long commRank) {
    return comm == 0 ? (int) commRank : defined(comm)[(int) commRank];
  }

  /** The communicator rank of world rank {@code world}, or -1 when it is no member. */
  public int rankIn(long comm, int world) {
    if (comm == 0) {
      return world;
    }
    int[] m = defined(comm);
    return commRanks.computeIfAbsent(comm, c -> {
      int[] a = new int[worldSize];
      Arrays.fill(a, -1);
      for (int i = 0; i < m.length; i++) {
        a[m[i]] = i;
      }
      return a;
    })[world];
  }

  /** The members' world ranks in communicator order. */
  public int[] members(long comm) {
    if (comm == 0) {
      int[] all = new int[worldSize];
      Arrays.setAll(all, i -> i);
      return all;
    }
    return defined(comm).clone();
  }

  private int[] defined(long comm) {
    int[] m = members.get(comm);
    if (m == null) {
      throw new TraceProblem("communicator " + comm + " is not defined");
    }
    return m;
  }
}
