package org.benchgen.otf2;

import java.util.OptionalLong;

/**
 * One OTF2 event record as the bridge script passes it (docs/otf2.md, "The bridge"): times in
 * the archive's ticks, regions and communicators by their archive references, peers as ranks in
 * the record's communicator. Only the records benchgen reads or writes have a form here.
 */
public sealed interface BridgeEvent {
  /** The record's timestamp. */
  long time();

  /** The record as a line of the bridge, without a newline ({@link BridgeLines} reads it). */
  String line();

  /**
   * A region entered, with benchgen's attributes if any (docs/otf2.md, "benchgen's attributes"):
   * {@code request}, the request a call names that no record can ({@code *_init},
   * {@code Request_free}, a Start or Wait of a request to MPI_PROC_NULL); {@code unmatched}, the
   * bytes of a wildcard receive whose source the trace does not say; {@code recordless}, how many
   * requests without records a completion call completed.
   */
  record Enter(long time, long region, OptionalLong request, OptionalLong unmatched,
      OptionalLong recordless) implements BridgeEvent {
    /** A region entered without attributes. */
    Enter(long time, long region) {
      this(time, region, OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    @Override
    public String line() {
      return BridgeLines.join("enter", time, region)
          + (request.isPresent() ? " request=" + request.getAsLong() : "")
          + (unmatched.isPresent() ? " unmatched=" + unmatched.getAsLong() : "")
          + (recordless.isPresent() ? " recordless=" + recordless.getAsLong() : "");
    }
  }

  /** A region left. */
  record Leave(long time, long region) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("leave", time, region);
    }
  }

  /** A blocking send's message (MpiSend). */
  record Send(long time, long peer, long comm, long tag, long length) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("send", time, peer, comm, tag, length);
    }
  }

  /** A nonblocking send's message (MpiIsend). */
  record Isend(long time, long peer, long comm, long tag, long length, long request)
      implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("isend", time, peer, comm, tag, length, request);
    }
  }

  /** A nonblocking send completed (MpiIsendComplete). */
  record IsendDone(long time, long request) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("isend_done", time, request);
    }
  }

  /** A nonblocking receive posted (MpiIrecvRequest). */
  record IrecvRequest(long time, long request) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("irecv_req", time, request);
    }
  }

  /** A blocking receive's message (MpiRecv). */
  record Recv(long time, long peer, long comm, long tag, long length) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("recv", time, peer, comm, tag, length);
    }
  }

  /** A nonblocking receive completed, with its message (MpiIrecv). */
  record Irecv(long time, long peer, long comm, long tag, long length, long request)
      implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("irecv", time, peer, comm, tag, length, request);
    }
  }

  /** A request tested and found incomplete (MpiRequestTest). */
  record RequestTest(long time, long request) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("req_test", time, request);
    }
  }

  /** A request cancelled (MpiRequestCancelled). */
  record RequestCancelled(long time, long request) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("req_cancel", time, request);
    }
  }

  /** A blocking collective began (MpiCollectiveBegin). */
  record CollectiveBegin(long time) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("coll_begin", time);
    }
  }

  /**
   * A blocking collective ended (MpiCollectiveEnd): OTF2's operation name, the root's rank in
   * {@code comm} ({@link Otf2Names#NO_ROOT} when none) and the bytes by Score-P's convention
   * ({@link CollectiveBytes}).
   */
  record CollectiveEnd(long time, String op, long comm, long root, long sent, long received)
      implements BridgeEvent {
    @Override
    public String line() {
      return "coll_end " + time + " " + op + " " + comm + " " + root + " " + sent + " " + received;
    }
  }

  /** A nonblocking collective started (NonBlockingCollectiveRequest). */
  record CollectiveRequest(long time, long request) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("nbc_req", time, request);
    }
  }

  /** A nonblocking collective completed (NonBlockingCollectiveComplete). */
  record CollectiveDone(long time, String op, long comm, long root, long sent, long received,
      long request) implements BridgeEvent {
    @Override
    public String line() {
      return "nbc_done " + time + " " + op + " " + comm + " " + root + " " + sent + " "
          + received + " " + request;
    }
  }

  /** A communicator created on this rank (CommCreate). */
  record CommCreate(long time, long comm) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("comm_create", time, comm);
    }
  }

  /** A communicator freed on this rank (CommDestroy). */
  record CommDestroy(long time, long comm) implements BridgeEvent {
    @Override
    public String line() {
      return BridgeLines.join("comm_destroy", time, comm);
    }
  }

  /**
   * A one-sided record (docs/otf2.md, "One-sided communication"): its kind, the collective
   * operation's name where the kind has one (else empty), and its fields in {@link
   * NumberRecord#fields}' order.
   */
  record Numbers(long time, NumberRecord kind, String op, long[] fields) implements BridgeEvent {
    /** Field {@code name} of this record. */
    long get(String name) {
      return fields[kind.field(name)];
    }

    @Override
    public String line() {
      StringBuilder b = new StringBuilder(kind.line).append(' ').append(time);
      if (kind.hasOp) {
        b.append(' ').append(op);
      }
      for (long f : fields) {
        b.append(' ').append(f);
      }
      return b.toString();
    }
  }
}
