package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The grid of a program whose ranks talk around a torus (a periodic neighbour in every
 * direction, as a multipartition's sweeps): folded to at most half the world, its offsets are the
 * strides and the steps across an edge, {@code (n-1)} strides of a side of n, and sums of those
 * ({@code q-1}, {@code q}, {@code 2q-1} on a q x q torus), which the strides alone do not
 * explain. Every grid of two or three sides of 3 or more whose steps of -1, 0 or +1 along each
 * side, wrapped, make every offset is a candidate; the fewest sides win, then the most equal
 * ones. Empty where none explains the offsets.
 */
final class TorusInference {
  private TorusInference() {}

  static Optional<Grid> of(Collection<Long> offsets, int p) {
    List<int[]> found = new ArrayList<>();
    for (int[] dims : factorings(p)) {
      if (offsets.stream().allMatch(o -> explains(dims, o, p))) {
        found.add(dims);
      }
    }
    return found.stream().min(Comparator.<int[]>comparingInt(d -> d.length)
        .thenComparingInt(d -> java.util.Arrays.stream(d).max().orElse(0))).map(Grid::new);
  }

  /** Whether one step of -1, 0 or +1 along each side, wrapped around it, moves by {@code o}. */
  static boolean explains(int[] dims, long o, int p) {
    int combos = (int) Math.pow(3, dims.length);
    for (int c = 0; c < combos; c++) {
      for (int wraps = 0; wraps < 1 << dims.length; wraps++) {
        long off = 0;
        long stride = 1;
        int code = c;
        for (int d = 0; d < dims.length; d++) {
          int step = code % 3 - 1;
          code /= 3;
          // Across the edge a step of +1 goes back n-1 places, and -1 forward n-1.
          long move = (wraps >> d & 1) == 1 && step != 0 ? -step * (dims[d] - 1L) : step;
          off += move * stride;
          stride *= dims[d];
        }
        long m = Math.floorMod(off, (long) p);
        if (Math.min(m, p - m) == o) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The ways to write p as two or three factors of 3 or more, fastest side first: along a side
   * of 2 a step across the edge is a step back, so a torus of it shows nothing a line does not.
   */
  static List<int[]> factorings(int p) {
    List<int[]> out = new ArrayList<>();
    for (int a = 3; a <= p / 3; a++) {
      if (p % a != 0) {
        continue;
      }
      int rest = p / a;
      if (rest >= 3) {
        out.add(new int[] {a, rest});
      }
      for (int b = 3; b <= rest / 3; b++) {
        if (rest % b == 0 && rest / b >= 3) {
          out.add(new int[] {a, b, rest / b});
        }
      }
    }
    return out;
  }
}
