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
  /** MPI_Cancel: names a live request, and whether its completion found it cancelled. */
  CANCEL,
  COLLECTIVE,
  COMM_CREATE,
  COMM_FREE,
  /**
   * Calls that involve no other rank but shape what the program does: MPI_Reduce_local (a
   * reduction's computation), MPI_Buffer_attach and MPI_Buffer_detach (the buffer of Bsend).
   */
  LOCAL,
  /**
   * One-sided communication, collective over a window's group: its creation (the four kinds),
   * MPI_Win_free and MPI_Win_fence (issue 46). {@code comm} is the window's communicator.
   */
  WINDOW,
  /**
   * One-sided operations (Put, Get, the accumulates, their request forms) and the window's other
   * synchronisation (lock, unlock, flush, sync, post, start, complete, wait, test, attach,
   * detach): no matching call of another rank completes them, as a receive completes a send.
   */
  RMA,
  /**
   * MPI-IO: opening, viewing, sizing, closing and deleting files, and every read and write. Each
   * rank's calls are replayed in its order; the collective ones (open, close, set_view, set_size,
   * _all, _ordered) wait for no rank in matching, as MPI_Comm_free does not: the file's members
   * make them in the same order, or MPI itself would hang.
   */
  FILE_IO;

  /**
   * Whether a call of this kind waits for the other members of its communicator, as alignment,
   * matching and the simulation targets model it: collectives, communicator creation, and
   * MPI_Finalize (all ranks). MPI_Comm_free is collective in the standard's words, but it waits
   * for no other rank in any implementation and programs free communicators in the order each
   * rank reaches them: local, or correct programs would be reported as deadlocked.
   */
  public boolean synchronizes() {
    return this == COLLECTIVE || this == COMM_CREATE || this == FINALIZE || this == WINDOW;
  }

  /**
   * Whether a call of this kind that has a request field creates that request (nonblocking and
   * persistent calls) rather than naming one that exists (waits, tests, starts, frees).
   */
  public boolean createsRequests() {
    return this != COMPLETION && this != START && this != REQUEST_FREE && this != CANCEL;
  }
}
