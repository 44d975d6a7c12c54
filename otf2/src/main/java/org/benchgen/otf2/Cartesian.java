package org.benchgen.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
   * parent}: the first choice of kept dimensions under which the members that share this rank's
   * coordinates in the dropped ones are {@code sub}'s members, in order.
   */
  static Optional<long[]> remain(ImportDefs defs, ImportDefs.Comm parent, ImportDefs.Comm sub,
      int rank) {
    long[][] t = defs.carts().get(parent.ref());
    if (t == null || t[0].length > 16) {
      return Optional.empty();
    }
    long[] dims = t[0];
    int d = dims.length;
    int me = RecordFields.indexIn(parent, rank);
    long cells = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
    if (me < 0 || cells != parent.members().length) {
      return Optional.empty();
    }
    long[] mine = coords(me, dims);
    long[][] kept = defs.carts().get(sub.ref());
    for (int mask = (1 << d) - 1; mask >= 0; mask--) {
      List<Integer> same = new ArrayList<>();
      for (int j = 0; j < parent.members().length; j++) {
        long[] c = coords(j, dims);
        boolean match = true;
        for (int k = 0; k < d && match; k++) {
          match = (mask >> (d - 1 - k) & 1) == 1 || c[k] == mine[k];
        }
        if (match) {
          same.add(parent.members()[j]);
        }
      }
      long[] remain = new long[d];
      List<Long> keptDims = new ArrayList<>();
      for (int k = 0; k < d; k++) {
        remain[k] = mask >> (d - 1 - k) & 1;
        if (remain[k] == 1) {
          keptDims.add(dims[k]);
        }
      }
      // The sub-communicator's own topology, when defined, says which of equal choices it was.
      boolean dimsAgree = kept == null
          || keptDims.equals(Arrays.stream(kept[0]).boxed().toList());
      if (dimsAgree && same.equals(Arrays.stream(sub.members()).boxed().toList())) {
        return Optional.of(remain);
      }
    }
    return Optional.empty();
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
