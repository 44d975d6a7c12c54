package org.benchgen.trace;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bytes each buffer of a call holds, worked out exactly: a count times its datatype's size,
 * or the sum of a vector's counts times it. Every reader checks them against
 * {@link TraceLimits#MAX_BYTES} so that no pass computes a byte count that wraps (the reader of
 * streams call by call; the compressed one with each field's largest value, a bound on every
 * call's).
 */
public final class BufferBytes {
  private BufferBytes() {}

  /**
   * A buffer of a call: its count (or counts, a list) and the field of its datatype's size; none
   * where the counts are bytes already (MPI_Alltoallw's).
   */
  public record Buffer(Field count, Optional<Field> size) {}

  private static final Map<Op, List<Buffer>> BUFFERS = new EnumMap<>(Op.class);

  static {
    for (Op op : Op.values()) {
      List<Buffer> bs = new ArrayList<>();
      for (Field[] pair : new Field[][] {{Field.COUNT, Field.TSIZE}, {Field.RCOUNT, Field.RTSIZE},
          {Field.COUNTS, Field.TSIZE}, {Field.RCOUNTS, Field.RTSIZE}}) {
        if (op.has(pair[0])) {
          // A receive side without its own size is in the send side's type (Reduce_scatter).
          Optional<Field> size = op.has(pair[1]) ? Optional.of(pair[1])
              : op.has(Field.TSIZE) ? Optional.of(Field.TSIZE) : Optional.empty();
          bs.add(new Buffer(pair[0], size));
        }
      }
      BUFFERS.put(op, List.copyOf(bs));
    }
  }

  /** The buffers of a call of {@code op}, in a fixed order. */
  public static List<Buffer> of(Op op) {
    return BUFFERS.get(op);
  }

  /**
   * Checks one buffer of a call of {@code op}: {@code count} elements (the counts' sum, from
   * {@link #sum}) of {@code size} bytes; a symbol or an absent value counts as 0.
   *
   * @throws TraceProblem naming the fields and values whose bytes pass the bound
   */
  public static void check(Op op, Buffer b, long count, long size) {
    long n = orZero(count);
    long s = b.size().isPresent() ? orZero(size) : 1;
    if (over(n, s)) {
      throw new TraceProblem(op.mpiName() + ": " + b.count().key()
          + (b.count().kind().isList() ? " (their sum)" : "") + "=" + n
          + b.size().map(f -> " x " + f.key() + "=" + s).orElse("")
          + ": the buffer holds more than 2^62 bytes (TraceLimits.MAX_BYTES)");
    }
  }

  /** The exact sum of {@code xs} (each 0 when a symbol), or {@code Long.MAX_VALUE} past it. */
  public static long sum(long[] xs) {
    long s = 0;
    for (long x : xs) {
      try {
        s = Math.addExact(s, orZero(x));
      } catch (ArithmeticException e) {
        return Long.MAX_VALUE;
      }
    }
    return s;
  }

  private static boolean over(long n, long s) {
    try {
      return Math.multiplyExact(n, s) > TraceLimits.MAX_BYTES;
    } catch (ArithmeticException e) {
      return true;
    }
  }

  private static long orZero(long v) {
    return Sym.isSymbol(v) || v < 0 ? 0 : v;
  }
}
