package org.benchgen.extrapolate;

/**
 * A relative peer carried from one grid to another as a step through the grid: the offset
 * {@code delta} from {@code rank} is taken apart into a step along each dimension (the shorter
 * way round, so that a periodic neighbour across the edge stays a neighbour), and that step is
 * taken from the rank standing in the same place in the other grid, around its edges where it
 * crosses them.
 */
final class PeerMap {
  private PeerMap() {}

  static long map(long delta, int rank, Grid from, int toRank, Grid to) {
    int p = from.size();
    int peer = (int) Math.floorMod(rank + delta, (long) p);
    int[] c = from.coords(rank);
    int[] q = from.coords(peer);
    int[] t = to.coords(toRank);
    for (int i = 0; i < c.length; i++) {
      int d = from.dims()[i];
      int step = Math.floorMod(q[i] - c[i], d);
      if (step > d / 2 || (step * 2 == d && q[i] < c[i])) {
        step -= d;
      }
      t[i] = Math.floorMod(t[i] + step, to.dims()[i]);
    }
    long n = to.size();
    long m = Math.floorMod(to.rank(t) - (long) toRank, n);
    return delta < 0 && m != 0 ? m - n : m;
  }
}
