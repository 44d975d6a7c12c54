package org.benchgen.codegen.cmpi;

import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.codegen.PrefixNaming;
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
  private static final Naming NAMING = new PrefixNaming("rank", "i", 0, "n", "e");

  @Override
  public Emitter emitter(Generation generation) {
    return new CEmitter(generation);
  }
}
