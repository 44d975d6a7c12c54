package org.benchgen.codegen.cmpi;

import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.codegen.Target;

/** The C+MPI target: one portable C99 file and a Makefile. */
public final class CMpiTarget implements Target {
  @Override
  public String name() {
    return "c-mpi";
  }

  @Override
  public String description() {
    return "C99 + MPI-3: NAME.c and a Makefile (mpicc)";
  }

  @Override
  public Naming naming() {
    return NAMING;
  }

  /** C identifiers; the run-time library's own start with bg_. */
  private static final Naming NAMING = new Naming() {
    @Override
    public String rank() {
      return "rank";
    }

    @Override
    public String loopIndex(int depth) {
      return "i" + depth;
    }

    @Override
    public String executionCounter(int index) {
      return "n" + index;
    }

    @Override
    public String entryCounter(int index) {
      return "e" + index;
    }
  };

  @Override
  public Emitter emitter(Generation generation) {
    return new CEmitter(generation);
  }
}
