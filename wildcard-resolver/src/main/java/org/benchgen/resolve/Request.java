package org.benchgen.resolve;

import org.benchgen.rawtrace.RawEvent;
import org.benchgen.traverse.Step;

/** A request of one rank in the simulation: what it waits for until it is done. */
final class Request {
  final boolean persistent;
  boolean done;
  /** What it waits for while not done: a message it sent, or a receive it posted (or neither). */
  Message message;
  PostedReceive receive;
  /** For persistent requests: the call that made it, started again by each MPI_Start. */
  RawEvent init;
  Step initStep;

  Request(boolean persistent, boolean done) {
    this.persistent = persistent;
    this.done = done;
  }
}
