package org.benchgen.trace;

/** What an MPI call does, as far as compression, statistics and matching care. */
public enum OpKind {
  INIT,
  FINALIZE,
  SEND,
  RECV,
  SENDRECV,
  PROBE,
  /** Wait and Test in all their forms. */
  COMPLETION,
  /** Send_init, Recv_init and friends: create a persistent request. */
  PERSISTENT_INIT,
  START,
  REQUEST_FREE,
  COLLECTIVE,
  COMM_CREATE,
  COMM_FREE;

  /**
   * Whether a call of this kind that has a request field creates that request (nonblocking and
   * persistent calls) rather than naming one that exists (waits, tests, starts, frees).
   */
  public boolean createsRequests() {
    return this != COMPLETION && this != START && this != REQUEST_FREE;
  }
}
