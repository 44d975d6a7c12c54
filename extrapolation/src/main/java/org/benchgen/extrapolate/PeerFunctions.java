package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * Peers that are functions of the rank other than an offset, which the regions of a grid cannot
 * speak for (neighbours in one region have different partners): {@code r XOR m} (butterflies,
 * recursive halving and doubling: the k-th peer of every rank is its rank XOR the k-th mask, the
 * masks alike on all ranks), and the transpose within a layout of rows x cols ranks, cols a
 * multiple c of rows (rank {@code row*cols + c*i + lo} and rank {@code i*cols + c*row + lo} swap:
 * a square's transpose where c = 1, blocks of c ranks where the layout is c times wider than
 * high). The layouts they show are the trace's process grid where offsets show none.
 */
final class PeerFunctions {
  /** Longest cycle of peers read per rank: a butterfly has log2 P, not thousands. */
  private static final int MAX_CYCLE = 64;

  private PeerFunctions() {}

  /** The transpose of {@code rank} in the layout {@code [cols, rows]} (cols a multiple of rows). */
  static int transpose(int rank, Grid layout) {
    int cols = layout.dims()[0];
    int rows = layout.dims()[1];
    int c = cols / rows;
    int row = rank / cols;
    int col = rank % cols;
    return (col / c) * cols + row * c + col % c;
  }

  /** Whether {@code layout} is one a transpose is defined on: 2-D, cols a multiple of rows > 1. */
  static boolean transposable(Grid layout) {
    int[] d = layout.dims();
    return d.length == 2 && d[1] >= 2 && d[0] % d[1] == 0;
  }

  /** Each rank's peers over one cycle, absolute, in the order of the ranks; empty if symbolic. */
  static Optional<List<long[]>> perRank(Param p, int world, List<Integer> ranks) {
    List<long[]> out = new ArrayList<>();
    for (ParamEntry e : p.entries()) {
      boolean rel = e.values() instanceof EntryValues.Relative;
      for (int r : e.ranks().toArray()) {
        long[] v = new long[MAX_CYCLE];
        int n = 0;
        PrimitiveIterator.OfLong it = e.values().seq().once();
        while (it.hasNext()) {
          long x = it.nextLong();
          if (n == MAX_CYCLE || Sym.isSymbol(x)) {
            return Optional.empty();
          }
          v[n++] = rel ? Math.floorMod(r + x, (long) world) : x;
        }
        if (n == 0) {
          return Optional.empty();
        }
        out.add(Arrays.copyOf(v, n));
        ranks.add(r);
      }
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(out);
  }

  /**
   * The masks where every rank's k-th peer is its rank XOR the k-th mask, the masks the same on
   * every rank, each a power of 2 (a bit flipped: butterflies, hypercubes); empty otherwise, and
   * for a rank alone, whose every list of peers is some XOR (a master's workers 1, 2, 3, ...).
   */
  static Optional<long[]> xorMasks(Param p, int world) {
    List<Integer> ranks = new ArrayList<>();
    Optional<List<long[]>> peers = perRank(p, world, ranks);
    if (peers.isEmpty() || ranks.size() < 2) {
      return Optional.empty();
    }
    long[] masks = null;
    for (int i = 0; i < ranks.size(); i++) {
      long[] v = peers.get().get(i);
      long[] m = new long[v.length];
      for (int k = 0; k < v.length; k++) {
        m[k] = v[k] ^ ranks.get(i);
        if (Long.bitCount(m[k]) != 1) {
          return Optional.empty();
        }
      }
      if (masks == null) {
        masks = m;
      } else if (!Arrays.equals(masks, m)) {
        return Optional.empty();
      }
    }
    return Optional.of(masks);
  }

  /**
   * The layout {@code [cols, rows]} in whose transpose every rank's peer is, the most balanced
   * (most rows) where several are; empty where none is, or a rank's peer changes between calls.
   */
  static Optional<Grid> transposeLayout(Param p, int world) {
    List<Integer> ranks = new ArrayList<>();
    Optional<List<long[]>> peers = perRank(p, world, ranks);
    if (peers.isEmpty() || ranks.size() < 2
        || peers.get().stream().anyMatch(v -> v.length != 1)) {
      return Optional.empty();
    }
    for (int rows = (int) Math.sqrt(world); rows >= 2; rows--) {
      if (world % rows != 0 || (world / rows) % rows != 0) {
        continue;
      }
      Grid layout = new Grid(new int[] {world / rows, rows});
      boolean all = true;
      for (int i = 0; i < ranks.size() && all; i++) {
        all = peers.get().get(i)[0] == transpose(ranks.get(i), layout);
      }
      if (all) {
        return Optional.of(layout);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the peers are one of these functions and not one offset for every rank (which the
   * grid's steps carry already, and which XOR P/2 is at P ranks). One mask alone is not taken
   * for an XOR: {@code r XOR s} is also the neighbour along a dimension of 2 ranks of stride s
   * (a 3-D stencil at 16 ranks is 4x2x2), which the grid's steps carry.
   */
  static boolean explains(Param p, int world) {
    boolean oneOffset = p.entries().size() == 1
        && p.entries().get(0).values() instanceof EntryValues.Relative;
    return !oneOffset && (xorMasks(p, world).filter(m -> m.length >= 2).isPresent()
        || transposeLayout(p, world).isPresent());
  }

  /** Whether every offset is a step along one dimension of {@code layout}. */
  static boolean steps(java.util.Set<Long> offsets, Grid layout) {
    for (long o : offsets) {
      boolean step = false;
      for (int i = 0; i < layout.dims().length && !step; i++) {
        step = layout.dims()[i] > 1 && o == layout.stride(i);
      }
      if (!step) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the masks are a butterfly over blocks of {@code 2^n} ranks, n their count: 1, 2, 4,
   * ... or the same from the top; the block's size where they are.
   */
  static Optional<Long> span(long[] masks) {
    int n = masks.length;
    boolean up = true;
    boolean down = true;
    for (int k = 0; k < n; k++) {
      up &= masks[k] == 1L << k;
      down &= masks[k] == 1L << (n - 1 - k);
    }
    return up || down ? Optional.of(1L << n) : Optional.empty();
  }

  /**
   * The layout the trace's peer functions show: the transposes' layout, which all must share;
   * else, from butterflies alone, blocks of the widest span, {@code [span, P/span]}. Empty where
   * there are none, or they disagree.
   */
  static Optional<Grid> layout(CompressedTrace t) {
    int p = t.worldSize();
    List<Grid> transposes = new ArrayList<>();
    long[] span = {0};
    scan(t.body(), p, transposes, span);
    if (!transposes.isEmpty()) {
      Grid g = transposes.get(0);
      boolean agree = transposes.stream().allMatch(g::equals) && span[0] <= g.dims()[0]
          && (span[0] == 0 || g.dims()[0] % span[0] == 0);
      return agree ? Optional.of(g) : Optional.empty();
    }
    if (span[0] > 1 && p % span[0] == 0) {
      return Optional.of(span[0] == p ? new Grid(new int[] {p})
          : new Grid(new int[] {(int) span[0], (int) (p / span[0])}));
    }
    return Optional.empty();
  }

  private static void scan(List<Node> nodes, int p, List<Grid> transposes, long[] span) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        scan(l.body(), p, transposes, span);
        continue;
      }
      Rsd r = (Rsd) n;
      Param comm = r.param(Field.COMM);
      if (comm.isAbsent() || comm.leaves().anyMatch(c -> c != 0)) {
        continue;
      }
      for (Field f : r.op().fields()) {
        if (!f.isPeer() || !explains(r.param(f), p)) {
          continue;
        }
        Optional<long[]> m = xorMasks(r.param(f), p);
        if (m.isPresent()) {
          span[0] = Math.max(span[0], Long.highestOneBit(Arrays.stream(m.get()).max()
              .getAsLong()) * 2);
        } else {
          transposeLayout(r.param(f), p).ifPresent(transposes::add);
        }
      }
    }
  }

  /**
   * The regions of a grid without ends: rank 0 (where programs read their input, print and root
   * their reductions) and all the others, standing for them rank 1 (checked alike at the template).
   */
  static List<Grid.Region> endlessRegions(int ranks) {
    Grid line = new Grid(new int[] {ranks});
    List<Grid.Region> out = new ArrayList<>();
    out.add(new Grid.Region(line, new int[][] {{0, 0}}));
    if (ranks > 1) {
      out.add(new Grid.Region(line, new int[][] {{1, ranks - 1}}));
    }
    return out;
  }
}
