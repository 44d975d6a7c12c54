package org.benchgen.otf2;

import java.util.Arrays;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Fields of benchgen's calls from OTF2's message and collective records, on one rank: peers are
 * checked against their communicator, sizes become {@code MPI_BYTE} counts ({@link Otf2Bytes}).
 */
final class RecordFields {
  private final ImportDefs defs;
  private final int rank;
  private final RuleCounts notes;

  RecordFields(ImportDefs defs, int rank, RuleCounts notes) {
    this.defs = defs;
    this.rank = rank;
    this.notes = notes;
  }

  /** A message's fields: its communicator, peer (checked against it), tag and byte count. */
  void p2p(RawEventBuilder b, long commRef, Field peerField, long peer, Field tagField,
      long tag, Field countField, long length) {
    ImportDefs.Comm comm = comm(commRef);
    if (peer >= comm.members().length) {
      throw new IllegalArgumentException("a message names rank " + peer + " of a communicator"
          + " of " + comm.members().length);
    }
    if (tag > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a message's tag " + tag + " is not an MPI tag");
    }
    b.set(Field.COMM, comm.id()).set(peerField, peer).set(tagField, tag);
    if (countField != null) {
      b.set(countField, Otf2Bytes.count(length));
    }
  }

  /**
   * A message to or from MPI_PROC_NULL: no record says its communicator, so the other half of a
   * Sendrecv keeps the one it set, or else it is MPI_COMM_WORLD.
   */
  void procNull(RawEventBuilder b, Field peer, Field tag, Field count) {
    if (!b.build().isPresent(Field.COMM)) {
      b.set(Field.COMM, 0);
    }
    b.set(peer, Sym.PROC_NULL).set(tag, 0);
    if (count != null) {
      b.set(count, 0);
    }
    notes.unknown("point-to-point calls without a message record: MPI_PROC_NULL (peer and bytes"
        + " not in the archive)");
  }

  /**
   * A collective's fields from its record; {@code shares}, when not null, is every member's
   * {sent, received} of this call ({@link CollectiveShares}).
   */
  void collectiveFields(RawEventBuilder b, Op op, ImportDefs.Comm comm, long root,
      long sent, long received, long[][] shares) {
    int n = comm.members().length;
    int me = indexIn(comm, rank);
    if (me < 0) {
      throw new IllegalArgumentException(op.mpiName() + " on a communicator this rank is not in");
    }
    b.set(Field.COMM, comm.id());
    if (op.has(Field.ROOT)) {
      if (root >= n) {
        throw new IllegalArgumentException(op.mpiName() + " has root " + root
            + " in a communicator of " + n);
      }
      b.set(Field.ROOT, root);
    }
    if (op.has(Field.TYPE)) {
      b.name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1);
    }
    if (op.has(Field.RTYPE)) {
      b.name(Field.RTYPE, Otf2Bytes.TYPE).set(Field.RTSIZE, 1);
    }
    if (op.has(Field.OP)) {
      b.name(Field.OP, Otf2Bytes.OP);
    }
    if (CollectiveShares.gathered(op.blockingForm()) && (shares == null
        || shares.length != n || Arrays.asList(shares).contains(null))) {
      shares = null;
      notes.unknown("v-collectives whose other members' shares are not known: spread evenly");
    }
    if (!CollectiveBytes.fill(b, op, sent, received, me, n, root, shares)) {
      notes.add("collective sizes that fit no call without MPI_IN_PLACE, rounded down");
    }
  }

  ImportDefs.Comm comm(long ref) {
    return defs.comm(ref, rank).orElseThrow(() -> new IllegalArgumentException(
        "a record names communicator " + ref + ", which is not defined"));
  }

  static int indexIn(ImportDefs.Comm c, int rank) {
    int[] m = c.members();
    for (int i = 0; i < m.length; i++) {
      if (m[i] == rank) {
        return i;
      }
    }
    return -1;
  }

}
