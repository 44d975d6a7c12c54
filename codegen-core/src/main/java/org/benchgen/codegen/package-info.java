/**
 * What every benchmark generator shares (main paper §3.2; ANTLR's code generation design):
 * {@link org.benchgen.codegen.Benchmarks} runs alignment, wildcard resolution and generation;
 * {@link org.benchgen.codegen.TraceWalker} walks the compressed trace once, O(nodes), calling a
 * {@link org.benchgen.codegen.Target}'s {@link org.benchgen.codegen.Emitter} for each RSD and loop;
 * {@link org.benchgen.codegen.ParamExpressions}, {@link org.benchgen.codegen.RankConditions} and
 * {@link org.benchgen.codegen.ComputeTimes} turn parameters, rank lists and histograms into the
 * shared output model ({@code output}), in the names the target chooses ({@link
 * org.benchgen.codegen.Naming}); {@link org.benchgen.codegen.ModelRenderer} renders a model with
 * the target's StringTemplate group, one template per model class.
 */
package org.benchgen.codegen;
