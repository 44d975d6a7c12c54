package org.benchgen.otf2;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.benchgen.otf2.RankRequests.Req;
import org.benchgen.otf2.RankRequests.Slot;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * One rank's MPI-IO calls from OTF2's I/O records on handles of the MPI-IO paradigm (docs/otf2.md,
 * "MPI-IO"; other paradigms' records inside a call are not its): the handle an IoCreateHandle
 * makes is the trace's lowest free file slot, on the handle's communicator; a file is numbered by
 * the order this rank first names it (the trace's {@code fname}); the access mode comes from the
 * handle's flags; a read or write asks for its IoOperationBegin's bytes as a count of {@code
 * MPI_BYTE} and moves its IoOperationComplete's, a nonblocking one's learnt at its completion.
 * What OTF2 3.0 does not say is counted as a rule: explicit offsets (0), views (bytes from 0),
 * sizes (0), and the handle of a call without a record (the rank's last one named).
 */
final class FileIoImport {
  private final ImportDefs defs;
  private final RecordFields fields;
  private final RankRequests requests;
  private final RuleCounts notes;
  /** The slot of each open handle, by OTF2 reference. */
  private final HandleSlots slots = new HandleSlots();
  /** This rank's number of each file, by OTF2 reference, in the order first named. */
  private final Map<Long, Long> names = new HashMap<>();
  private long lastHandle = -1;

  FileIoImport(ImportDefs defs, RecordFields fields, RankRequests requests, RuleCounts notes) {
    this.defs = defs;
    this.fields = fields;
    this.requests = requests;
    this.notes = notes;
  }

  /** Sets the fields of MPI-IO call {@code c}; false when its records are too few. */
  boolean call(RankImporter.Call c, Slot s) {
    Op op = c.op();
    RawEventBuilder b = s.b;
    String name = op.mpiName();
    switch (op) {
      case FILE_OPEN -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.IO_CREATE_HANDLE);
        if (r == null) {
          return false;
        }
        long h = r.get("handle");
        long[] def = defs.ioHandles().get(h);
        if (def[1] < 0) {
          throw new IllegalArgumentException("MPI-IO handle " + h + " has no communicator");
        }
        long slot = slots.open(h);
        lastHandle = h;
        long amode = IoModes.fromOtf2(r.get("mode"), r.get("creation"), r.get("status"));
        b.set(Field.COMM, fields.comm(def[1]).id()).set(Field.FILE, slot)
            .set(Field.AMODE, amode).set(Field.FNAME, fname(def[0]));
        if (IoModes.exclusive(amode)) {
          // It succeeded, so there was no file: the size it found, 0, as the tracer records it
          // (a benchmark then removes what an earlier open left there).
          b.set(Field.FSIZE, 0);
        }
        return true;
      }
      case FILE_CLOSE -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.IO_DESTROY_HANDLE);
        if (r == null) {
          return false;
        }
        file(b, r.get("handle"));
        slots.close(r.get("handle"));
        return true;
      }
      case FILE_DELETE -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.IO_DELETE_FILE);
        if (r == null) {
          return false;
        }
        b.set(Field.FNAME, fname(r.get("file")));
        return true;
      }
      case FILE_SEEK, FILE_SEEK_SHARED -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.IO_SEEK);
        if (r == null) {
          return false;
        }
        file(b, r.get("handle"));
        b.set(Field.OFFSET, r.get("result"));
        return true;
      }
      case FILE_SYNC -> {
        BridgeEvent.Numbers r = first(c, NumberRecord.IO_OPERATION_BEGIN);
        if (r == null) {
          return false;
        }
        file(b, r.get("handle"));
        return true;
      }
      case FILE_SET_SIZE, FILE_PREALLOCATE, FILE_SET_VIEW -> {
        if (slots.of(lastHandle).isEmpty()) {
          return false;
        }
        file(b, lastHandle);
        if (op == Op.FILE_SET_VIEW) {
          b.set(Field.DISP, 0).set(Field.ETSIZE, 1).set(Field.FTEXT, 1);
        } else {
          b.set(Field.FSIZE, 0);
        }
        notes.add(name + " (no OTF2 record): the rank's file last named by a record, "
            + (op == Op.FILE_SET_VIEW ? "a view of bytes from displacement 0" : "a size of 0"));
        return true;
      }
      default -> {
        return transfer(c, s, name);
      }
    }
  }

  /** A read or write, blocking, nonblocking or half of a split collective. */
  private boolean transfer(RankImporter.Call c, Slot s, String name) {
    Op op = c.op();
    RawEventBuilder b = s.b;
    BridgeEvent.Numbers done = first(c, NumberRecord.IO_OPERATION_COMPLETE);
    if (name.endsWith("_end")) {
      if (done == null) {
        return false;
      }
      file(b, done.get("handle"));
      b.set(Field.BYTES, Otf2Bytes.count(done.get("bytes")));
      return true;
    }
    BridgeEvent.Numbers begin = first(c, NumberRecord.IO_OPERATION_BEGIN);
    if (begin == null) {
      return false;
    }
    file(b, begin.get("handle"));
    b.set(Field.COUNT, Otf2Bytes.count(begin.get("bytes"))).name(Field.TYPE, Otf2Bytes.TYPE)
        .set(Field.TSIZE, 1);
    if (op.has(Field.OFFSET)) {
      b.set(Field.OFFSET, 0);
      notes.add("explicit offsets of MPI-IO reads and writes (OTF2 3.0 has none): 0");
    }
    if (op.has(Field.REQ)) {
      Req r = requests.create(op, begin.get("matching"));
      b.set(Field.REQ, r.id);
      r.awaitedBy(s);
    } else if (name.endsWith("_begin")) {
      return true; // its bytes come with its _end
    } else if (done != null) {
      b.set(Field.BYTES, Otf2Bytes.count(done.get("bytes")));
    } else {
      return false;
    }
    return true;
  }

  /** A nonblocking read or write completed: its call learns the bytes it moved. */
  static void completed(Req r, BridgeEvent.Numbers done) {
    if (r.waiting != null) {
      r.waiting.b.set(Field.BYTES, Otf2Bytes.count(done.get("bytes")));
      r.settle();
    }
  }

  /**
   * Whether {@code e} is an I/O record of another paradigm than MPI-IO (Score-P's POSIX or ISO C
   * I/O, on handles the bridge's definitions do not list, or a file deleted outside MPI).
   */
  static boolean otherParadigm(ImportDefs defs, BridgeEvent e) {
    return e instanceof BridgeEvent.Numbers r && (r.kind() == NumberRecord.IO_DELETE_FILE
        || r.kind().fields.contains("handle") && !defs.ioHandles().containsKey(r.get("handle")));
  }

  /** This rank's number of file {@code ref}. */
  private long fname(long ref) {
    return names.computeIfAbsent(ref, f -> (long) names.size());
  }

  /** The handle's slot on this rank. */
  private void file(RawEventBuilder b, long handle) {
    OptionalLong slot = slots.of(handle);
    if (slot.isEmpty()) {
      throw new IllegalArgumentException("a record names MPI-IO handle " + handle
          + ", which this rank has not opened");
    }
    lastHandle = handle;
    b.set(Field.FILE, slot.getAsLong());
  }

  /** The first record of {@code kind} on an MPI-IO handle (a file, for IoDeleteFile). */
  private BridgeEvent.Numbers first(RankImporter.Call c, NumberRecord kind) {
    for (BridgeEvent e : c.records()) {
      if (e instanceof BridgeEvent.Numbers r && r.kind() == kind
          && (kind == NumberRecord.IO_DELETE_FILE || defs.ioHandles().containsKey(
              r.get("handle")))) {
        return r;
      }
    }
    return null;
  }
}
