package org.benchgen.otf2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.benchgen.otf2.RankRequests.Req;
import org.benchgen.otf2.RankRequests.Slot;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * One rank's OTF2 records to its benchgen stream (docs/otf2.md, "Import"). An MPI call is a
 * region of that name; the records between its enter and leave give its fields, and the region
 * stack around it its call site. A nonblocking receive or collective learns its message only at
 * completion, so calls wait in order in a queue until their fields are known: memory grows with
 * the requests in flight, not with the trace.
 */
final class RankImporter {
  /** Regions nested deeper are refused: a site's hash is kept per level, its depth bounded. */
  static final int MAX_DEPTH = 10_000;
  /** Records inside one call kept at most; beyond, the call is refused. */
  static final int MAX_RECORDS = 1 << 20;
  /** A site keeps at most this much of its region's name (the hash tells sites apart). */
  static final int MAX_SITE_NAME = 120;
  /** Calls whose fields are not known yet; the import refuses a rank that needs more. */
  static final int MAX_WAITING = 1 << 20;
  /** Call sites whose text is kept for the next call there (beyond, it is made again). */
  static final int MAX_SITE_NAMES = 1 << 16;

  private final ImportDefs defs;
  private final int rank;
  private final SymbolTable symbols;
  private final RawTraceWriter out;
  private final RuleCounts notes;
  private final Deque<Slot> queue = new ArrayDeque<>();
  /** The regions entered, innermost last, and the hash of the stack up to each. */
  private final List<Long> stack = new ArrayList<>();
  private final List<Integer> stackHash = new ArrayList<>();
  private final Map<Long, Integer> nameHash = new HashMap<>();
  /** Each region's MPI call, if it is one (mpiCall). */
  private final Map<Long, Optional<Op>> calls = new HashMap<>();
  /** Each call site's text, by its region and stack hash; at most {@link #MAX_SITE_NAMES}. */
  private final Map<Long, String> siteNames = new HashMap<>();
  private final RankRequests requests = new RankRequests();
  private final CollectiveShares shares;
  /** Blocking v-collectives this rank called, per communicator id. */
  private final Map<Long, Integer> vCalls = new HashMap<>();
  private final RecordFields fields;
  private final ImportDefs.Comm world;
  private final RankComms comms;
  private final PersistentCalls persistent;
  private final OneSidedImport oneSided;
  private final FileIoImport fileIo;
  private Call call;

  /** A call in progress: its region, where the stack stood, and the records seen inside. */
  record Call(Op op, long region, int depth, long enter, String site,
      OptionalLong request, OptionalLong unmatched, OptionalLong recordless,
      List<BridgeEvent> records) {}

  RankImporter(ImportDefs defs, CollectiveShares shares, WindowReach reach, int rank,
      SymbolTable symbols, RawTraceWriter out, RuleCounts notes) {
    this.shares = shares;
    this.defs = defs;
    this.rank = rank;
    this.symbols = symbols;
    this.out = out;
    this.notes = notes;
    this.fields = new RecordFields(defs, rank, notes);
    this.comms = new RankComms(defs, rank, fields, notes);
    this.persistent = new PersistentCalls(requests, fields, notes);
    this.oneSided = new OneSidedImport(defs, reach, rank, fields, requests, notes);
    this.fileIo = new FileIoImport(defs, fields, requests, notes);
    this.world = defs.world();
  }

  /** Writes the definitions of the communicators this rank belongs to. */
  void begin() throws IOException {
    for (ImportDefs.Comm c : defs.commsOf(rank)) {
      List<Integer> m = new ArrayList<>();
      for (int x : c.members()) {
        m.add(x);
      }
      out.comm(c.id(), m);
    }
  }

  void accept(BridgeEvent e) throws IOException {
    if (e instanceof BridgeEvent.Enter x) {
      push(x.region());
      if (call == null) {
        Optional<Op> op = mpiCall(x.region());
        if (op.isPresent()) {
          call = new Call(op.get(), x.region(), stack.size(), x.time(), site(),
              x.request(), x.unmatched(), x.recordless(), new ArrayList<>());
        }
      }
    } else if (e instanceof BridgeEvent.Leave x) {
      if (stack.isEmpty() || stack.get(stack.size() - 1) != x.region()) {
        throw new IllegalArgumentException("leaves region " + x.region()
            + ", which is not the innermost one entered");
      }
      if (call != null && stack.size() == call.depth()) {
        finish(call, x.time());
        call = null;
      }
      stack.remove(stack.size() - 1);
      stackHash.remove(stackHash.size() - 1);
    } else if (call != null) {
      if (call.records().size() >= MAX_RECORDS) {
        throw new IllegalArgumentException("a call has more than " + MAX_RECORDS + " records");
      }
      call.records().add(e);
    } else if (!FileIoImport.otherParadigm(defs, e)) { // Score-P's POSIX I/O: not MPI's
      notes.unknown("MPI records outside any MPI call's region, left out");
    }
  }

  /** Writes what is still waiting, with the rules' defaults for fields never recorded. */
  void end() throws IOException {
    if (call != null || !stack.isEmpty()) {
      throw new IllegalArgumentException("the rank's records end inside a region");
    }
    for (Slot s : queue) {
      if (s.missing > 0) {
        notes.unknown("requests never completed in the archive: their calls keep default fields");
        s.missing = 0;
      }
    }
    flush();
  }

  private Optional<Op> mpiCall(long region) {
    // Every enter asks: the answer is kept per region (a name lookup each time was 6 % of it).
    return calls.computeIfAbsent(region, this::mpiCallOf);
  }

  private Optional<Op> mpiCallOf(long region) {
    String name = defs.regions().get(region);
    if (name.equals("MPI_Init_thread")) {
      return Optional.of(Op.INIT);
    }
    // OTF2 has neither a topology's neighbours nor a neighbourhood operation, nor the arguments
    // of MPI_Reduce_local or MPI_Buffer_attach; a cancelled request is its completion's record
    // (RequestCancelled); matched probes have no message of their own: such a call is left out,
    // as calls outside the vocabulary are.
    return Op.forName(name).filter(op -> Otf2Names.cannotSay(op).isEmpty()
        && op.kind() != OpKind.LOCAL);
  }

  private void push(long region) {
    String name = defs.regions().get(region);
    if (name == null) {
      throw new IllegalArgumentException("enters region " + region + ", which is not defined");
    }
    if (stack.size() >= MAX_DEPTH) {
      throw new IllegalArgumentException("regions nested more than " + MAX_DEPTH + " deep");
    }
    int below = stackHash.isEmpty() ? FNV_BASIS : stackHash.get(stackHash.size() - 1);
    stackHash.add((below ^ nameHash.computeIfAbsent(region, r -> fnv(name))) * FNV_PRIME);
    stack.add(region);
  }

  private static final int FNV_BASIS = 0x811c9dc5;
  private static final int FNV_PRIME = 0x01000193;

  private static int fnv(String s) {
    int h = FNV_BASIS;
    for (byte c : s.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (c & 0xff)) * FNV_PRIME;
    }
    return h;
  }

  /**
   * The call site: the innermost enclosing region's name (clipped) and a hash of the whole stack
   * of names around the call.
   */
  private String site() {
    int below = stack.size() - 2;
    long ref = below < 0 ? -1 : stack.get(below);
    int h = below < 0 ? FNV_BASIS : stackHash.get(below);
    // A call site recurs with every call made there: its text is made once (ref and hash say it).
    long key = ref < 0 || ref > Integer.MAX_VALUE ? -1 : ref << 32 | (h & 0xffffffffL);
    String known = key < 0 ? null : siteNames.get(key);
    if (known != null) {
      return known;
    }
    String inner = below < 0 ? "otf2" : defs.regions().get(ref);
    if (inner.length() > MAX_SITE_NAME) {
      inner = inner.substring(0, MAX_SITE_NAME);
    }
    // "+": a character that names keep as it is (docs/trace-format.md, "Values").
    String site = inner + "+" + String.format("%08x", h);
    if (key >= 0 && siteNames.size() < MAX_SITE_NAMES) {
      siteNames.put(key, site);
    }
    return site;
  }

  private void finish(Call c, long leave) throws IOException {
    Slot s = new Slot(new RawEventBuilder(symbols, c.op(), c.site())
        .times(defs.clock().nanos(c.enter()), defs.clock().nanos(leave)));
    boolean keep = kept(c, s);
    if (keep) {
      // An init that is not started for this long keeps its defaults (as if never started).
      while (queue.size() >= MAX_WAITING && queue.peekFirst().init != null
          && queue.peekFirst().missing > 0) {
        queue.peekFirst().init.settle();
        notes.unknown("MPI_*_init calls not started within " + MAX_WAITING + " calls: default"
            + " fields");
        flush();
      }
      if (queue.size() >= MAX_WAITING) {
        throw new IllegalArgumentException("more than " + MAX_WAITING + " calls wait for"
            + " records of requests that never complete");
      }
      queue.add(s);
      flush();
    } else {
      notes.unknown(c.op().mpiName() + " calls without the records they need, left out");
    }
  }

  /** Sets the fields of {@code c}'s event; false when its records are too few to keep it. */
  private boolean kept(Call c, Slot s) {
    RawEventBuilder b = s.b;
    return switch (c.op().kind()) {
      case INIT, FINALIZE -> true;
      case SEND -> send(c, s);
      case RECV -> recv(c, s);
      case SENDRECV -> {
        send(c, s);
        yield recv(c, s);
      }
      case PROBE -> {
        b.set(Field.COMM, 0).set(Field.SRC, Sym.ANY_SOURCE).set(Field.TAG, Sym.ANY_TAG);
        if (c.op() == Op.IPROBE) {
          b.set(Field.FLAG, 0);
        }
        notes.unknown("probes: OTF2 records none of their fields (ANY_SOURCE, ANY_TAG, flag 0)");
        yield true;
      }
      case COMPLETION -> complete(c, s);
      case PERSISTENT_INIT -> persistent.init(c, s);
      case START -> persistent.start(c, s);
      case REQUEST_FREE -> persistent.free(c, s);
      case COLLECTIVE -> collective(c, s);
      case COMM_CREATE -> comms.create(c.op(), c.records(), s.b);
      case COMM_FREE -> comms.free(c.records(), s.b);
      case WINDOW, RMA -> oneSided.call(c, s);
      case FILE_IO -> fileIo.call(c, s);
      case LOCAL, CANCEL -> false; // left out before (mpiCall)
    };
  }

  private boolean complete(Call c, Slot s) {
    List<Long> done = new ArrayList<>();
    List<Long> tested = new ArrayList<>();
    for (BridgeEvent e : c.records()) {
      if (e instanceof BridgeEvent.IsendDone x) {
        completed(x.request(), done, r -> { });
      } else if (e instanceof BridgeEvent.RequestCancelled x) {
        completed(x.request(), done, r -> { });
      } else if (e instanceof BridgeEvent.Irecv x) {
        completed(x.request(), done, r -> received(r, x));
      } else if (e instanceof BridgeEvent.CollectiveDone x) {
        completed(x.request(), done, r -> {
          if (r.waiting != null) {
            fields.collectiveFields(r.waiting.b, r.op, fields.comm(x.comm()), x.root(), x.sent(),
                x.received(), null);
            r.settle();
          }
        });
      } else if (e instanceof BridgeEvent.Numbers x
          && x.kind() == NumberRecord.OP_COMPLETE_NON_BLOCKING) {
        completed(x.get("matching"), done, r -> { }); // an MPI_Rput's, ...
      } else if (e instanceof BridgeEvent.Numbers x && !FileIoImport.otherParadigm(defs, x)
          && x.kind() == NumberRecord.IO_OPERATION_COMPLETE) {
        completed(x.get("matching"), done, r -> FileIoImport.completed(r, x));
      } else if (e instanceof BridgeEvent.RequestTest x) {
        requests.find(x.request()).ifPresent(r -> tested.add(r.id));
      } else if (e instanceof BridgeEvent.Numbers x && !FileIoImport.otherParadigm(defs, x)
          && (x.kind() == NumberRecord.OP_TEST || x.kind() == NumberRecord.IO_OPERATION_TEST)) {
        requests.find(x.get("matching")).ifPresent(r -> tested.add(r.id));
      }
    }
    Op op = c.op();
    // Requests without records: named or counted by benchgen's attributes, else by rule.
    if (op == Op.WAIT && done.isEmpty() && c.request().isPresent()) {
      requests.named(c.request().getAsLong()).ifPresent(r -> {
        requests.completed(r, c.request().getAsLong());
        done.add(r.id);
      });
    } else if (c.recordless().isPresent()) {
      for (long k = 0; k < c.recordless().getAsLong(); k++) {
        requests.takeUnlinked().ifPresent(r -> done.add(r.id));
      }
    } else if (op == Op.WAITALL) {
      for (Optional<Req> r = requests.takeUnlinked(); r.isPresent();
          r = requests.takeUnlinked()) {
        done.add(r.get().id);
      }
    } else if (done.isEmpty() && op.mpiName().startsWith("MPI_Wait")) {
      requests.takeUnlinked().ifPresent(r -> done.add(r.id));
    }
    List<Long> reqs = new ArrayList<>(done);
    reqs.addAll(tested);
    if (reqs.isEmpty()) {
      requests.oldest(false).ifPresent(r -> reqs.add(r.id));
    }
    if (reqs.isEmpty() || op == Op.WAIT && done.isEmpty()) {
      return false;
    }
    if (op == Op.WAIT) {
      s.b.set(Field.REQ, done.get(0));
    } else if (op == Op.WAITALL) {
      s.b.list(Field.REQS, longs(done));
    } else if (op == Op.TEST) {
      s.b.list(Field.REQS, reqs.get(0)).list(Field.DONE, longs(done.subList(0,
          Math.min(1, done.size()))));
    } else {
      s.b.list(Field.REQS, longs(reqs)).list(Field.DONE, longs(done));
    }
    return true;
  }

  /** A receive request's message arrived: the call that posted or started it learns it. */
  private void received(Req r, BridgeEvent.Irecv x) {
    if (r.waiting != null) {
      RawEventBuilder w = r.waiting.b;
      fields.p2p(w, x.comm(), Field.SRC, x.peer(), Field.TAG, x.tag(), Field.COUNT, x.length());
      if (r.op == Op.IRECV) {
        w.set(Field.BYTES, Otf2Bytes.count(x.length()));
      }
      r.settle();
    }
    r.startCompleted(x.length());
  }

  private void completed(long otf2, List<Long> done, Consumer<Req> fill) {
    Optional<Req> r = requests.find(otf2);
    if (r.isEmpty()) {
      notes.unknown("completions of requests that no recorded call made, left out");
      return;
    }
    fill.accept(r.get());
    requests.completed(r.get(), otf2);
    done.add(r.get().id);
  }

  private static long[] longs(List<Long> xs) {
    return xs.stream().mapToLong(Long::longValue).toArray();
  }

  private void flush() throws IOException {
    while (!queue.isEmpty() && queue.peekFirst().missing == 0) {
      Slot s = queue.pollFirst();
      if (s.b.op().kind() == OpKind.START) {
        s.b.set(Field.BYTES, s.bytes);
      }
      out.event(s.b.build());
    }
  }

  private boolean send(Call c, Slot s) {
    RawEventBuilder b = s.b;
    BridgeEvent.Send snd = first(c, BridgeEvent.Send.class);
    BridgeEvent.Isend isnd = first(c, BridgeEvent.Isend.class);
    if (snd != null) {
      fields.p2p(b, snd.comm(), Field.DEST, snd.peer(), Field.TAG, snd.tag(), Field.COUNT,
          snd.length());
    } else if (isnd != null) {
      fields.p2p(b, isnd.comm(), Field.DEST, isnd.peer(), Field.TAG, isnd.tag(), Field.COUNT,
          isnd.length());
    } else {
      fields.procNull(b, Field.DEST, Field.TAG, Field.COUNT);
    }
    b.name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1);
    if (c.op().has(Field.REQ)) {
      b.set(Field.REQ, requests.create(c.op(), isnd == null ? null : isnd.request()).id);
    }
    return true;
  }

  private boolean recv(Call c, Slot s) {
    RawEventBuilder b = s.b;
    boolean both = c.op().kind() == OpKind.SENDRECV;
    Field tag = both ? Field.RTAG : Field.TAG;
    Field count = c.op() == Op.SENDRECV ? Field.RCOUNT : both ? null : Field.COUNT;
    if (c.op() == Op.IRECV) {
      BridgeEvent.IrecvRequest rq = first(c, BridgeEvent.IrecvRequest.class);
      boolean procNull = rq == null && c.unmatched().isEmpty();
      long bytes = Otf2Bytes.count(c.unmatched().orElse(0));
      b.set(Field.COMM, 0).set(Field.SRC, procNull ? Sym.PROC_NULL : Sym.ANY_SOURCE)
          .set(Field.TAG, procNull ? 0 : Sym.ANY_TAG.code()).set(Field.COUNT, bytes)
          .name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1).set(Field.BYTES, bytes);
      Req r = requests.create(c.op(), rq == null ? null : rq.request());
      b.set(Field.REQ, r.id);
      if (rq != null) {
        r.awaitedBy(s);
      }
      return true;
    }
    BridgeEvent.Recv rec = first(c, BridgeEvent.Recv.class);
    if (rec != null) {
      fields.p2p(b, rec.comm(), Field.SRC, rec.peer(), tag, rec.tag(), count, rec.length());
      b.set(Field.BYTES, Otf2Bytes.count(rec.length()));
    } else if (c.unmatched().isPresent()) {
      // A wildcard receive whose source the trace had not (benchgen's attribute): its bytes.
      long bytes = Otf2Bytes.count(c.unmatched().getAsLong());
      b.set(Field.COMM, 0).set(Field.SRC, Sym.ANY_SOURCE).set(tag, Sym.ANY_TAG).set(Field.BYTES,
          bytes);
      if (count != null) {
        b.set(count, bytes);
      }
    } else {
      fields.procNull(b, Field.SRC, tag, count);
      b.set(Field.BYTES, 0);
    }
    if (c.op() == Op.SENDRECV) {
      b.name(Field.RTYPE, Otf2Bytes.TYPE).set(Field.RTSIZE, 1);
    } else if (!both) {
      b.name(Field.TYPE, Otf2Bytes.TYPE).set(Field.TSIZE, 1);
    }
    return true;
  }

  private boolean collective(Call c, Slot s) {
    if (c.op().has(Field.REQ)) {
      BridgeEvent.CollectiveRequest rq = first(c, BridgeEvent.CollectiveRequest.class);
      fields.collectiveFields(s.b, c.op(), world, 0, 0, 0, spreadable(world));
      if (rq == null) {
        // No request record: nothing will ever say its communicator or sizes (sst-macro's
        // archives have none for their nonblocking collectives).
        notes.unknown(c.op().mpiName() + " calls without a collective record: on the world,"
            + " 0 bytes");
      }
      Req r = requests.create(c.op(), rq == null ? null : rq.request());
      s.b.set(Field.REQ, r.id);
      if (rq != null) {
        r.awaitedBy(s);
      }
      return true;
    }
    BridgeEvent.CollectiveEnd end = first(c, BridgeEvent.CollectiveEnd.class);
    if (end == null) {
      return false;
    }
    ImportDefs.Comm comm = fields.comm(end.comm());
    long[][] all = null;
    if (CollectiveShares.gathered(c.op())) {
      all = shares.get(comm.id(), vCalls.merge(comm.id(), 1, Integer::sum) - 1).orElse(null);
    }
    fields.collectiveFields(s.b, c.op(), comm, end.root(), end.sent(), end.received(), all);
    return true;
  }

  /** Placeholder shares (all zero) of a nonblocking collective until it completes. */
  private static long[][] spreadable(ImportDefs.Comm comm) {
    long[][] zeros = new long[comm.members().length][];
    Arrays.setAll(zeros, i -> new long[2]);
    return zeros;
  }

  static <T extends BridgeEvent> T first(Call c, Class<T> kind) {
    return first(c.records(), kind);
  }

  /** The first of {@code records} of {@code kind}, or null. */
  static <T extends BridgeEvent> T first(List<BridgeEvent> records, Class<T> kind) {
    for (BridgeEvent e : records) {
      if (kind.isInstance(e)) {
        return kind.cast(e);
      }
    }
    return null;
  }
}
