/**
 * The GOAL target: schedules for LogGOPSim (Hoefler et al.), one block per rank of sends, receives
 * and computation with the dependencies between them. GOAL has no loops or conditions, so every
 * rank's calls are unrolled; collectives become point-to-point by the algorithms of {@link
 * org.benchgen.codegen.goal.Collectives}. docs/simulation.md says how to use the schedules.
 */
package org.benchgen.codegen.goal;
