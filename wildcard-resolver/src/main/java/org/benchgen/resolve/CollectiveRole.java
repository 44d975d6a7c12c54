package org.benchgen.resolve;

import java.util.Optional;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * A member's part in a collective, which says which of its sides MPI reads (part of
 * {@link SizeChecks}): the root of a rooted one, another member of it, or a member of one that
 * has no root. On an intercommunicator the root passes MPI_ROOT, the rest of its group
 * MPI_PROC_NULL (no part at all) and the other group the root's rank; data goes from the root to
 * the other group (MPI_Bcast, MPI_Scatter) or back (MPI_Gather, MPI_Reduce). On an
 * intracommunicator every member of a broadcast or reduction gives one buffer of the same size,
 * so only a gather's root receives and only a scatter's root sends.
 */
enum CollectiveRole {
  ROOT,
  LEAF,
  ALL;

  /**
   * The role of the member whose rank in the communicator is {@code rankInComm} at {@code e};
   * none where it takes no part (MPI_PROC_NULL) or its root is not known (a symbol where a rank
   * is needed).
   */
  static Optional<CollectiveRole> of(RawEvent e, long rankInComm, boolean inter) {
    Op op = e.op();
    if (!op.isRooted()) {
      return Optional.of(ALL);
    }
    long root = e.get(Field.ROOT);
    if (inter) {
      if (root == Sym.ROOT.code()) {
        return Optional.of(ROOT);
      }
      return Sym.isSymbol(root) ? Optional.empty() : Optional.of(LEAF);
    }
    if (Sym.isSymbol(root)) {
      return Optional.empty();
    }
    return Optional.of(root == rankInComm ? ROOT : LEAF);
  }

  /** Whether MPI reads the member's send side. */
  boolean sends(Op op, boolean inter) {
    if (this == ALL) {
      return true;
    }
    if (inter) {
      return (this == ROOT) == rootSends(op);
    }
    return this == ROOT || !op.scatters();
  }

  /** Whether MPI reads the member's receive side. */
  boolean receives(Op op, boolean inter) {
    if (this == ALL) {
      return true;
    }
    if (inter) {
      return (this == ROOT) != rootSends(op);
    }
    return this == ROOT || !op.gathers();
  }

  /** Whether a rooted collective's data goes from the root (a broadcast, a scatter). */
  private static boolean rootSends(Op op) {
    return !op.gathers() && !op.isReducing();
  }
}
