package org.benchgen.otf2;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.TraceProblem;

/**
 * One rank's MPI-IO calls as OTF2's I/O records, as Score-P writes them (docs/otf2.md, "MPI-IO"):
 * MPI_File_open's IoCreateHandle on a handle of the MPI-IO paradigm (its file named by the
 * trace's anonymous number, never a path), MPI_File_close's IoDestroyHandle (after an
 * IoDeleteFile for a file opened to be deleted on close), MPI_File_delete's IoDeleteFile, a
 * seek's IoSeek, and each read and write an IoOperationBegin (the bytes asked for) and
 * IoOperationComplete (the bytes moved), a nonblocking or split one's IoOperationIssued at its
 * call's end and its completion where it completes. MPI_File_sync is a flush's begin and
 * completion; MPI_File_set_view, set_size and preallocate have no record (Score-P writes none).
 */
final class FileIoExport {
  /** Matching ids of blocking operations: above any request id and one-sided matching id. */
  private static final long FIRST_MATCHING = 1L << 49;

  private final ExportDefs defs;
  private final Consumer<BridgeEvent> out;
  /** Files opened per communicator, for the next handle's definition. */
  private final Map<Long, Integer> opened = new HashMap<>();
  /** Each open file slot (the trace's {@code file}): handle, file and access mode. */
  private final Map<Long, long[]> slots = new HashMap<>();
  /** Nonblocking operations until completed (by request), split ones (by slot): handle, id. */
  private final Map<Long, long[]> requests = new HashMap<>();
  private final Map<Long, Long> splits = new HashMap<>();
  private long nextMatching = FIRST_MATCHING;

  FileIoExport(ExportDefs defs, Consumer<BridgeEvent> out) {
    this.defs = defs;
    this.out = out;
  }

  /** Whether {@code req} is the request of a nonblocking read or write still in flight. */
  boolean owns(long req) {
    return requests.containsKey(req);
  }

  /** A wait completed request {@code req} of a nonblocking read or write at {@code t}. */
  void completed(long req, long t) {
    long[] r = requests.remove(req);
    if (r != null) {
      emit(NumberRecord.IO_OPERATION_COMPLETE, t, r[0], r[1], req);
    }
  }

  /** A test found request {@code req} of a nonblocking read or write not done at {@code t}. */
  void tested(long req, long t) {
    long[] r = requests.get(req);
    if (r != null) {
      emit(NumberRecord.IO_OPERATION_TEST, t, r[0], req);
    }
  }

  /** The records of MPI-IO call {@code e}, entered at {@code t0} and left at {@code t1}. */
  void call(RawEvent e, long t0, long t1) {
    Op op = e.op();
    String name = op.mpiName();
    switch (op) {
      case FILE_OPEN -> {
        long comm = e.get(Field.COMM);
        long file = defs.ioFile(e.get(Field.FNAME));
        long handle = defs.ioHandle(comm, opened.merge(comm, 1, Integer::sum) - 1, file);
        long amode = e.get(Field.AMODE);
        slots.put(e.get(Field.FILE), new long[] {handle, file, amode});
        long[] m = IoModes.toOtf2(amode);
        emit(NumberRecord.IO_CREATE_HANDLE, t1, handle, m[0], m[1], m[2]);
      }
      case FILE_CLOSE -> {
        long[] s = slot(e);
        if (IoModes.deletesOnClose(s[2])) {
          emit(NumberRecord.IO_DELETE_FILE, t1, 0, s[1]);
        }
        emit(NumberRecord.IO_DESTROY_HANDLE, t1, s[0]);
        slots.remove(e.get(Field.FILE));
      }
      case FILE_DELETE -> emit(NumberRecord.IO_DELETE_FILE, t1, 0,
          defs.ioFile(e.get(Field.FNAME)));
      case FILE_SEEK, FILE_SEEK_SHARED -> {
        long offset = e.get(Field.OFFSET);
        emit(NumberRecord.IO_SEEK, t1, slot(e)[0], (offset << 1) ^ (offset >> 63), 0, offset);
      }
      case FILE_SYNC -> {
        long h = slot(e)[0];
        long m = nextMatching++;
        emit(NumberRecord.IO_OPERATION_BEGIN, t0, h, NumberRecord.IO_FLUSH,
            NumberRecord.IO_COLLECTIVE, 0, m);
        emit(NumberRecord.IO_OPERATION_COMPLETE, t1, h, 0, m);
      }
      case FILE_SET_SIZE, FILE_PREALLOCATE, FILE_SET_VIEW -> slot(e);
      default -> transfer(e, name, t0, t1);
    }
  }

  /** A read or write: blocking, nonblocking, or one half of a split collective. */
  private void transfer(RawEvent e, String name, long t0, long t1) {
    long h = slot(e)[0];
    long mode = name.contains("read") ? NumberRecord.IO_READ : NumberRecord.IO_WRITE;
    boolean collective = name.contains("_all") || name.contains("_ordered");
    long flags = collective ? NumberRecord.IO_COLLECTIVE : 0;
    if (name.endsWith("_end")) {
      Long m = splits.remove(e.get(Field.FILE));
      if (m == null) {
        throw new TraceProblem(name + " ends a split collective that no _begin began");
      }
      emit(NumberRecord.IO_OPERATION_COMPLETE, t1, h, e.get(Field.BYTES), m);
      return;
    }
    long asked = e.get(Field.COUNT) * e.get(Field.TSIZE);
    boolean split = name.endsWith("_begin");
    if (split || e.op().has(Field.REQ)) {
      long m = split ? nextMatching++ : e.get(Field.REQ);
      emit(NumberRecord.IO_OPERATION_BEGIN, t0, h, mode, flags | NumberRecord.IO_NON_BLOCKING,
          asked, m);
      emit(NumberRecord.IO_OPERATION_ISSUED, t1, h, m);
      if (split) {
        splits.put(e.get(Field.FILE), m);
      } else if (e.isPresent(Field.BYTES)) {
        requests.put(m, new long[] {h, e.get(Field.BYTES)});
      } else {
        requests.put(m, new long[] {h, 0});
      }
      return;
    }
    long m = nextMatching++;
    emit(NumberRecord.IO_OPERATION_BEGIN, t0, h, mode, flags, asked, m);
    emit(NumberRecord.IO_OPERATION_COMPLETE, t1, h, e.get(Field.BYTES), m);
  }

  private long[] slot(RawEvent e) {
    long[] s = slots.get(e.get(Field.FILE));
    if (s == null) {
      throw new TraceProblem(e.op().mpiName() + " names file " + e.get(Field.FILE)
          + ", which no MPI_File_open opened");
    }
    return s;
  }

  private void emit(NumberRecord kind, long t, long... fields) {
    out.accept(new BridgeEvent.Numbers(t, kind, "", fields));
  }
}
