package org.benchgen.trace;

/**
 * Which communicator's members all make a synchronizing call ({@link OpKind#synchronizes}): its
 * {@code comm}, but the new communicator ({@code newcomm}) for MPI_Comm_create_group, which only
 * the members of the group make, and for MPI_Intercomm_create, which both groups make, each on
 * its own communicator; and for MPI-4's MPI_Comm_create_from_group and
 * MPI_Intercomm_create_from_groups, made of groups without a parent. On an intercommunicator, its members are both groups. Alignment,
 * matching and the simulation targets wait for these.
 */
public final class Participants {
  private Participants() {}

  /** The field that names the communicator whose members all make {@code op}. */
  public static Field field(Op op) {
    return switch (op) {
      case COMM_CREATE_GROUP, INTERCOMM_CREATE, COMM_CREATE_FROM_GROUP,
          INTERCOMM_CREATE_FROM_GROUPS -> Field.NEWCOMM;
      default -> Field.COMM;
    };
  }
}
