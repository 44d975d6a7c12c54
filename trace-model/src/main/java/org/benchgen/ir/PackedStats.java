package org.benchgen.ir;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.RandomAccess;

/**
 * An RSD's compute statistics held as bytes, read as the same {@link ComputeStat}s they were made
 * from. Where nothing folds, an RSD's call paths each hold a statistic, a histogram, a list of
 * bins and the bins, about 180 bytes for a call or three; here they cost their numbers as
 * variable-length integers (a count or a bin in a byte or two, a mean in five to ten). Only
 * statistics without rank classes are packed (a rank's own RSDs have none); a list with any is
 * copied as it is. Each {@link #get} makes a new statistic, equal to the one packed; the list
 * itself is one object for the RSD's life, as identity maps of compute lists need. Immutable.
 */
public final class PackedStats extends AbstractList<ComputeStat> implements RandomAccess {
  /** The call path of each statistic: a String for one, else a String[]. */
  private final Object afters;
  /** Per statistic: count, min, max, mean, sd, CPU time (0, or 1 and the time), bins. */
  private final byte[] data;
  /** {@link List#hashCode}, computed on first use (0: not yet). */
  private int hash;

  private PackedStats(Object afters, byte[] data) {
    this.afters = afters;
    this.data = data;
  }

  /** {@code stats} packed, or copied as they are where one has rank classes. */
  public static List<ComputeStat> of(List<ComputeStat> stats) {
    if (stats.isEmpty() || stats.stream().anyMatch(c -> !c.classes().isEmpty())) {
      return List.copyOf(stats);
    }
    Bytes out = new Bytes();
    String[] paths = new String[stats.size()];
    for (int i = 0; i < paths.length; i++) {
      ComputeStat c = stats.get(i);
      paths[i] = c.after();
      Histogram h = c.time();
      out.signed(h.count());
      out.signed(h.min());
      out.signed(h.max());
      out.real(h.mean());
      out.real(h.sd());
      if (c.cpu().isPresent()) {
        out.unsigned(1);
        out.real(c.cpu().getAsDouble());
      } else {
        out.unsigned(0);
      }
      out.unsigned(h.bins().size());
      for (Histogram.Bin b : h.bins()) {
        out.signed(b.log2());
        out.signed(b.count());
      }
    }
    return new PackedStats(paths.length == 1 ? paths[0] : paths, out.bytes());
  }

  @Override
  public int size() {
    return afters instanceof String ? 1 : ((String[]) afters).length;
  }

  @Override
  public ComputeStat get(int i) {
    if (i < 0 || i >= size()) {
      throw new IndexOutOfBoundsException(i);
    }
    Reader in = new Reader(data);
    for (int k = 0; k < i; k++) {
      in.skipStat();
    }
    long count = in.signed();
    long min = in.signed();
    long max = in.signed();
    double mean = in.real();
    double sd = in.real();
    OptionalDouble cpu = in.unsigned() == 1 ? OptionalDouble.of(in.real()) : OptionalDouble.empty();
    int n = (int) in.unsigned();
    List<Histogram.Bin> bins = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      bins.add(new Histogram.Bin((int) in.signed(), in.signed()));
    }
    String after = afters instanceof String s ? s : ((String[]) afters)[i];
    return new ComputeStat(after, new Histogram(count, min, max, mean, sd, bins), List.of(), cpu);
  }

  @Override
  public boolean equals(Object o) {
    if (o instanceof PackedStats p && Arrays.equals(data, p.data)
        && (afters instanceof String s ? s.equals(p.afters)
            : p.afters instanceof String[] a && Arrays.equals((String[]) afters, a))) {
      return true;
    }
    return super.equals(o); // equal statistics may differ in bytes (a NaN's payload)
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = super.hashCode();
      hash = h;
    }
    return h;
  }

  /** Variable-length integers, 7 bits a byte, low first; signed ones zigzag-coded. */
  private static final class Bytes {
    private byte[] buf = new byte[64];
    private int size;

    void unsigned(long v) {
      while ((v & ~0x7FL) != 0) {
        put((byte) ((v & 0x7F) | 0x80));
        v >>>= 7;
      }
      put((byte) v);
    }

    void signed(long v) {
      unsigned((v << 1) ^ (v >> 63));
    }

    /** A double's bits reversed: a round number's zero low bits become few high ones. */
    void real(double d) {
      unsigned(Long.reverse(Double.doubleToRawLongBits(d)));
    }

    private void put(byte b) {
      if (size == buf.length) {
        buf = Arrays.copyOf(buf, 2 * size);
      }
      buf[size++] = b;
    }

    byte[] bytes() {
      return Arrays.copyOf(buf, size);
    }
  }

  /** Reads what {@link Bytes} wrote. */
  private static final class Reader {
    private final byte[] data;
    private int at;

    Reader(byte[] data) {
      this.data = data;
    }

    long unsigned() {
      long v = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = data[at++];
        v |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          return v;
        }
      }
    }

    long signed() {
      long u = unsigned();
      return (u >>> 1) ^ -(u & 1);
    }

    double real() {
      return Double.longBitsToDouble(Long.reverse(unsigned()));
    }

    /** Moves past one statistic. */
    void skipStat() {
      for (int k = 0; k < 5; k++) {
        unsigned();
      }
      if (unsigned() == 1) {
        unsigned();
      }
      long n = unsigned();
      for (long k = 0; k < 2 * n; k++) {
        unsigned();
      }
    }
  }

  // Immutable: the mutators of AbstractList already throw UnsupportedOperationException.
}
