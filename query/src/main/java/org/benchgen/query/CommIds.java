package org.benchgen.query;

import java.util.HashMap;
import java.util.Map;

/**
 * Communicator ids as the streams name them. Compressing a directory numbers its communicators
 * afresh (1, 2, ...), while the tracer's streams name them by hashed ids; the calls of a directory
 * are read from its streams, so the views built from the compressed trace (messages, comms) take
 * the streams' ids through this map, learnt call by call from the two side by side. For a
 * compressed trace the map stays empty and ids are the trace's.
 */
final class CommIds {
  private final Map<Long, Long> streamId = new HashMap<>();

  /** The call read from a stream names {@code stream} where the compressed trace has {@code id}. */
  void learn(long id, long stream) {
    if (id != stream) {
      streamId.putIfAbsent(id, stream);
    }
  }

  /** The id the streams give communicator {@code id} of the compressed trace. */
  long of(long id) {
    return streamId.getOrDefault(id, id);
  }
}
