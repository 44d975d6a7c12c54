package org.benchgen.extrapolate;

/**
 * A region of the target's grid and the rank that stands for it in each input ({@code -1} where
 * that input's grid has no rank placed alike); the last input is the template.
 */
record Reg(Grid.Region region, int rep, int[] reps) {
  int template() {
    return reps[reps.length - 1];
  }
}
