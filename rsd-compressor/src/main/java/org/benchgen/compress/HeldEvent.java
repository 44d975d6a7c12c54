package org.benchgen.compress;

import org.benchgen.compress.NodeBuilder.RsdBuilder;
import org.benchgen.trace.Op;

/**
 * An event held back from the folder: one of the iteration in progress of the loop that the
 * folder ends with, while the events match that loop's body. The folder would only append them
 * and, once the iteration is whole, absorb it; that is done here directly, without a node per
 * event, and reusing the value arrays. An event that does not match first hands the held ones to
 * the folder, as if they had been pushed one by one. ({@link OuterIteration} holds events too.)
 */
final class HeldEvent {
  int shape;
  Op op;
  String site;
  long[] abs;
  long[] rel;
  String after;
  long compute;
  /** CPU time of the compute interval, or {@code RawEvent.NO_CPU}. */
  long cpu;
  long duration;
  /** The arrays to fill next time, or null (then new ones are made). */
  long[] absBuffer;
  long[] relBuffer;

  /** A node of this event, which keeps its arrays (so this no longer reuses them). */
  RsdBuilder node() {
    absBuffer = null;
    relBuffer = null;
    return new RsdBuilder(shape, op, site, abs, rel, after, compute, cpu, duration);
  }

  /** Hands this event's data and arrays over to {@code to}. */
  void moveTo(HeldEvent to) {
    to.shape = shape;
    to.op = op;
    to.site = site;
    to.abs = abs;
    to.rel = rel;
    to.after = after;
    to.compute = compute;
    to.cpu = cpu;
    to.duration = duration;
    to.absBuffer = abs;
    to.relBuffer = rel != abs ? rel : to.relBuffer;
    absBuffer = null;
    relBuffer = null;
  }
}
