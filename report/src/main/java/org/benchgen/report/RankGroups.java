package org.benchgen.report;

/**
 * Ranks in at most {@code max} consecutive groups of equal size (the last may be smaller), so a
 * chart of 10,000 ranks stays a chart: a bar or a matrix cell per group.
 */
record RankGroups(int world, int size) {
  static RankGroups of(int world, int max) {
    return new RankGroups(world, Math.max(1, (world + max - 1) / max));
  }

  int count() {
    return (world + size - 1) / size;
  }

  int of(int rank) {
    return rank / size;
  }

  int first(int group) {
    return group * size;
  }

  int last(int group) {
    return Math.min(world, (group + 1) * size) - 1;
  }

  int members(int group) {
    return last(group) - first(group) + 1;
  }

  /** {@code 7}, or {@code 8-15} for a group of several ranks. */
  String label(int group) {
    return size == 1 ? Integer.toString(group) : first(group) + "-" + last(group);
  }
}
