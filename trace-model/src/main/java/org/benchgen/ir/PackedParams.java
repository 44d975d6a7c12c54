package org.benchgen.ir;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * An RSD's parameters held in a few arrays, read as the same {@link Param}s they were made from.
 * Where nothing folds (calls in a random order) a trace holds an RSD for every two or three calls,
 * each parameter a chain of objects (param, list, entry, values, sequence, list, leaves) for two or
 * three values: about 40 % of the compressor's heap (docs/compression.md, "Packed parameters").
 * Here a parameter of one entry on the RSD's own ranks whose sequences are a few values or runs of
 * a value ({@code 2*3,1}) costs its values (4 bytes each when all fit in an int, else 8; 4 more for
 * a run's length where the RSD has a run) and three bytes of layout; any other parameter is kept
 * as it is.
 *
 * <p>Each {@link #get} makes a new {@code Param} (equal to the one packed, and hashing as it
 * does): never one object shared by two RSDs, so a walk that keeps its place in a sequence per
 * parameter entry by identity ({@code TraversalContext}) keeps one per RSD, as it does for
 * unpacked RSDs. Immutable.
 */
public final class PackedParams extends AbstractList<Param> implements RandomAccess {
  /** Longer sequences are already compact ({@link VNodes}): they are kept as they are. */
  static final int MAX_VALUES = VNodes.MIN_COMPACT - 1;

  private static final byte ABSENT = 0;
  private static final byte PLAIN = 1;
  private static final byte ABSOLUTE = 2;
  private static final byte RELATIVE = 3;
  private static final byte UNDECIDED = 4;
  /** A parameter kept as it is: its index in {@code kept} is its first length byte. */
  private static final byte KEPT = 5;

  /** The ranks of every packed entry: the RSD's. */
  private final RankList ranks;
  /** Per parameter: its kind, the length of its (first) sequence, that of its second. */
  private final byte[] layout;
  /**
   * The values of every packed sequence, in order; one of the two is null. {@code narrow} holds
   * them where each is an int or a symbol ({@link #toNarrow}): a datatype or an op is a symbol's
   * code, near Long.MIN_VALUE, in almost every RSD.
   */
  private final int[] narrow;
  private final long[] wide;
  /** How many times each value repeats ({@code v*t}), 1 for a plain value; null when all are 1. */
  private final int[] times;
  /** The parameters not packed; null when there are none. */
  private final Param[] kept;
  /** {@link List#hashCode}, computed on first use (0: not yet). */
  private int hash;

  private PackedParams(RankList ranks, byte[] layout, int[] narrow, long[] wide, int[] times,
      Param[] kept) {
    this.ranks = ranks;
    this.layout = layout;
    this.narrow = narrow;
    this.wide = wide;
    this.times = times;
    this.kept = kept;
  }

  /**
   * {@code params} of an RSD on {@code ranks}, packed where they can be; {@code params} copied as
   * they are when none can.
   */
  public static List<Param> of(RankList ranks, List<Param> params) {
    int n = params.size();
    byte[] layout = new byte[3 * n];
    long[] values = new long[16];
    int[] times = new int[16];
    boolean runs = false;
    int size = 0;
    int keptCount = 0;
    boolean packedAny = false;
    for (int i = 0; i < n; i++) {
      Param p = params.get(i);
      byte kind = kind(p, ranks);
      layout[3 * i] = kind;
      if (kind == KEPT) {
        keptCount++;
        continue;
      }
      packedAny = true;
      if (kind == ABSENT) {
        continue;
      }
      EntryValues v = p.entries().get(0).values();
      List<VNode> first = v instanceof EntryValues.Undecided u ? u.absolute().nodes()
          : v.seq().nodes();
      List<VNode> second = v instanceof EntryValues.Undecided u ? u.relative().nodes()
          : List.of();
      if (size + first.size() + second.size() > values.length) {
        values = Arrays.copyOf(values, Math.max(2 * values.length,
            size + first.size() + second.size()));
        times = Arrays.copyOf(times, values.length);
      }
      layout[3 * i + 1] = (byte) first.size();
      layout[3 * i + 2] = (byte) second.size();
      for (VNode x : first) {
        runs |= (times[size] = timesOf(x)) != 1;
        values[size++] = valueOf(x);
      }
      for (VNode x : second) {
        runs |= (times[size] = timesOf(x)) != 1;
        values[size++] = valueOf(x);
      }
    }
    if (!packedAny || n > 255) {
      return List.copyOf(params);
    }
    Param[] kept = keptCount == 0 ? null : new Param[keptCount];
    int k = 0;
    for (int i = 0; i < n && kept != null; i++) {
      if (layout[3 * i] == KEPT) {
        layout[3 * i + 1] = (byte) k;
        kept[k++] = params.get(i);
      }
    }
    int[] t = runs ? Arrays.copyOf(times, size) : null;
    boolean fits = true;
    for (int i = 0; i < size && fits; i++) {
      fits = narrows(values[i]);
    }
    if (fits) {
      int[] v = new int[size];
      for (int i = 0; i < size; i++) {
        v[i] = toNarrow(values[i]);
      }
      return new PackedParams(ranks, layout, v, null, t, kept);
    }
    return new PackedParams(ranks, layout, null, Arrays.copyOf(values, size), t, kept);
  }

  /** Ints from Integer.MIN_VALUE on stand for the longs from Long.MIN_VALUE on (symbols). */
  private static final int SYMBOLS = 1 << 20;

  /** Whether {@code v} has an int form: an int above the symbols' range, or a symbol. */
  private static boolean narrows(long v) {
    return v == (int) v && v >= (long) Integer.MIN_VALUE + SYMBOLS
        || Long.compareUnsigned(v - Long.MIN_VALUE, SYMBOLS) < 0;
  }

  /** The int form of a value that {@link #narrows}. */
  private static int toNarrow(long v) {
    return v == (int) v ? (int) v : (int) (Integer.MIN_VALUE + (v - Long.MIN_VALUE));
  }

  /** The value of an int form. */
  private static long fromNarrow(int i) {
    return i >= Integer.MIN_VALUE + SYMBOLS ? i : Long.MIN_VALUE + ((long) i - Integer.MIN_VALUE);
  }

  /** The value of a packable node: a leaf, or a run of one. */
  private static long valueOf(VNode x) {
    return x instanceof VNode.Leaf l ? l.value()
        : ((VNode.Leaf) ((VNode.Rep) x).body().get(0)).value();
  }

  /** How many times a packable node's value is written: 1 for a leaf. */
  private static int timesOf(VNode x) {
    return x instanceof VNode.Leaf ? 1 : (int) ((VNode.Rep) x).times();
  }

  /**
   * Whether {@link #of} would pack {@code p} in an RSD on {@code ranks} (its values copied out,
   * the object itself not kept).
   */
  public static boolean packs(Param p, RankList ranks) {
    return kind(p, ranks) != KEPT;
  }

  /** How {@code p} is held: absent, one of the packed kinds, or kept. */
  private static byte kind(Param p, RankList ranks) {
    if (p.isAbsent()) {
      return ABSENT;
    }
    if (p.entries().size() != 1 || !p.entries().get(0).ranks().equals(ranks)) {
      return KEPT;
    }
    EntryValues v = p.entries().get(0).values();
    if (v instanceof EntryValues.Undecided u) {
      return plainValues(u.absolute()) && plainValues(u.relative()) ? UNDECIDED : KEPT;
    }
    if (!plainValues(v.seq())) {
      return KEPT;
    }
    return v instanceof EntryValues.Plain ? PLAIN
        : v instanceof EntryValues.Absolute ? ABSOLUTE : RELATIVE;
  }

  /** Whether {@code s} is a few values, each a leaf or a run of one ({@code v*t}). */
  private static boolean plainValues(ValueSeq s) {
    List<VNode> nodes = s.nodes();
    if (nodes.isEmpty() || nodes.size() > MAX_VALUES) {
      return false;
    }
    for (VNode x : nodes) {
      if (!(x instanceof VNode.Leaf || x instanceof VNode.Rep r && r.body().size() == 1
          && r.body().get(0) instanceof VNode.Leaf && r.times() > 1
          && r.times() <= Integer.MAX_VALUE)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int size() {
    return layout.length / 3;
  }

  @Override
  public Param get(int i) {
    byte kind = layout[3 * i];
    if (kind == ABSENT) {
      return Param.none();
    }
    if (kind == KEPT) {
      return kept[layout[3 * i + 1] & 0xff];
    }
    int from = 0;
    for (int j = 0; j < i; j++) {
      from += layout[3 * j] == KEPT ? 0 : layout[3 * j + 1] + layout[3 * j + 2];
    }
    ValueSeq first = seq(from, layout[3 * i + 1]);
    EntryValues v = switch (kind) {
      case PLAIN -> new EntryValues.Plain(first);
      case ABSOLUTE -> new EntryValues.Absolute(first);
      case RELATIVE -> new EntryValues.Relative(first);
      default -> new EntryValues.Undecided(first,
          seq(from + layout[3 * i + 1], layout[3 * i + 2]));
    };
    return new Param(List.of(new ParamEntry(v, ranks)));
  }

  /** The sequence of the {@code length} values from {@code from}. */
  private ValueSeq seq(int from, int length) {
    VNode[] nodes = new VNode[length];
    for (int j = 0; j < length; j++) {
      VNode.Leaf leaf = new VNode.Leaf(narrow != null ? fromNarrow(narrow[from + j])
          : wide[from + j]);
      int t = times == null ? 1 : times[from + j];
      nodes[j] = t == 1 ? leaf : VNode.Rep.of(List.of(leaf), t);
    }
    return new ValueSeq(List.of(nodes));
  }

  @Override
  public boolean equals(Object o) {
    // Equal arrays, equal parameters; the converse need not hold (the same ranks in another
    // list's form), so other arrays are compared as parameters.
    if (o instanceof PackedParams p && ranks.equals(p.ranks) && Arrays.equals(layout, p.layout)
        && Arrays.equals(narrow, p.narrow) && Arrays.equals(wide, p.wide)
        && Arrays.equals(times, p.times) && Arrays.equals(kept, p.kept)) {
      return true;
    }
    return super.equals(o);
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

  // Immutable: the mutators of AbstractList already throw UnsupportedOperationException.
}
