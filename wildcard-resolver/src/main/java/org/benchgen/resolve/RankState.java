package org.benchgen.resolve;

import org.benchgen.traverse.Step;

/** Where a rank is in the matching simulation. */
sealed interface RankState {
  /** It can take its next call. */
  record Running() implements RankState {}

  /** It made all its calls. */
  record Finished() implements RankState {}

  /** It waits in {@code in} for {@code on}. */
  record Blocked(Step in, WaitState on) implements RankState {}

  RankState RUNNING = new Running();
  RankState FINISHED = new Finished();
}
