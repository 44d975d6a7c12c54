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
 * (communicator rank to world rank, and back). Id 0 is the world. On an intercommunicator a rank
 * has its rank in its own group, and its peers (destinations, sources, roots) are ranks of the
 * other group; every rank of both groups takes part in its collectives. Shared by all contexts of
 * one trace; the world-to-communicator maps are made on first use, one per communicator.
 */
public final class Communicators {
  /** An intracommunicator's remote group. */
  private static final int[] NONE = new int[0];

  private final int worldSize;
  private final Map<Long, int[]> members = new HashMap<>();
  private final Map<Long, int[]> remote = new HashMap<>();
  private final Map<Long, int[]> commRanks = new ConcurrentHashMap<>();

  public Communicators(CompressedTrace trace) {
    this.worldSize = trace.worldSize();
    for (CommDef c : trace.comms()) {
      members.put(c.id(), c.members().stream().mapToInt(Integer::intValue).toArray());
      if (c.isInter()) {
        remote.put(c.id(), c.remote().stream().mapToInt(Integer::intValue).toArray());
      }
    }
  }

  public boolean isDefined(long comm) {
    return comm == 0 || members.containsKey(comm);
  }

  /** Whether {@code comm} is an intercommunicator. */
  public boolean isInter(long comm) {
    return remote.containsKey(comm);
  }

  /** How many ranks take part in a collective on {@code comm} (both groups of an inter one). */
  public int size(long comm) {
    return comm == 0 ? worldSize : defined(comm).length + remote.getOrDefault(comm, NONE).length;
  }

  /** How many ranks {@code world}'s peers on {@code comm} are among: the remote group's size. */
  public int peerSize(long comm, int world) {
    return comm == 0 ? worldSize : group(comm, world).length;
  }

  /** The world rank of peer {@code commRank} of world rank {@code viewer} on {@code comm}. */
  public int world(long comm, int viewer, long commRank) {
    return comm == 0 ? (int) commRank : group(comm, viewer)[(int) commRank];
  }

  /** The communicator rank of world rank {@code world} (in its own group), or -1. */
  public int rankIn(long comm, int world) {
    if (comm == 0) {
      return world;
    }
    return commRanks.computeIfAbsent(comm, c -> {
      int[] a = new int[worldSize];
      Arrays.fill(a, -1);
      for (int[] group : new int[][] {defined(c), remote.getOrDefault(c, NONE)}) {
        for (int i = 0; i < group.length; i++) {
          a[group[i]] = i;
        }
      }
      return a;
    })[world];
  }

  /** Every rank that takes part, in communicator order (an inter one's second group last). */
  public int[] members(long comm) {
    if (comm == 0) {
      int[] all = new int[worldSize];
      Arrays.setAll(all, i -> i);
      return all;
    }
    int[] m = defined(comm);
    int[] r = remote.get(comm);
    if (r == null) {
      return m.clone();
    }
    int[] all = Arrays.copyOf(m, m.length + r.length);
    System.arraycopy(r, 0, all, m.length, r.length);
    return all;
  }

  /** Which group of intercommunicator {@code comm} world rank {@code world} is in: 0 or 1. */
  public int groupOf(long comm, int world) {
    return group(comm, world) == defined(comm) ? 1 : 0;
  }

  /** The world ranks of the group whose ranks {@code world} addresses on {@code comm}. */
  public int[] peers(long comm, int world) {
    return comm == 0 ? members(0) : group(comm, world).clone();
  }

  private int[] group(long comm, int world) {
    int[] m = defined(comm);
    int[] r = remote.get(comm);
    if (r == null) {
      return m;
    }
    for (int x : r) {
      if (x == world) {
        return m;
      }
    }
    return r;
  }

  private int[] defined(long comm) {
    int[] m = members.get(comm);
    if (m == null) {
      throw new TraceProblem("communicator " + comm + " is not defined");
    }
    return m;
  }
}
