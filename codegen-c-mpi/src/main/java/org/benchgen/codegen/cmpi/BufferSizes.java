package org.benchgen.codegen.cmpi;

import java.util.function.LongUnaryOperator;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * The largest send and receive buffers any call of the program needs, from the largest values of
 * its counts, element spans (a type's size, or its extent where larger) and lists; collectives
 * that send or receive a block per member count the world size, an upper bound on every
 * communicator's, and neighbourhood collectives the most neighbours a topology has (a graph may
 * repeat an edge, and a Cartesian one of few ranks has two per dimension) where that is more.
 */
final class BufferSizes {
  private final int worldSize;
  private final SymbolTable symbols;
  private long send = 1;
  private long recv = 1;
  /** A neighbourhood collective's largest block sent and received, per neighbour. */
  private long blockSent;
  private long blockReceived;
  /** The most neighbours of any topology. */
  private long degree;

  BufferSizes(int worldSize, SymbolTable symbols) {
    this.worldSize = worldSize;
    this.symbols = symbols;
  }

  long send() {
    return Math.max(send, times(blockSent, Math.max(degree, worldSize)));
  }

  long recv() {
    return Math.max(recv, times(blockReceived, Math.max(degree, worldSize)));
  }

  void add(Rsd r) {
    Op op = r.op();
    if (op.kind() == OpKind.COMM_CREATE) {
      degree = Math.max(degree, Math.max(2 * max(r, Field.DIMS, this::length),
          Math.max(max(r, Field.SOURCES, this::length), max(r, Field.DESTS, this::length))));
      return;
    }
    // MPI-IO's reads and writes use a buffer of their own (bg_iobuf, CFiles).
    if (op.kind() == OpKind.COMPLETION || op.kind() == OpKind.FILE_IO) {
      return;
    }
    // An element spans its type's extent where that is larger than its data (pair types).
    // MPI_Alltoallw's counts are bytes: it records no datatype.
    long tsize = op.has(Field.TSIZE) || !op.has(Field.COUNTS) ? Math.max(max(r, Field.TSIZE,
        v -> v), max(r, Field.EXT, v -> v)) : 1;
    long rtsize = Math.max(tsize, Math.max(max(r, Field.RTSIZE, v -> v),
        max(r, Field.REXT, v -> v)));
    long count = max(r, Field.COUNT, v -> v);
    long rcount = max(r, Field.RCOUNT, v -> v);
    long counts = max(r, Field.COUNTS, this::sum);
    long rcounts = max(r, Field.RCOUNTS, this::sum);
    long bytes = max(r, Field.BYTES, v -> v);
    // One count for a block a member (a gather's, a scatter's, not their v-forms' lists); a
    // neighbourhood collective's blocks are counted by neighbours below.
    boolean perMember = (op.gathers() || op.scatters()) && !op.isVector()
        && !op.isNeighbourhood();
    if (op.isNeighbourhood() && op.has(Field.RCOUNT)) { // a block per neighbour each way
      blockSent = Math.max(blockSent, times(count, tsize));
      blockReceived = Math.max(blockReceived, times(rcount, rtsize));
    }
    long n = perMember ? worldSize : 1;
    long s = times(Math.max(times(count, n), counts), tsize);
    // Receive sides: posted counts, lists, what arrived; Sendrecv_replace and Bcast use one buffer.
    long rv = Math.max(times(Math.max(times(rcount, n), rcounts), rtsize),
        Math.max(bytes, times(times(count, n), tsize)));
    send = Math.max(send, Math.max(s, times(rcounts, tsize)));
    recv = Math.max(recv, rv);
  }

  /**
   * {@code a * b}, or the largest long where that overflows: a trace's counts, sizes and extents
   * (up to 2^62) must never wrap around to a small buffer, which the benchmark would overrun;
   * a buffer too large to allocate stops the benchmark at start-up, saying so.
   */
  static long times(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  private long length(long listId) {
    return symbols.list(listId).length;
  }

  private long sum(long listId) {
    long t = 0;
    for (long x : symbols.list(listId)) {
      // Saturating, as times(): Alltoallw's byte counts may be large.
      t = Sym.isSymbol(x) || x <= 0 ? t : x > Long.MAX_VALUE - t ? Long.MAX_VALUE : t + x;
    }
    return t;
  }

  private static long max(Rsd r, Field f, LongUnaryOperator of) {
    return r.param(f).leaves().filter(v -> !Sym.isSymbol(v)).map(of).max().orElse(0);
  }
}
