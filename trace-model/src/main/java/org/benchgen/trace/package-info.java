/**
 * The MPI vocabulary of traces: the calls and their fields ({@link org.benchgen.trace.Op}, {@link
 * org.benchgen.trace.Field}, {@link org.benchgen.trace.Sym}, {@link
 * org.benchgen.trace.TraceSyntax},
 * generated at build time from {@code src/main/vocabulary/mpi-vocabulary.def}, the one table that
 * the tracer includes too), what calls and fields are ({@link org.benchgen.trace.OpKind}, {@link
 * org.benchgen.trace.FieldKind}), a trace's symbol table ({@link org.benchgen.trace.SymbolTable}),
 * the escaping of names in files, the exceptions for problems in the input, and the opening of input
 * files ({@link org.benchgen.trace.InputFiles}: regular files only, errors naming the file).
 */
package org.benchgen.trace;
