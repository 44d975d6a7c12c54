package org.benchgen.stats;

import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * The bytes one call moves, as {@code stats} counts them (docs/trace-format.md, "Bytes"): sent
 * bytes for sends, received bytes for receives (a matched probe's at its MPI_Mrecv), the
 * significant send-side buffer for collectives. A persistent collective moves its bytes at each
 * MPI_Start: its _init counts none here, and {@link #collective} gives what each start moves.
 */
public final class ByteCount {
  private ByteCount() {}

  /**
   * Bytes of {@code e}, made by the rank whose rank in the call's communicator is {@code me} (-1
   * on an intercommunicator, where roots are not this rank's peers).
   */
  public static long of(RawEvent e, int me) {
    Op op = e.op();
    return switch (op.kind()) {
      case SEND, SENDRECV -> e.get(Field.DEST) == Sym.PROC_NULL.code() ? 0 : sendBuffer(e);
      // A matched probe's message counts where it is received (MPI_Mrecv, MPI_Imrecv).
      case RECV -> op == Op.MPROBE || op == Op.IMPROBE ? 0 : orZero(e.get(Field.BYTES));
      case START -> orZero(e.get(Field.BYTES));
      case LOCAL -> op == Op.MRECV || op == Op.IMRECV ? orZero(e.get(Field.BYTES)) : 0;
      case COLLECTIVE -> op.isPersistentCollective() ? 0 : collective(e, me);
      case RMA -> OneSidedBytes.of(e);
      // MPI-IO: the bytes a read or write moved (a split collective's at its _end, a
      // nonblocking one's as its completion filled them in); none for the other file calls.
      case FILE_IO -> orZero(e.get(Field.BYTES));
      default -> 0;
    };
  }

  /**
   * The bytes collective {@code e} moves each time it runs (a persistent one's _init: at each
   * start of its request), {@code me} as in {@link #of}: what its send side holds (the vocabulary's
   * shape and {@link CollectiveSide}), where MPI reads it (a scatter's at its root only).
   */
  public static long collective(RawEvent e, int me) {
    // On an intercommunicator the root says MPI_ROOT (and me is -1: no peer is this rank).
    long r = e.get(Field.ROOT);
    boolean root = r == me || r == Sym.ROOT.code();
    Op op = e.op();
    if (op.isRooted() && op.scatters() && !root) {
      return 0;
    }
    return CollectiveSide.sent(op).map(s -> !s.perPeer() ? sendBuffer(e)
        : sum(e.list(s.count())) * s.size().map(e::get).orElse(1L)).orElse(0L);
  }

  /**
   * The bytes collective {@code e} receives at this member ({@code me} as in {@link #of}), where
   * MPI writes them: its receive side (the sent one where the call describes one buffer); none at
   * a gather's or reduction's non-root, none at a broadcast's root (its buffer is what it sends).
   * MTF's fan-in counts these (docs/query.md); {@code stats} counts the send side only.
   */
  public static long collectiveReceived(RawEvent e, int me) {
    Op op = e.op();
    long r = e.get(Field.ROOT);
    boolean root = r == me || r == Sym.ROOT.code();
    if (op.isRooted()) {
      boolean toRoot = op.gathers() || op.isReducing();
      if (toRoot && !root || !toRoot && !op.scatters() && root) {
        return 0;
      }
    }
    return CollectiveSide.received(op).map(s -> s.perPeer()
        ? sum(e.list(s.count())) * s.size().map(e::get).map(ByteCount::orZero).orElse(1L)
        : orZero(e.get(s.count())) * s.size().map(e::get).map(ByteCount::orZero).orElse(1L))
        .orElse(0L);
  }

  /**
   * The bytes of the message a send-side call sends (a send, the send of a Sendrecv, a persistent
   * send's _init at each start): its count times its datatype's size.
   */
  public static long sent(RawEvent e) {
    return sendBuffer(e);
  }

  private static long sendBuffer(RawEvent e) {
    return orZero(e.get(Field.COUNT)) * orZero(e.get(Field.TSIZE));
  }

  private static long orZero(long v) {
    return Sym.isSymbol(v) ? 0 : v;
  }

  private static long sum(long[] xs) {
    long s = 0;
    for (long x : xs) {
      s += x;
    }
    return s;
  }
}
