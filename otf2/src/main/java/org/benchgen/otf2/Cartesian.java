package org.benchgen.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments of {@code MPI_Cart_create} and {@code MPI_Cart_sub}, which OTF2's events do not
 * carry, from its Cartesian topology definitions (Score-P writes them, and so does {@code
 * export}): a topology's dimensions and periodicity give {@code Cart_create}'s; the dimensions a
 * {@code Cart_sub} kept are those whose coordinates vary among the members of the communicator it
 * made (docs/otf2.md).
 */
final class Cartesian {
  private Cartesian() {}

  /** {dims, periods} of communicator {@code c}'s topology, if the archive defines one. */
  static Optional<long[][]> topology(ImportDefs defs, ImportDefs.Comm c) {
    return Optional.ofNullable(defs.carts().get(c.ref()));
  }

  /**
   * The {@code remain} of the Cart_sub by which rank {@code rank} made {@code sub} from {@code
   * parent}: the dimensions whose coordinates vary among {@code sub}'s members (a dimension of
   * size 1 never varies: the new communicator's own topology, when defined, says whether it was
   * kept), checked against the members that share this rank's coordinates in the others. Linear
   * in the members.
   */
  static Optional<long[]> remain(ImportDefs defs, ImportDefs.Comm parent, ImportDefs.Comm sub,
      int rank) {
    long[][] t = defs.carts().get(parent.ref());
    int n = parent.members().length;
    if (t == null || Arrays.stream(t[0]).reduce(1, Cartesian::times) != n) {
      return Optional.empty();
    }
    long[] dims = t[0];
    int d = dims.length;
    Map<Integer, Integer> indexInParent = new HashMap<>();
    for (int j = 0; j < n; j++) {
      indexInParent.put(parent.members()[j], j);
    }
    long[] first = null;
    boolean[] varies = new boolean[d];
    for (int m : sub.members()) {
      Integer j = indexInParent.get(m);
      if (j == null) {
        return Optional.empty();
      }
      long[] c = coords(j, dims);
      if (first == null) {
        first = c;
      }
      for (int k = 0; k < d; k++) {
        varies[k] |= c[k] != first[k];
      }
    }
    long[] remain = keep(varies, dims, defs.carts().get(sub.ref()));
    Integer me = indexInParent.get(rank);
    if (me == null) {
      return Optional.empty();
    }
    long[] mine = coords(me, dims);
    List<Integer> same = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      long[] c = coords(j, dims);
      boolean match = true;
      for (int k = 0; k < d && match; k++) {
        match = remain[k] == 1 || c[k] == mine[k];
      }
      if (match) {
        same.add(parent.members()[j]);
      }
    }
    return same.equals(Arrays.stream(sub.members()).boxed().toList()) ? Optional.of(remain)
        : Optional.empty();
  }

  /**
   * Kept dimensions: those that vary, and of size 1 those the sub-communicator's topology {@code
   * kept} (null: unknown) has room for, in order.
   */
  private static long[] keep(boolean[] varies, long[] dims, long[][] kept) {
    long[] remain = new long[dims.length];
    int want = kept == null ? 0 : kept[0].length;
    int varying = 0;
    for (boolean v : varies) {
      varying += v ? 1 : 0;
    }
    int spare = Math.max(0, want - varying);
    for (int k = 0; k < dims.length; k++) {
      if (varies[k]) {
        remain[k] = 1;
      } else if (dims[k] == 1 && spare > 0) {
        remain[k] = 1;
        spare--;
      }
    }
    return remain;
  }

  private static long times(long a, long b) {
    return a > 0 && b > Long.MAX_VALUE / a ? Long.MAX_VALUE : a * b;
  }

  /** Row-major coordinates of rank {@code r} in a grid of {@code dims}, as MPI numbers them. */
  private static long[] coords(long r, long[] dims) {
    long[] c = new long[dims.length];
    for (int k = dims.length - 1; k >= 0; k--) {
      c[k] = dims[k] == 0 ? 0 : r % dims[k];
      r = dims[k] == 0 ? r : r / dims[k];
    }
    return c;
  }
}
