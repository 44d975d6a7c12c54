package org.benchgen.codegen.goal;

import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.codegen.PrefixNaming;
import org.benchgen.codegen.Target;

/** The GOAL target: NAME.goal, a schedule for LogGOPSim (docs/simulation.md). */
public final class GoalTarget implements Target {
  @Override
  public String name() {
    return "goal";
  }

  @Override
  public String description() {
    return "GOAL schedule for the LogGOPSim simulator: NAME.goal, every rank's calls unrolled,"
        + " and a Makefile whose simrun runs LogGOPSim with LogGOP parameters fitted from the"
        + " trace";
  }

  /** Unused names: GOAL has no variables. */
  @Override
  public Naming naming() {
    return new PrefixNaming("rank", "i", 0, "n", "e");
  }

  @Override
  public Emitter emitter(Generation generation) {
    return new GoalEmitter(generation);
  }
}
