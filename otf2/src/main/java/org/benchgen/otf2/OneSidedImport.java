package org.benchgen.otf2;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.benchgen.otf2.RankRequests.Slot;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * One rank's one-sided calls from OTF2's RMA records (docs/otf2.md, "One-sided communication"):
 * the window a record names is the trace's window slot on this rank (the lowest free one when it
 * was made) on the window's communicator; the target is the record's remote rank; bytes are a
 * count of {@code MPI_BYTE} at origin and target (an atomic's element the integer type of its
 * size), at displacement 0; a window's size on the rank is the most bytes an operation reaches
 * there ({@link WindowReach}), its displacement unit 1. What no record says is counted as a
 * rule.
 */
final class OneSidedImport {
  private final ImportDefs defs;
  private final WindowReach reach;
  private final int rank;
  private final RecordFields fields;
  private final RankRequests requests;
  private final RuleCounts notes;
  /** The slot of each live window, by OTF2 reference. */
  private final HandleSlots slots = new HandleSlots();
  /** Live windows of MPI_Win_create_dynamic, oldest first (attach and detach have no record). */
  private final List<Long> dynamic = new ArrayList<>();

  OneSidedImport(ImportDefs defs, WindowReach reach, int rank, RecordFields fields,
      RankRequests requests, RuleCounts notes) {
    this.defs = defs;
    this.reach = reach;
    this.rank = rank;
    this.fields = fields;
    this.requests = requests;
    this.notes = notes;
  }

  /** Sets the fields of one-sided call {@code c}; false when its records are too few. */
  boolean call(RankImporter.Call c, Slot s) {
    Op op = c.op();
    RawEventBuilder b = s.b;
    switch (op) {
      case WIN_CREATE, WIN_ALLOCATE, WIN_ALLOCATE_SHARED, WIN_CREATE_DYNAMIC -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.WIN_CREATE);
        if (r == null) {
          return false;
        }
        long win = r.get("win");
        slots.open(win);
        window(b, win);
        if (op == Op.WIN_CREATE_DYNAMIC) {
          dynamic.add(win);
        } else {
          b.set(Field.SIZE, reached(win)).set(Field.UNIT, 1);
          notes.add("window sizes and displacement units (OTF2 has neither): the most bytes an"
              + " operation reaches on the rank, unit 1");
        }
        return true;
      }
      case WIN_FREE -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.WIN_DESTROY);
        if (r == null) {
          return false;
        }
        long win = r.get("win");
        window(b, win);
        slots.close(win);
        dynamic.remove(win);
        return true;
      }
      case WIN_ATTACH, WIN_DETACH -> {
        if (dynamic.isEmpty()) {
          return false;
        }
        long win = dynamic.get(dynamic.size() - 1);
        window(b, win);
        if (op == Op.WIN_ATTACH) {
          b.set(Field.SIZE, reached(win));
        }
        notes.add("MPI_Win_attach and MPI_Win_detach (no OTF2 record): the rank's latest live"
            + " dynamic window, attaching the most bytes an operation reaches on the rank");
        return true;
      }
      case WIN_FENCE -> {
        return windowOf(c, NumberRecord.COLLECTIVE_END, b);
      }
      case WIN_LOCK, WIN_LOCK_ALL, WIN_UNLOCK, WIN_UNLOCK_ALL -> {
        boolean lock = op == Op.WIN_LOCK || op == Op.WIN_LOCK_ALL;
        BridgeEvent.Numbers r = first(c, lock ? NumberRecord.REQUEST_LOCK
            : NumberRecord.RELEASE_LOCK);
        if (r == null) {
          return false;
        }
        window(b, r.get("win"));
        if (op == Op.WIN_LOCK || op == Op.WIN_UNLOCK) {
          b.set(Field.TARGET, target(r));
        }
        if (op == Op.WIN_LOCK) {
          b.set(Field.EXCL, r.get("type") == NumberRecord.LOCK_EXCLUSIVE ? 1 : 0);
        }
        return true;
      }
      case WIN_FLUSH, WIN_FLUSH_LOCAL, WIN_FLUSH_ALL, WIN_FLUSH_LOCAL_ALL, WIN_SYNC -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.SYNC);
        if (r == null) {
          return false;
        }
        window(b, r.get("win"));
        if (op.has(Field.TARGET)) {
          b.set(Field.TARGET, target(r));
        }
        return true;
      }
      case WIN_POST, WIN_START, WIN_COMPLETE, WIN_WAIT, WIN_TEST -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.GROUP_SYNC);
        if (r == null) {
          return false;
        }
        window(b, r.get("win"));
        if (op.has(Field.GROUP)) {
          int[] g = defs.groups().get(r.get("group"));
          if (g == null) {
            throw new IllegalArgumentException("a record names group " + r.get("group")
                + ", which is not an MPI group of the archive");
          }
          b.list(Field.GROUP, java.util.Arrays.stream(g).asLongStream().toArray());
        }
        if (op == Op.WIN_TEST) {
          b.set(Field.FLAG, r.get("level") == NumberRecord.LEVEL_NONE ? 0 : 1);
        }
        return true;
      }
      default -> {
        return operation(c, b);
      }
    }
  }

  /** Put, Get, the accumulates and atomics, and their request forms. */
  private boolean operation(RankImporter.Call c, RawEventBuilder b) {
    Op op = c.op();
    NumberRecord kind = switch (op) {
      case PUT, RPUT -> NumberRecord.PUT;
      case GET, RGET -> NumberRecord.GET;
      default -> NumberRecord.ATOMIC;
    };
    BridgeEvent.Numbers r = first(c, kind);
    if (r == null) {
      return false; // MPI_PROC_NULL in Score-P's archives: no record names even the window
    }
    window(b, r.get("win"));
    if (r.get("remote") == NumberRecord.ALL_TARGETS) {
      b.set(Field.TARGET, Sym.PROC_NULL); // OTF2's undefined rank: export's MPI_PROC_NULL
    } else {
      b.set(Field.TARGET, target(r));
    }
    b.set(Field.TDISP, 0);
    notes.add("one-sided operations' datatypes and displacements (OTF2 has bytes only): bytes"
        + " at displacement 0, the reduction MPI_BOR");
    long sent = Otf2Bytes.count(kind == NumberRecord.ATOMIC ? r.get("sent") : r.get("bytes"));
    if (op == Op.FETCH_AND_OP || op == Op.COMPARE_AND_SWAP) {
      String type = switch ((int) sent) {
        case 1 -> "MPI_INT8_T";
        case 2 -> "MPI_INT16_T";
        case 4 -> "MPI_INT32_T";
        case 8 -> "MPI_INT64_T";
        default -> null;
      };
      if (type == null) {
        throw new IllegalArgumentException(op.mpiName() + " of " + sent + " bytes: no integer"
            + " type of that size");
      }
      b.name(Field.TYPE, type).set(Field.TSIZE, sent);
    } else {
      long received = op.has(Field.RCOUNT) ? Otf2Bytes.count(r.get("received")) : 0;
      b.set(Field.COUNT, sent).name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1)
          .set(Field.TCOUNT, sent == 0 ? received : sent).name(Field.TTYPE, Otf2Bytes.TYPE)
          .set(Field.TTSIZE, 1);
      if (op.has(Field.RCOUNT)) {
        b.set(Field.RCOUNT, received).name(Field.RTYPE, Otf2Bytes.TYPE).set(Field.RTSIZE, 1);
      }
    }
    if (op.has(Field.OP)) {
      // A fetch that sends nothing is MPI_NO_OP's (MPI_Get_accumulate), else OTF2 says no op.
      b.name(Field.OP, op.has(Field.RCOUNT) && sent == 0 ? "MPI_NO_OP" : Otf2Bytes.OP);
    }
    if (op.has(Field.REQ)) {
      b.set(Field.REQ, requests.create(op, r.get("matching")).id);
    }
    return true;
  }

  private boolean windowOf(RankImporter.Call c, NumberRecord kind, RawEventBuilder b) {
    BridgeEvent.Numbers r = first(c, kind);
    if (r == null) {
      return false;
    }
    window(b, r.get("win"));
    return true;
  }

  /** The most bytes an operation on window {@code win} reaches on this rank. */
  private long reached(long win) {
    Long comm = defs.windows().get(win);
    int me = comm == null || comm < 0 ? -1 : RecordFields.indexIn(fields.comm(comm), rank);
    return me < 0 ? 0 : reach.of(win, me);
  }

  /** The window's communicator and this rank's slot of it. */
  private void window(RawEventBuilder b, long win) {
    OptionalLong slot = slots.of(win);
    Long comm = defs.windows().get(win);
    if (slot.isEmpty() || comm == null || comm < 0) {
      throw new IllegalArgumentException("a record names window " + win + ", which is not"
          + " defined on a communicator or not made on this rank");
    }
    b.set(Field.COMM, fields.comm(comm).id()).set(Field.WIN, slot.getAsLong());
  }

  private static long target(BridgeEvent.Numbers r) {
    long t = r.get("remote");
    if (t == NumberRecord.ALL_TARGETS || t > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a one-sided record names target " + t);
    }
    return t;
  }

  private static BridgeEvent.Numbers first(RankImporter.Call c, NumberRecord kind) {
    for (BridgeEvent e : c.records()) {
      if (e instanceof BridgeEvent.Numbers r && r.kind() == kind) {
        return r;
      }
    }
    return null;
  }
}
