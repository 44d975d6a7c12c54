package org.benchgen.trace;

import java.util.List;
import java.util.Optional;

/**
 * One side of a collective as the trace records it: what a member sends, or what it receives.
 * {@code count} counts one block ({@code count}, {@code rcount}) or a block per peer ({@code
 * counts}, {@code rcounts}); {@code type} and {@code size} are its datatype and the datatype's
 * size, none where the counts are bytes (MPI_Alltoallw's: a datatype per peer). A collective
 * with one buffer description (MPI_Bcast, the reductions) has the same side both ways;
 * MPI_Reduce_scatter's {@code rcounts} are both the blocks it sends, one a member, and what each
 * member receives. Worked out from the call's fields, so that no reader names a collective (the
 * vocabulary's BG_SHAPE says the rest).
 */
public record CollectiveSide(Field count, Optional<Field> type, Optional<Field> size) {
  /** Whether the side has a count per peer (a list), else one block's. */
  public boolean perPeer() {
    return count.kind().isList();
  }

  /** What a member of collective {@code op} sends; none for a barrier or another call. */
  public static Optional<CollectiveSide> sent(Op op) {
    if (!op.isCollective()) {
      return Optional.empty();
    }
    for (Field f : List.of(Field.COUNT, Field.COUNTS, Field.RCOUNTS)) {
      if (op.has(f)) {
        return Optional.of(new CollectiveSide(f, field(op, Field.TYPE), field(op, Field.TSIZE)));
      }
    }
    return Optional.empty();
  }

  /**
   * What a member of collective {@code op} receives: its receive count or counts, in its own
   * datatype where it has one (else the sent side's, or none where counts are bytes); the sent
   * side where the call describes one buffer.
   */
  public static Optional<CollectiveSide> received(Op op) {
    if (!op.isCollective()) {
      return Optional.empty();
    }
    for (Field f : List.of(Field.RCOUNT, Field.RCOUNTS)) {
      if (op.has(f)) {
        boolean own = op.has(Field.RTYPE);
        return Optional.of(new CollectiveSide(f, field(op, own ? Field.RTYPE : Field.TYPE),
            field(op, own ? Field.RTSIZE : Field.TSIZE)));
      }
    }
    return sent(op);
  }

  private static Optional<Field> field(Op op, Field f) {
    return op.has(f) ? Optional.of(f) : Optional.empty();
  }
}
