package org.benchgen.compress;

import java.util.Arrays;

/** An int array compared by content, as a map key (shape tables, rank sets given as ids). */
record IntsKey(int[] values) {
  @Override
  public boolean equals(Object o) {
    return o instanceof IntsKey k && Arrays.equals(values, k.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }
}
