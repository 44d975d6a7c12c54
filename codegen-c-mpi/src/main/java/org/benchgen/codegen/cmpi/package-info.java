/**
 * The C+MPI benchmark generator (GUIDE §5): {@link org.benchgen.codegen.cmpi.CMpiTarget} plugs a
 * {@link org.benchgen.codegen.cmpi.CEmitter} into the shared traversal; {@code CModel} is its
 * output model and {@code c-mpi.stg} its templates. The program is built with a small run-time
 * library (requests by age, communicator slots, compute by busy-waiting), real C files in
 * {@code runtime/} that {@link org.benchgen.codegen.cmpi.CRuntime} writes beside it.
 */
package org.benchgen.codegen.cmpi;
