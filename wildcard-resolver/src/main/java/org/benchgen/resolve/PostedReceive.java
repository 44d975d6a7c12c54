package org.benchgen.resolve;

import org.benchgen.traverse.Step;

/** A receive posted by world rank {@code owner} and not yet matched. */
final class PostedReceive {
  final int owner;
  final long comm;
  /** The source and tag it matches (a wildcard, or the recorded source where that is kept). */
  final long src;
  final long tag;
  final Step step;
  /** Where the matched source goes, for a wildcard RSD's receive; else absent. */
  final java.util.Optional<ResolvedSources.Cell> cell;
  /** The source the trace recorded as matched, or ABSENT. */
  final long recorded;
  /** The request of a nonblocking or persistent receive, done when this is matched. */
  Request request;
  boolean matched;

  PostedReceive(int owner, long comm, long src, long tag, Step step,
      java.util.Optional<ResolvedSources.Cell> cell,
      long recorded) {
    this.owner = owner;
    this.comm = comm;
    this.src = src;
    this.tag = tag;
    this.step = step;
    this.cell = cell;
    this.recorded = recorded;
  }
}
