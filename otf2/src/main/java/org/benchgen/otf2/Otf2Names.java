package org.benchgen.otf2;

import java.util.Optional;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/** Where benchgen's MPI vocabulary and OTF2's names meet: collective operations, region roles. */
final class Otf2Names {
  /** OTF2's root of a collective that has none (OTF2_UNDEFINED_UINT32). */
  static final long NO_ROOT = 0xFFFFFFFFL;

  private Otf2Names() {}

  /**
   * Why OTF2 cannot say call {@code op}, as the end of a sentence after its name; empty where it
   * can. Export refuses such a call, import leaves it out.
   */
  static Optional<String> cannotSay(Op op) {
    return CANNOT_SAY.get(op.ordinal());
  }

  /** {@link #cannotSay} of each call, by ordinal: found once (the export asks for every call). */
  private static final java.util.List<Optional<String>> CANNOT_SAY = java.util.Arrays.stream(
      Op.values()).map(Otf2Names::whyNot).toList();

  private static Optional<String> whyNot(Op op) {
    if (op.isNeighbourhood()) {
      return Optional.of(" is a neighbourhood collective: OTF2 has no operation for it, and OTF2"
          + " export does not write it");
    }
    if (op.isPersistentCollective()) {
      return Optional.of(" is a persistent collective (MPI-4): OTF2 export does not write them"
          + " yet");
    }
    return switch (op) {
      case CANCEL, MPROBE, IMPROBE, ISENDRECV, ISENDRECV_REPLACE -> Optional.of(": OTF2 export"
          + " does not write cancelled requests, matched probes or nonblocking send-receives yet");
      default -> Optional.empty();
    };
  }

  /** OTF2's operation name for a collective call (blocking or not). */
  static String collectiveOp(Op op) {
    return op.blockingForm().name();
  }

  /** The OTF2 region role of an MPI call's region, as Score-P gives it. */
  static String regionRole(Op op) {
    if (op.kind() != OpKind.COLLECTIVE) {
      return switch (op.kind()) {
        case INIT, FINALIZE, COMM_CREATE, COMM_FREE, LOCAL -> "FUNCTION";
        case WINDOW, RMA -> op == Op.WIN_FENCE ? "BARRIER" : "RMA";
        // Score-P's: data moved, or the file's metadata (open, close, view, size, ...).
        case FILE_IO -> op.has(org.benchgen.trace.Field.BYTES) || op.has(
            org.benchgen.trace.Field.COUNT) ? "FILE_IO" : "FILE_IO_METADATA";
        default -> "POINT2POINT";
      };
    }
    // By the collective's shape: no data, rooted (to or from the root), a prefix, all to all.
    if (CollectiveSide.sent(op).isEmpty()) {
      return "BARRIER";
    }
    if (op.isRooted()) {
      return CollectiveBytes.toRoot(op) ? "COLL_ALL2ONE" : "COLL_ONE2ALL";
    }
    return op.isPrefix() ? "COLL_OTHER" : "COLL_ALL2ALL";
  }
}
