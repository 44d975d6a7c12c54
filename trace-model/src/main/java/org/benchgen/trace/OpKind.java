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
  COMM_FREE
}
