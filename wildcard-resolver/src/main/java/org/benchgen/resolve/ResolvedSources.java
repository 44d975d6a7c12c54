package org.benchgen.resolve;

import java.util.ArrayDeque;
import org.benchgen.compress.ValueSeqBuilder;

/**
 * The sources of one wildcard RSD's executions on one rank, as they become known: a source is
 * known at once (a receive from a given rank) or when its receive is matched, which may be after
 * later executions; the known prefix is compressed as it grows, absolute and relative to the rank.
 */
final class ResolvedSources {
  /** One execution's source. */
  static final class Cell {
    long source;
    final long comm;
    boolean known;

    Cell(long source, long comm, boolean known) {
      this.source = source;
      this.comm = comm;
      this.known = known;
    }
  }

  /** How a source reads relative to the rank in its communicator. */
  interface Relative {
    long of(long source, long comm);
  }

  private final ArrayDeque<Cell> pending = new ArrayDeque<>();
  final ValueSeqBuilder absolute = new ValueSeqBuilder();
  final ValueSeqBuilder relative = new ValueSeqBuilder();
  private final Relative toRelative;

  ResolvedSources(Relative toRelative) {
    this.toRelative = toRelative;
  }

  /** The next execution's cell, known or not yet. */
  Cell add(long source, long comm, boolean known) {
    Cell c = new Cell(source, comm, known);
    pending.add(c);
    flush();
    return c;
  }

  /** Compresses the known prefix. */
  void flush() {
    while (!pending.isEmpty() && pending.peekFirst().known) {
      Cell c = pending.pollFirst();
      absolute.push(c.source);
      relative.push(toRelative.of(c.source, c.comm));
    }
  }
}
