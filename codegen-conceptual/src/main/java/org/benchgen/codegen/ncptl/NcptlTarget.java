package org.benchgen.codegen.ncptl;

import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.codegen.PrefixNaming;
import org.benchgen.codegen.Target;

/** The coNCePTuaL target: one {@code .ncptl} program for the coNCePTuaL compiler (1.5). */
public final class NcptlTarget implements Target {
  @Override
  public String name() {
    return "conceptual";
  }

  @Override
  public String description() {
    return "coNCePTuaL 1.5: NAME.ncptl (ncptl --backend=c_mpi NAME.ncptl)";
  }

  @Override
  public Naming naming() {
    return NAMING;
  }

  /**
   * coNCePTuaL names: the task variable, loop indices from i1 (none of them reserved words). The
   * programs index changing values by loop indices, never by counters; counters are named all the
   * same, in case a value asks for one.
   */
  private static final Naming NAMING = new PrefixNaming(TaskSets.SELF, "i", 1, "n", "e");

  @Override
  public Emitter emitter(Generation generation) {
    return new NEmitter(generation);
  }
}
