package org.benchgen.codegen;

/**
 * How to generate: the program's name (a C identifier: letters, digits, underscores), the compute
 * mode, the seed of {@link ComputeMode#SAMPLE}, and the cluster of its simulation, for targets
 * that write one.
 */
public record GenerateOptions(String name, ComputeMode compute, long seed,
    SimulatedCluster cluster) {
  /** Options with the default simulated cluster. */
  public GenerateOptions(String name, ComputeMode compute, long seed) {
    this(name, compute, seed, SimulatedCluster.DEFAULT);
  }

  public GenerateOptions {
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]{0,63}")) {
      throw new IllegalArgumentException("program name '" + name
          + "' must be a letter or underscore followed by letters, digits or underscores");
    }
  }

  /** A program name made from any text (a file name): other characters become underscores. */
  public static String nameFrom(String text) {
    String base = text.replaceAll("\\.(bgc|trace|gz)$", "").replaceAll("[^A-Za-z0-9_]", "_");
    if (base.isEmpty() || !Character.isLetter(base.charAt(0)) && base.charAt(0) != '_') {
      base = "bench_" + base;
    }
    return base.length() > 64 ? base.substring(0, 64) : base;
  }
}
