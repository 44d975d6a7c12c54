package org.benchgen.codegen.ncptl;

import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
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
  public Emitter emitter(Generation generation) {
    return new NEmitter(generation);
  }
}
