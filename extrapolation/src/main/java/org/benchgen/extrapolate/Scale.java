package org.benchgen.extrapolate;

import java.util.function.ToDoubleFunction;

/**
 * A function of the run's size that values may follow: the rank count P, P^2, log2 P, or a dimension
 * of the process grid at P. {@code CountModel} and {@code TimeModel} fit values against them.
 */
record Scale(String name, ToDoubleFunction<Size> f) {
  /** A run's size: its rank count and its process grid. */
  record Size(int ranks, Grid grid) {}

  double at(Size s) {
    return f.applyAsDouble(s);
  }

  static final Scale P = new Scale("P", s -> s.ranks());
  /** An all-to-all's block of an n-element array: n/P^2 elements to each of P ranks. */
  static final Scale P2 = new Scale("P^2", s -> (double) s.ranks() * s.ranks());
  static final Scale LOG2_P = new Scale("log2 P", s -> Math.log(s.ranks()) / Math.log(2));
  static final Scale SQRT_P = new Scale("sqrt P", s -> Math.sqrt(s.ranks()));
  static final Scale CBRT_P = new Scale("cbrt P", s -> Math.cbrt(s.ranks()));

  /** The grid's dimension {@code i} ({@code px}, {@code py}, {@code pz}). */
  static Scale dim(int i) {
    String[] names = {"px", "py", "pz", "pw"};
    return new Scale(i < names.length ? names[i] : "p" + i, s -> s.grid().dims()[i]);
  }
}
