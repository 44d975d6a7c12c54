package org.benchgen.ir;

import java.util.List;

/** A communicator: its id and its members' world ranks in communicator rank order. */
public record CommDef(long id, List<Integer> members) {
  public CommDef {
    members = List.copyOf(members);
  }

  /** The communicator rank of world rank {@code world}, or -1. */
  public int rankOf(int world) {
    return members.indexOf(world);
  }
}
