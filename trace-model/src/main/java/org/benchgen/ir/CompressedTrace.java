package org.benchgen.ir;

import java.util.List;
import java.util.Optional;

/**
 * A whole run compressed and merged: the world size, the communicators (besides MPI_COMM_WORLD,
 * id 0) and the top-level nodes.
 */
public record CompressedTrace(int worldSize, List<CommDef> comms, List<Node> body) {
  public CompressedTrace {
    comms = List.copyOf(comms);
    body = List.copyOf(body);
  }

  /** The communicator with this id; id 0 is the world. */
  public Optional<CommDef> comm(long id) {
    if (id == 0) {
      return Optional.of(new CommDef(0, java.util.stream.IntStream.range(0, worldSize).boxed()
          .toList()));
    }
    return comms.stream().filter(c -> c.id() == id).findFirst();
  }
}
