/**
 * The {@code benchgen} command (picocli): {@link org.benchgen.cli.Benchgen} lists the subcommands
 * and is the one place where exceptions become exit codes (0 success, 1 a problem in the input or
 * an unreadable or unwritable file, 2 a usage error, 3 an internal error); each subcommand is one
 * short {@code Callable} that hands off to a module's API; options that several commands take are
 * mixins ({@link org.benchgen.cli.TraceArgument}, {@link org.benchgen.cli.CompressedOutput},
 * {@link org.benchgen.cli.NewDirectory}). {@code trace} runs an application under the tracer
 * through its MPI launcher ({@link org.benchgen.cli.MpiLauncher}).
 */
package org.benchgen.cli;
