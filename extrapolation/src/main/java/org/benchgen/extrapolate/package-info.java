/**
 * Extrapolation of compressed traces to another rank count (docs/extrapolation.md): the process
 * grid inferred from each trace ({@link org.benchgen.extrapolate.GridInference}), ranks told apart by
 * their place in it ({@link org.benchgen.extrapolate.Grid}), numbers fitted as functions of the rank
 * count ({@link org.benchgen.extrapolate.CountModel}, {@link org.benchgen.extrapolate.TimeModel}),
 * and the whole checked by extrapolating back to every traced count
 * ({@link org.benchgen.extrapolate.Extrapolator}).
 */
package org.benchgen.extrapolate;
