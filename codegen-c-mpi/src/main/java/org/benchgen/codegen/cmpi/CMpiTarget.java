package org.benchgen.codegen.cmpi;

import java.util.Optional;
import java.util.Set;
import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.Naming;
import org.benchgen.codegen.PrefixNaming;
import org.benchgen.codegen.Target;
import org.benchgen.trace.Op;

/** The C+MPI target: a portable C99 program, its run-time library and a Makefile. */
public final class CMpiTarget implements Target {
  @Override
  public String name() {
    return "c-mpi";
  }

  @Override
  public String description() {
    return "C99 + MPI-3: NAME.c, its run-time library (bg_runtime.h, .c, _comm.c), a Makefile (mpicc;"
        + " make sim for SimGrid) and SimGrid's platform.xml and hostfile";
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

  /** A rank's calls from several threads become POSIX threads (CThreads). */
  @Override
  public boolean threads() {
    return true;
  }

  @Override
  public boolean intercommunicators() {
    return true;
  }

  /** Every call of the vocabulary: C+MPI says each as itself. */
  @Override
  public Optional<String> cannotMake(Op op) {
    return Optional.empty();
  }

  @Override
  public boolean dataTables() {
    return true;
  }

  /**
   * The run-time library's name (NAME.c would replace its source), the Makefile's names (make
   * reads any of them; a program so named would overwrite it) and its other targets (clean, and
   * sim and simrun for SimGrid), and SimGrid's hostfile.
   */
  @Override
  public Set<String> reservedNames() {
    Set<String> names = new java.util.HashSet<>(Set.of(CRuntime.NAME, "Makefile", "GNUmakefile",
        "clean", "sim", "simrun", CEmitter.HOSTFILE));
    CRuntime.SOURCES.forEach(s -> names.add(s.substring(0, s.length() - ".c".length())));
    return Set.copyOf(names);
  }
}
