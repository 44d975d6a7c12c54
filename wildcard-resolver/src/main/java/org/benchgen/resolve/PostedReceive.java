package org.benchgen.resolve;

import org.benchgen.trace.Op;
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
  /** The call that posted it: its MPI function, enter and exit (0 when times are not kept). */
  final Op op;
  final long enter;
  final long exit;
  /** A blocking receive (or Sendrecv), which waits for its message in the posting call. */
  final boolean blocking;
  /** The posting call's place in its rank's calls (0 first; MPI_Start's for a persistent one). */
  final long seq;
  /** The place of the call that completed it (a wait or test); -1 before ({@link MatchLog}). */
  long doneSeq = -1;
  /** The bytes its buffer holds (count x size), -1 where the trace does not say. */
  long capacity = -1;
  /** The message it matched, once matched. */
  Message message;
  /** The request of a nonblocking or persistent receive, done when this is matched. */
  Request request;
  boolean matched;

  PostedReceive(int owner, long comm, long src, long tag, Step step,
      java.util.Optional<ResolvedSources.Cell> cell,
      long recorded, Op op, long enter, long exit, boolean blocking, long seq) {
    this.owner = owner;
    this.comm = comm;
    this.src = src;
    this.tag = tag;
    this.step = step;
    this.cell = cell;
    this.recorded = recorded;
    this.op = op;
    this.enter = enter;
    this.exit = exit;
    this.blocking = blocking;
    this.seq = seq;
  }
}
