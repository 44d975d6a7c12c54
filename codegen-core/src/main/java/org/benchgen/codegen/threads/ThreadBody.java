package org.benchgen.codegen.threads;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;

/** One block of a threaded program and its statements, as the traversal emitted them. */
public record ThreadBody(ThreadBlock block, List<OutputModel> body) {
  public ThreadBody {
    body = List.copyOf(body);
  }
}
