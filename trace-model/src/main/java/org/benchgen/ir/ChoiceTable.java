package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A world-step choice table (issue 50, docs/compressed-format.md "Step choices"): a sequence of
 * {@code steps} configuration numbers, each below {@code configs}, packed at {@link #bits} bits
 * a number, and columns that map a configuration to a value. A loop whose per-iteration values
 * across all ranks take few distinct vectors (MPICH's comm/ctxsplit: which ranks split with
 * color 1 at each step, and so the communicator each of them made) stores the vectors once, as
 * the columns, and the iterations once for the world, as the packed numbers, instead of one
 * value sequence per rank and parameter. A parameter's values on a rank are one column read
 * at every step ({@link ChoiceColumn}), or only at the steps whose configuration has a non-zero
 * value in another column ({@code when}: the rank's guard of the path that makes the call).
 * Columns are only added, each immutable, so a column may be read before the next is added. Its
 * number is the one its file gave it (for messages): the writer numbers the tables it writes.
 */
public final class ChoiceTable {
  /** The most configurations a table holds: 12 bits a step. */
  public static final int MAX_CONFIGS = 4096;

  private final int number;
  private final int configs;
  private final int steps;
  private final int bits;
  private final byte[] packed;
  /** How many steps have each configuration. */
  private final long[] counts;
  private final List<long[]> columns = new ArrayList<>();
  /** Per column, the 1-based column it is read under (0: every step). */
  private final List<Integer> whens = new ArrayList<>();

  /** A table of {@code configs} configurations over the steps {@code packed} holds. */
  public ChoiceTable(int number, int configs, int steps, byte[] packed) {
    if (number < 1 || configs < 1 || configs > MAX_CONFIGS || steps < 0) {
      throw new IllegalArgumentException("choice table " + number + ": " + configs
          + " configurations, " + steps + " steps");
    }
    this.number = number;
    this.configs = configs;
    this.steps = steps;
    this.bits = bitsFor(configs);
    if (packed.length != bytesFor(steps, bits)) {
      throw new IllegalArgumentException("choice table " + number + ": " + packed.length
          + " bytes of data where " + steps + " steps of " + bits + " bits take "
          + bytesFor(steps, bits));
    }
    this.packed = packed.clone();
    this.counts = new long[configs];
    for (int i = 0; i < steps; i++) {
      int c = config(i);
      if (c >= configs) {
        throw new IllegalArgumentException("choice table " + number + ": step " + (i + 1)
            + " has configuration " + c + ", over the " + configs + " of the table");
      }
      counts[c]++;
    }
  }

  /** The table of the configuration numbers {@code seq}, packed. */
  public static ChoiceTable of(int number, int configs, int[] seq) {
    int bits = bitsFor(configs);
    byte[] p = new byte[bytesFor(seq.length, bits)];
    for (int i = 0; i < seq.length; i++) {
      for (int b = 0; b < bits; b++) {
        if ((seq[i] >>> (bits - 1 - b) & 1) != 0) {
          long at = (long) i * bits + b;
          p[(int) (at >>> 3)] |= (byte) (0x80 >>> (at & 7));
        }
      }
    }
    return new ChoiceTable(number, configs, seq.length, p);
  }

  /** Bits a step: enough for the largest number, at least 1. */
  public static int bitsFor(int configs) {
    return Math.max(1, 32 - Integer.numberOfLeadingZeros(configs - 1));
  }

  /** Bytes that {@code steps} numbers of {@code bits} bits take. */
  public static int bytesFor(long steps, int bits) {
    long b = (steps * bits + 7) / 8;
    if (b > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(steps + " steps of " + bits + " bits");
    }
    return (int) b;
  }

  /** Adds a column of one value a configuration, read under column {@code when} (0: none). */
  public synchronized ChoiceColumn addColumn(long[] values, int when) {
    if (values.length != configs) {
      throw new IllegalArgumentException("a column of choice table " + number + " has "
          + values.length + " values, not one for each of its " + configs + " configurations");
    }
    if (when < 0 || when > columns.size() || when > 0 && whens.get(when - 1) != 0) {
      throw new IllegalArgumentException("when= names a column of choice table " + number
          + " defined before, itself read at every step");
    }
    columns.add(values.clone());
    whens.add(when);
    return column(columns.size());
  }

  /** Column {@code j} (1-based), as the values a rank reads. */
  public ChoiceColumn column(int j) {
    if (j < 1 || j > columns.size()) {
      throw new IllegalArgumentException("choice table " + number + " has no column " + j
          + " (it has " + columns.size() + ")");
    }
    return new ChoiceColumn(this, j);
  }

  public int number() {
    return number;
  }

  public int configs() {
    return configs;
  }

  public int steps() {
    return steps;
  }

  public int bits() {
    return bits;
  }

  /** The packed numbers, most significant bit first. */
  public byte[] packed() {
    return packed.clone();
  }

  public synchronized int columnCount() {
    return columns.size();
  }

  /** Column {@code j}'s value for each configuration. */
  public synchronized long[] values(int j) {
    return columns.get(j - 1).clone();
  }

  /** The column column {@code j} is read under, 0 for every step. */
  public synchronized int when(int j) {
    return whens.get(j - 1);
  }

  /** The configuration of step {@code i} (0-based). */
  public int config(int i) {
    int c = 0;
    long at = (long) i * bits;
    for (int b = 0; b < bits; b++, at++) {
      c = c << 1 | (packed[(int) (at >>> 3)] >>> (7 - (at & 7)) & 1);
    }
    return c;
  }

  /** How many values column {@code j} gives: the steps it is read at. */
  synchronized long size(int j) {
    int w = whens.get(j - 1);
    if (w == 0) {
      return steps;
    }
    long[] g = columns.get(w - 1);
    long n = 0;
    for (int c = 0; c < configs; c++) {
      n += g[c] != 0 ? counts[c] : 0;
    }
    return n;
  }

  /** Column {@code j}'s values in step order, as nodes (a column, once added, never changes). */
  synchronized List<VNode> nodes(int j) {
    long[] v = columns.get(j - 1);
    int w = whens.get(j - 1);
    long[] g = w == 0 ? null : columns.get(w - 1);
    VNodes.Builder b = new VNodes.Builder();
    for (int i = 0; i < steps; i++) {
      int c = config(i);
      if (g == null || g[c] != 0) {
        b.addLeaf(v[c]);
      }
    }
    return b.build();
  }
}
