package org.benchgen.codegen;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Condition;

/**
 * A target's side of generation: the shared traversal calls it for each RSD and loop, in program
 * order, and for each run of sibling nodes that only some ranks execute; then once for the whole
 * program. It builds its output model and renders it with its own template group.
 */
public interface Emitter {
  /** The statements of one RSD (none to leave it out). */
  List<OutputModel> rsd(RsdContext rsd);

  /** A loop around {@code body}. */
  OutputModel loop(LoopContext loop, List<OutputModel> body);

  /** {@code body}, executed only by the ranks for which {@code ranks} holds. */
  OutputModel guard(Condition ranks, List<OutputModel> body);

  /**
   * One step of an irregular section ({@link IrregularSections}): the case of {@code cases} that
   * {@code selector} numbers. Only targets whose {@link Target#dataTables()} is true are asked.
   */
  default OutputModel dispatch(org.benchgen.codegen.output.Value selector,
      List<List<OutputModel>> cases) {
    throw new IllegalStateException("this target has no data tables");
  }

  /**
   * Irregular section {@code span}, region {@code number} ({@link Regions}), for a target without
   * data tables: by default its nodes' statements as they are ({@code nodeByNode}, which emits
   * them when called); a target may write the section its own way instead.
   */
  default List<OutputModel> section(int number, IrregularSections.Span span,
      java.util.function.Supplier<List<OutputModel>> nodeByNode) {
    return nodeByNode.get();
  }

  /** The program's files. */
  List<GeneratedFile> program(List<OutputModel> body);

  /**
   * The program's files when the traced ranks made calls from several threads: each block's
   * statements, in {@link org.benchgen.codegen.threads.ThreadBlock#ORDER} (docs/codegen.md,
   * "Threads"). Only targets whose {@link Target#threads()} is true are asked.
   */
  default List<GeneratedFile> threadedProgram(
      List<org.benchgen.codegen.threads.ThreadBody> blocks) {
    throw new IllegalStateException("this target makes no threads");
  }
}
