package org.benchgen.resolve;

import java.util.List;

/**
 * What a blocked rank waits for in the simulation: the kinds of edge of the wait-for graph. A
 * rank blocked on a receive or on requests is woken when they complete; one in a probe, when a
 * matching message arrives; one in a collective, when the last member arrives.
 */
sealed interface WaitState {
  /** Whether the wait is over (checked when something it may wait for completes). */
  boolean satisfied();

  /** How a finding says what the rank waits for, given the ranks it waits for. */
  String waitingFor(String peers);

  /** A blocking receive (or the receive of a Sendrecv). */
  record Receive(PostedReceive receive) implements WaitState {
    @Override
    public boolean satisfied() {
      return receive.matched;
    }

    @Override
    public String waitingFor(String peers) {
      return " for a message from rank " + peers;
    }
  }

  /** A synchronous send, until it is matched. */
  record SyncSend(Message message) implements WaitState {
    @Override
    public boolean satisfied() {
      return message.matched;
    }

    @Override
    public String waitingFor(String peers) {
      return " for rank " + peers + " to receive";
    }
  }

  /** A blocking probe, until a matching message arrives. */
  record Probe(long comm, long src, long tag) implements WaitState {
    @Override
    public boolean satisfied() {
      return false; // woken by the send that brings a matching message
    }

    @Override
    public String waitingFor(String peers) {
      return " for a message from rank " + peers;
    }
  }

  /** A wait on requests, until all of them are done. */
  record Requests(List<Request> requests) implements WaitState {
    public Requests {
      requests = List.copyOf(requests);
    }

    @Override
    public boolean satisfied() {
      for (int i = 0; i < requests.size(); i++) { // asked after every step: no stream
        if (!requests.get(i).done) {
          return false;
        }
      }
      return true;
    }

    @Override
    public String waitingFor(String peers) {
      return " for a message from rank " + peers;
    }
  }

  /** A collective (or MPI_Finalize) on {@code comm}, until every member has arrived. */
  record Collective(long comm) implements WaitState {
    @Override
    public boolean satisfied() {
      return false; // woken by the last member's arrival
    }

    @Override
    public String waitingFor(String peers) {
      return " for rank " + peers + " to arrive";
    }
  }
}
