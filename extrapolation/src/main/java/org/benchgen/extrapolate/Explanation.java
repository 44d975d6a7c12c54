package org.benchgen.extrapolate;

import java.util.List;

/**
 * One value that changes with the rank count, for {@code --explain}: where it is (a call or loop
 * and its field, the ranks it holds for, by their place in the grid), its traced values, the
 * model chosen, its value at the target and the fit's error (0 for a count, which must fit
 * exactly).
 */
public record Explanation(String where, String field, String ranks, List<Integer> counts,
    List<String> values, String model, String atTarget, String error) {
  public Explanation {
    counts = List.copyOf(counts);
    values = List.copyOf(values);
  }
}
