package org.benchgen.codegen;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.benchgen.trace.Op;

/**
 * A target language: a name, and an emitter for each generation. Targets are found with
 * {@link ServiceLoader} (a {@code META-INF/services/org.benchgen.codegen.Target} line), so adding
 * a language is a plug-in and a template group, nothing else: the target names things
 * ({@link #naming}), its emitter builds statements, its templates spell them.
 */
public interface Target {
  /** The name on the command line, e.g. {@code c-mpi}. */
  String name();

  /** One line for {@code --help}. */
  String description();

  /** The identifiers the target's programs use for the rank, loop indices and counters. */
  Naming naming();

  Emitter emitter(Generation generation);

  /**
   * Whether the target's programs hold irregular sections as data tables
   * ({@link IrregularSections}, {@link Emitter#dispatch}); otherwise they follow the trace node
   * by node.
   */
  default boolean dataTables() {
    return false;
  }

  /** Whether the target's programs can make and use intercommunicators. */
  /**
   * Whether the target makes a rank's calls from several threads as threads of its own
   * ({@link Emitter#threadedProgram}); otherwise such a trace is refused (BG104).
   */
  default boolean threads() {
    return false;
  }

  default boolean intercommunicators() {
    return false;
  }

  /**
   * What call {@code op} is, where the target's programs have no way to make it (generate then
   * refuses the trace, BG301); empty where they can. By default: neighbourhood collectives (they
   * need a topology's neighbours), MPI_Cancel, matched probes, MPI-4's nonblocking
   * send-receives, persistent collectives, and one-sided communication (issue 46).
   */
  default Optional<String> cannotMake(Op op) {
    if (op.isNeighbourhood()) {
      return Optional.of("a neighbourhood collective");
    }
    if (op.isPersistentCollective()) {
      return Optional.of("a persistent collective");
    }
    if (op.kind() == org.benchgen.trace.OpKind.WINDOW || op.kind() == org.benchgen.trace.OpKind.RMA) {
      return Optional.of("one-sided communication (a window's call)");
    }
    return switch (op) {
      case CANCEL -> Optional.of("a cancelled request");
      case MPROBE, IMPROBE, MRECV, IMRECV -> Optional.of("part of a matched probe");
      case ISENDRECV, ISENDRECV_REPLACE -> Optional.of("a nonblocking send-receive");
      default -> Optional.empty();
    };
  }

  /**
   * Program names this target cannot use: those of its other files and of its build's targets,
   * which a program of that name would overwrite or confuse. None by default.
   */
  default Set<String> reservedNames() {
    return Set.of();
  }

  /**
   * Refuses a program name this target cannot use, ignoring case (as some file systems do).
   *
   * @throws IllegalArgumentException saying why
   */
  default void checkName(String name) {
    if (reservedNames().stream().anyMatch(r -> r.equalsIgnoreCase(name))) {
      throw new IllegalArgumentException("program name '" + name + "' is taken: the " + name()
          + " target writes or builds " + reservedNames().stream().sorted().toList()
          + " beside the program; choose another");
    }
  }

  /**
   * The name a program made from a trace's file name ({@link GenerateOptions#nameFrom}) takes:
   * that name, or, when this target cannot use it ({@link #checkName}), the name with {@value
   * #RENAMED_SUFFIX} appended, which no target reserves (a trace directory called {@code clean}
   * gives the program {@code clean_bench}). A name given by the user is never changed: it is
   * refused instead.
   */
  default String nameFor(String derived) {
    try {
      checkName(derived);
      return derived;
    } catch (IllegalArgumentException e) {
      String renamed = derived + RENAMED_SUFFIX;
      checkName(renamed);
      return renamed;
    }
  }

  /** What {@link #nameFor} appends to a taken name. */
  String RENAMED_SUFFIX = "_bench";

  /** Every target on the class path, by name. */
  static List<Target> available() {
    return ServiceLoader.load(Target.class).stream().map(ServiceLoader.Provider::get)
        .sorted(java.util.Comparator.comparing(Target::name)).toList();
  }
}
