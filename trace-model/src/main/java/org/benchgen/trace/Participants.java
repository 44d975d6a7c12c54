package org.benchgen.trace;

/**
 * Which communicator's members all make a synchronizing call ({@link OpKind#synchronizes}): its
 * {@code comm}, but for MPI_Comm_create_group, which only the members of the group make, the new
 * communicator ({@code newcomm}). Alignment, matching and the simulation targets wait for these.
 */
public final class Participants {
  private Participants() {}

  /** The field that names the communicator whose members all make {@code op}. */
  public static Field field(Op op) {
    return op == Op.COMM_CREATE_GROUP ? Field.NEWCOMM : Field.COMM;
  }
}
