package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A communicator: its id and its members' world ranks in communicator rank order. An
 * intercommunicator has two groups, {@code members} and {@code remote}, written with the group
 * that holds the lowest world rank first whichever rank defined it (so that every rank's
 * definition reads the same); {@code remote} is empty for an intracommunicator.
 */
public record CommDef(long id, List<Integer> members, List<Integer> remote) {
  public CommDef {
    members = List.copyOf(members);
    remote = List.copyOf(remote);
  }

  /** An intracommunicator. */
  public CommDef(long id, List<Integer> members) {
    this(id, members, List.of());
  }

  /** An intercommunicator as one of its ranks sees it, in the canonical order of its groups. */
  public static CommDef inter(long id, List<Integer> local, List<Integer> remote) {
    int a = local.stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
    int b = remote.stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
    return a <= b ? new CommDef(id, local, remote) : new CommDef(id, remote, local);
  }

  /** Whether this is an intercommunicator. */
  public boolean isInter() {
    return !remote.isEmpty();
  }

  /** Every rank that takes part: the members, and the remote group's after them. */
  public List<Integer> all() {
    if (remote.isEmpty()) {
      return members;
    }
    List<Integer> out = new ArrayList<>(members);
    out.addAll(remote);
    return out;
  }

  /** The group of world rank {@code world} (for an intracommunicator, the members). */
  public List<Integer> localOf(int world) {
    return remote.contains(world) ? remote : members;
  }

  /** The group that {@code world}'s peers are in: the other group, or the members. */
  public List<Integer> remoteOf(int world) {
    return remote.isEmpty() ? members : remote.contains(world) ? members : remote;
  }

  /** The communicator rank of world rank {@code world} (in its own group), or -1. */
  public int rankOf(int world) {
    int i = members.indexOf(world);
    return i >= 0 || remote.isEmpty() ? i : remote.indexOf(world);
  }
}
