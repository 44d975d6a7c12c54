/**
 * Wildcard resolution and deadlock detection, Algorithm 2 of the main paper (§4.4, Figure 5):
 * {@link org.benchgen.resolve.WildcardResolver} simulates MPI matching over one {@link
 * org.benchgen.traverse.TraversalContext} per rank, gives every {@code MPI_ANY_SOURCE} receive the
 * rank of its first matching sender, and reports a deadlock with its wait-for cycle (JGraphT),
 * as well as messages never received and receives never satisfied. O(ranks × calls) time; memory:
 * the contexts, the messages in flight and the resolved sources, compressed as they come.
 */
package org.benchgen.resolve;
