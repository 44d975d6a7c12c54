package org.benchgen.trace;

/**
 * Which communicator's members all make a synchronizing call ({@link OpKind#synchronizes}): its
 * {@code comm}, but the new communicator ({@code newcomm}) for MPI_Comm_create_group, which only
 * the members of the group make, and for MPI_Intercomm_create, which both groups make, each on
 * its own communicator. On an intercommunicator, its members are both groups. Alignment,
 * matching and the simulation targets wait for these.
 */
public final class Participants {
  private Participants() {}

  /** The field that names the communicator whose members all make {@code op}. */
  public static Field field(Op op) {
    return op == Op.COMM_CREATE_GROUP || op == Op.INTERCOMM_CREATE ? Field.NEWCOMM : Field.COMM;
  }
}
