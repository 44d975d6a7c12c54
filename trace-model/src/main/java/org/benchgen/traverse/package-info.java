/**
 * Walking a compressed trace as one rank executes it, without expanding it: {@link
 * org.benchgen.traverse.TraversalContext} holds the rank's loop stack, iteration counters and one
 * cursor per parameter, and hands out the rank's next call ({@link org.benchgen.traverse.Step})
 * with its loop coordinates. Memory is the loop depth plus the cursors touched; each step costs the
 * nodes skipped to reach it. The one walk that {@code expand}, {@code stats}, alignment, wildcard
 * resolution and code generation share (main paper §4.3: "traversal context").
 */
package org.benchgen.traverse;
