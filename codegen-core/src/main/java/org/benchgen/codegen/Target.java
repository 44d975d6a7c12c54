package org.benchgen.codegen;

import java.util.List;
import java.util.ServiceLoader;

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

  /** Every target on the class path, by name. */
  static List<Target> available() {
    return ServiceLoader.load(Target.class).stream().map(ServiceLoader.Provider::get)
        .sorted(java.util.Comparator.comparing(Target::name)).toList();
  }
}
