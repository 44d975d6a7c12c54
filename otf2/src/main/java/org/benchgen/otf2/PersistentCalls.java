package org.benchgen.otf2;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.otf2.RankImporter.Call;
import org.benchgen.otf2.RankRequests.Req;
import org.benchgen.otf2.RankRequests.Slot;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Persistent requests during an import: {@code MPI_*_init} has no OTF2 record, so its fields come
 * with the first Start's message (a send) or the first completion (a receive), and the request
 * with benchgen's attribute or by rule (docs/otf2.md).
 */
final class PersistentCalls {
  private final RankRequests requests;
  private final RecordFields fields;
  private final RuleCounts notes;

  PersistentCalls(RankRequests requests, RecordFields fields, RuleCounts notes) {
    this.requests = requests;
    this.fields = fields;
    this.notes = notes;
  }

  /** An MPI_*_init: its fields wait for its first Start (a send) or completion (a receive). */
  boolean init(Call c, Slot s) {
    RawEventBuilder b = s.b;
    boolean receives = c.op() == Op.RECV_INIT;
    b.set(Field.COMM, 0).set(receives ? Field.SRC : Field.DEST, Sym.PROC_NULL).set(Field.TAG, 0)
        .set(Field.COUNT, 0).name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1);
    Req r = requests.create(c.op(), c.request().isPresent() ? c.request().getAsLong() : null);
    b.set(Field.REQ, r.id);
    r.awaitedBy(s);
    s.init = r;
    return true;
  }

  /** A Start or Startall: the requests its records name, or benchgen's attribute, or a rule. */
  boolean start(Call c, Slot s) {
    List<Long> ids = new ArrayList<>();
    for (BridgeEvent e : c.records()) {
      if (e instanceof BridgeEvent.Isend x) {
        Req r = started(x.request(), false);
        if (r.waiting != null) {
          fields.p2p(r.waiting.b, x.comm(), Field.DEST, x.peer(), Field.TAG, x.tag(), Field.COUNT,
              x.length());
          r.settle();
        }
        s.bytes += x.length();
        ids.add(r.id);
      } else if (e instanceof BridgeEvent.IrecvRequest x) {
        Req r = started(x.request(), true);
        r.startedBy(s);
        ids.add(r.id);
      }
    }
    if (ids.isEmpty()) {
      Optional<Req> r = c.request().isPresent()
          ? requests.named(c.request().getAsLong()).map(requests::started)
          : requests.startUnlinked();
      if (r.isEmpty()) {
        return false;
      }
      // An init no Start informs keeps its default fields, rather than hold the queue.
      r.get().settle();
      ids.add(r.get().id);
      s.bytes += c.unmatched().orElse(0);
      notes.add("Starts without records (MPI_PROC_NULL): the oldest persistent request no"
          + " record names");
    }
    if (c.op() == Op.START) {
      s.b.set(Field.REQ, ids.get(0));
    } else {
      s.b.list(Field.REQS, ids.stream().mapToLong(Long::longValue).toArray());
    }
    return true;
  }

  private Req started(long otf2, boolean receives) {
    return requests.findForStart(otf2, receives).filter(Req::persistent)
        .orElseThrow(() -> new IllegalArgumentException("a Start names request " + otf2
            + ", which no MPI_*_init made"));
  }

  /** An MPI_Request_free: the request benchgen's attribute names, else the oldest. */
  boolean free(Call c, Slot s) {
    Optional<Req> r = c.request().isPresent() ? requests.find(c.request().getAsLong())
        : requests.oldest(true);
    if (r.isEmpty()) {
      return false;
    }
    if (c.request().isEmpty()) {
      notes.add("MPI_Request_free without benchgen's request attribute: the oldest"
          + " persistent request");
    }
    requests.free(r.get());
    r.get().settle();
    s.b.set(Field.REQ, r.get().id);
    return true;
  }
}
