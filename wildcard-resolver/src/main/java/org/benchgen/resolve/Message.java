package org.benchgen.resolve;

import org.benchgen.traverse.Step;

/** A message sent and not yet received, from world rank {@code from} to world rank {@code to}. */
final class Message {
  final int from;
  final int to;
  final long fromCommRank;
  final long comm;
  final long tag;
  /** A synchronous send: it completes only when matched. */
  final boolean sync;
  final Step step;
  /** The bytes it holds (count x size), -1 where the trace does not say. */
  final long bytes;
  /** When the sending call entered (for late-sender times; 0 when times are not kept). */
  final long sendEnter;
  /** The sending call: its place in the sender's calls (0 first). */
  final long sendSeq;
  /** The request of a nonblocking send, done when this is matched (if synchronous). */
  Request request;
  boolean matched;
  /**
   * Its send was cancelled with no completion recorded (its request freed): never received, it
   * was cancelled, not lost.
   */
  boolean maybeCancelled;

  Message(int from, int to, long fromCommRank, long comm, long tag, boolean sync, Step step,
      long sendEnter, long sendSeq, long bytes) {
    this.from = from;
    this.to = to;
    this.fromCommRank = fromCommRank;
    this.comm = comm;
    this.tag = tag;
    this.sync = sync;
    this.step = step;
    this.sendEnter = sendEnter;
    this.sendSeq = sendSeq;
    this.bytes = bytes;
  }
}
