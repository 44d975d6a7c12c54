/**
 * The C+MPI benchmark generator (GUIDE §5): {@link org.benchgen.codegen.cmpi.CMpiTarget} plugs a
 * {@link org.benchgen.codegen.cmpi.CEmitter} into the shared traversal; {@code CModel} is its
 * output model and {@code c-mpi.stg} its templates, which also hold the small run-time library
 * the program carries (requests by age, communicator slots, compute by busy-waiting).
 */
package org.benchgen.codegen.cmpi;
