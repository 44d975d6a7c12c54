package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;

/**
 * What one call of an irregular section says in coNCePTuaL, apart from who makes it: the
 * statement it needs ({@link Key}, the same for every call that reads the same) and its peers.
 * Sizes are part of the key because the stock interpreter (1.5.1b) fixes a statement's message
 * size at its first message (it caches the size's {@code BYTE} multiplier node) and matches
 * receives by size; peers, and tags where they fit, vary from call to call and are read from
 * the section's data (the interpreter evaluates them every time).
 */
final class SectionCalls {
  private SectionCalls() {}

  /**
   * A statement of a section: the call ({@code op} at {@code site}) and the constants that make
   * it. Point-to-point: per message half sent, received, its bytes ({@code -1} for none) and,
   * unless the tags are data, its tag; then, for a Sendrecv, 1 where its AWAIT is written; waits:
   * 1 where written. Collectives: the communicator, then each member's values (requests left
   * out).
   */
  record Key(Op op, String site, List<Long> constants) {}

  /**
   * A point-to-point call, a wait or a call with nothing to say: its key, and per message half
   * its peer, tag and bytes (0 where none; -1 bytes for no message).
   */
  record Local(Key key, int peer, int peer2, long tag, long tag2, long bytes, long bytes2,
      boolean tagged) {
    /** Where half {@code h}'s bytes are in the key's constants. */
    private int at(int h) {
      return h * (tagged ? 2 : 1);
    }

    /** The key without the bytes of its message halves: one call, whatever its sizes. */
    Key unsized() {
      List<Long> c = new ArrayList<>(key.constants());
      for (int h = 0; h < halves(); h++) {
        if (c.get(at(h)) >= 0) {
          c.set(at(h), 0L);
        }
      }
      return new Key(key.op(), key.site(), c);
    }

    /** The number of message halves: 2 for a Sendrecv, 1 for a send or receive, else 0. */
    int halves() {
      OpKind k = key.op().kind();
      return k == OpKind.SENDRECV ? 2 : k == OpKind.SEND || k == OpKind.RECV ? 1 : 0;
    }

    /** The same call with each message's bytes {@code size.applyAsLong(bytes)}. */
    Local resized(java.util.function.LongUnaryOperator size) {
      List<Long> c = new ArrayList<>(key.constants());
      for (int h = 0; h < halves(); h++) {
        if (c.get(at(h)) >= 0) {
          c.set(at(h), size.applyAsLong(c.get(at(h))));
        }
      }
      return new Local(new Key(key.op(), key.site(), c), peer, peer2, tag, tag2, bytes, bytes2,
          tagged);
    }
  }

  /** Fields whose values are requests: they differ on every call and say nothing. */
  static boolean request(Field f) {
    return f.kind() == FieldKind.REQ || f.kind() == FieldKind.REQS;
  }

  /**
   * The statement, peers and tags of {@code s}, a call that is not a collective; {@code waits}:
   * whether a wait (or the AWAIT after a Sendrecv) leaves the task nothing open ({@link
   * Completions}); {@code tagged}: whether the key holds the tags (else they are data).
   */
  static Local local(Step s, boolean waits, boolean tagged, Communicators comms) {
    Rsd r = s.rsd();
    Op op = r.op();
    List<Long> c = new ArrayList<>();
    Half one = Half.NONE;
    Half two = Half.NONE;
    switch (op.kind()) {
      case SEND -> one = half(s, Field.DEST, Field.TAG, Field.COUNT, Field.TSIZE, comms);
      case RECV -> one = half(s, Field.SRC, Field.TAG, Field.COUNT, Field.TSIZE, comms);
      case SENDRECV -> {
        one = half(s, Field.DEST, Field.TAG, Field.COUNT, Field.TSIZE, comms);
        two = op == Op.SENDRECV
            ? half(s, Field.SRC, Field.RTAG, Field.RCOUNT, Field.RTSIZE, comms)
            : half(s, Field.SRC, Field.RTAG, Field.COUNT, Field.TSIZE, comms);
      }
      case COMPLETION, PROBE, PERSISTENT_INIT, REQUEST_FREE, LOCAL -> { }
      case CANCEL -> throw new Unexpressible(op.mpiName() + " at " + r.site() + ": coNCePTuaL"
          + " cannot cancel a message");
      case START -> throw new Unexpressible(op.mpiName() + " at " + r.site() + ": coNCePTuaL has"
          + " no persistent requests, and leaving their messages out would leave their peers"
          + " waiting");
      // A communicator made and freed at random steps (MPICH's ctxsplit; issue 50): the
      // section's steps are data, where a made communicator would be a barrier of its members.
      case COMM_CREATE, COMM_FREE -> throw new Unexpressible(op.mpiName() + " at " + r.site()
          + ": coNCePTuaL has no communicators, and one made or freed at random steps of an"
          + " irregular section has no barrier to stand for it");
      default -> throw new IllegalStateException(op.mpiName() + " in an irregular section");
    }
    for (Half h : op.kind() == OpKind.SENDRECV ? List.of(one, two)
        : op.kind() == OpKind.SEND || op.kind() == OpKind.RECV ? List.of(one) : List.<Half>of()) {
      c.add(h.bytes);
      if (tagged) {
        c.add(h.tag);
      }
    }
    if (op.kind() == OpKind.SENDRECV || op.kind() == OpKind.COMPLETION) {
      c.add(waits ? 1L : 0L);
    }
    return new Local(new Key(op, r.site(), c), one.peer, two.peer, one.tag, two.tag, one.bytes,
        two.bytes, tagged);
  }

  /** One message half: bytes (-1 for none: MPI_PROC_NULL), tag, the peer's world rank. */
  private record Half(long bytes, long tag, int peer) {
    static final Half NONE = new Half(-1, 0, 0);
  }

  /**
   * One message half of {@code s}. A receive's size is what it received where recorded; its tag
   * the matched one where it named MPI_ANY_TAG.
   */
  private static Half half(Step s, Field peerField, Field tagField, Field count, Field size,
      Communicators comms) {
    long peer = s.value(peerField);
    if (peer == Sym.PROC_NULL.code()) {
      return Half.NONE;
    }
    boolean recv = peerField == Field.SRC;
    if (peer == Sym.ANY_SOURCE.code()) {
      throw new Unexpressible("rank " + s.rank() + " receives from MPI_ANY_SOURCE and"
          + " resolution found no sender: coNCePTuaL cannot receive from any source");
    }
    long bytes = s.value(Field.BYTES);
    long tag = s.value(tagField);
    if (tag == Sym.ANY_TAG.code()) {
      tag = s.value(Field.ATAG);
      if (Sym.isSymbol(tag)) {
        throw new Unexpressible("rank " + s.rank() + " receives from MPI_ANY_TAG and the trace"
            + " has no tag it matched: coNCePTuaL cannot receive from any tag");
      }
    }
    return new Half(recv && !Sym.isSymbol(bytes) ? bytes : product(s, count, size),
        Sym.isSymbol(tag) ? 0 : tag, comms.world(s.comm(), s.rank(), peer));
  }

  private static long product(Step s, Field count, Field size) {
    long n = s.value(count);
    long t = s.value(size);
    return Sym.isSymbol(n) || Sym.isSymbol(t) ? 0 : n * t;
  }

  /** Whether {@code s} is a collective, made by all members of its communicator at once. */
  static boolean collective(Step s) {
    return s.rsd().op().kind() == OpKind.COLLECTIVE;
  }

  /** The values of a collective call that its statement depends on: requests left out. */
  static List<Long> values(Step s) {
    List<Field> fields = s.rsd().op().fields();
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      out.add(request(fields.get(i)) ? Sym.ABSENT.code() : s.values()[i]);
    }
    return out;
  }
}
