package org.benchgen.codegen.threads;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;

/**
 * One block of a threaded program and its statements, as the traversal emitted them;
 * {@code repeats}: how many times its phase and the main thread's block after it run in a row
 * ({@link PhaseLoops}; 1 for one).
 */
public record ThreadBody(ThreadBlock block, List<OutputModel> body, long repeats) {
  public ThreadBody {
    body = List.copyOf(body);
  }
}
