package org.benchgen.compress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.compress.NodeBuilder.RsdBuilder;
import org.benchgen.model.CommDef;
import org.benchgen.model.CompressedTrace;
import org.benchgen.model.Node;
import org.benchgen.model.RankList;
import org.benchgen.trace.Field;
import org.benchgen.trace.Interner;
import org.benchgen.trace.LiveRequests;
import org.benchgen.trace.Op;
import org.benchgen.trace.RawEvent;
import org.benchgen.trace.RawTraceReader;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * Compresses one rank's event stream online: each event is encoded (peers also relative, requests
 * by age, lists interned, compute time since the previous call) and pushed into a {@link
 * LoopFolder} that folds repeats into nested loops. Bounded work per event.
 */
public final class RankCompressor implements RawTraceReader.Sink {
  /** How many trailing nodes the loop search looks back over (ScalaTrace uses 5,000 events). */
  public static final int DEFAULT_WINDOW = 1024;

  private static final FoldPolicy<FoldNode> POLICY = FoldNode.policy(ShapeTable::loop);

  private final int rank;
  private final int size;
  private final LoopFolder<FoldNode> folder;
  private final Map<Integer, int[]> members = new HashMap<>();
  private final List<CommDef> comms = new ArrayList<>();
  private final LiveRequests requests = new LiveRequests();
  /** Shape ids by call site (the reader hands out one String per distinct site) and op. */
  private final java.util.IdentityHashMap<String, int[]> shapes = new java.util.IdentityHashMap<>();
  private String prevSite;
  private long prevExit;
  private long events;

  public RankCompressor(int rank, int size) {
    this(rank, size, DEFAULT_WINDOW);
  }

  public RankCompressor(int rank, int size, int window) {
    this.rank = rank;
    this.size = size;
    this.folder = new LoopFolder<>(POLICY, window);
  }

  public long events() {
    return events;
  }

  @Override
  public void comm(int id, long[] worldRanks) {
    int[] m = new int[worldRanks.length];
    List<Integer> list = new ArrayList<>(m.length);
    for (int i = 0; i < m.length; i++) {
      m[i] = (int) worldRanks[i];
      list.add(m[i]);
    }
    members.put(id, m);
    comms.add(new CommDef(id, list));
  }

  /** The slots of a call's list fields and of its peers, looked up once per call, not per event. */
  private record Slots(int[] lists, int[] peers) {
    static Slots of(Op op) {
      List<Field> fields = op.fields();
      return new Slots(
          java.util.stream.IntStream.range(0, fields.size())
              .filter(i -> fields.get(i).kind().isList()).toArray(),
          java.util.stream.IntStream.range(0, fields.size())
              .filter(i -> fields.get(i).isPeer()).toArray());
    }
  }

  private static final Slots[] SLOTS =
      java.util.Arrays.stream(Op.values()).map(Slots::of).toArray(Slots[]::new);

  /**
   * An event held back from the folder: one of the iteration in progress of the loop that the
   * folder ends with, while the events match that loop's body. The folder would only append them
   * and, once the iteration is whole, absorb it; that is done here directly, without a node per
   * event, and reusing the value arrays. An event that does not match first hands the held ones to
   * the folder, as if they had been pushed one by one.
   */
  private static final class Held {
    String site;
    long[] abs;
    long[] rel;
    String after;
    long compute;
    long duration;
    /** The arrays to fill next time, or null (then new ones are made). */
    long[] absBuffer;
    long[] relBuffer;
  }

  private Held[] held = new Held[0];
  private int heldCount;

  /** Events are copied (see {@link #copy}), so the reader may reuse their arrays. */
  @Override
  public boolean keepsEvents() {
    return false;
  }

  @Override
  public void event(RawEvent e) {
    event(e.op(), e.site(), e.enter(), e.exit(), e.values(), e.lists());
  }

  @Override
  public void event(Op op, String site, long enter, long exit, long[] values, long[][] lists) {
    FoldLoop loop = heldCount > 0 || folder.trackingLastFresh() ? (FoldLoop) folder.last()
        : null;
    FoldNode expected = loop == null ? null : loop.body().get(heldCount);
    // Usually the event is the call the loop body expects, whose shape is then known.
    int shape = expected instanceof RsdBuilder r && r.op == op && r.site == site ? r.shape
        : shape(op, site);
    Held h = null;
    if (expected != null && expected.shape == shape) {
      if (heldCount == held.length) {
        held = java.util.Arrays.copyOf(held, heldCount + 1);
        held[heldCount] = new Held();
      }
      h = held[heldCount];
    } else {
      releaseHeld();
    }
    Slots slots = SLOTS[op.ordinal()];
    long[] abs = copy(values, h == null ? null : h.absBuffer);
    // A list is absent when it is RawEvent.NO_LIST (as RawEvent.isPresent tells); the request
    // encoding replaces present ones, so that is asked of the lists as read.
    long[][] encoded = op.has(Field.REQS) || op.has(Field.DONE) ? lists.clone() : lists;
    requests.encode(op, abs, encoded);
    for (int i : slots.lists()) {
      abs[i] = lists[i] != RawEvent.NO_LIST ? internList(i, encoded[i]) : Sym.ABSENT.code();
    }
    long[] rel = abs;
    for (int i : slots.peers()) {
      if (!Sym.isSymbol(abs[i])) {
        rel = rel == abs ? copy(abs, h == null ? null : h.relBuffer) : rel;
        rel[i] = relative(abs[i], (int) abs[op.slot(Field.COMM)]);
      }
    }
    long compute = prevSite == null ? 0 : enter - prevExit;
    long duration = exit - enter;
    if (h == null) {
      folder.push(new RsdBuilder(shape, op, site, abs, rel, prevSite, compute, duration));
    } else {
      h.site = site;
      h.abs = abs;
      h.rel = rel;
      h.after = prevSite;
      h.compute = compute;
      h.duration = duration;
      h.absBuffer = abs;
      h.relBuffer = rel != abs ? rel : h.relBuffer;
      if (++heldCount == loop.body().size()) {
        // The iteration is whole: absorb it as the folder would (FoldLoop.absorb).
        loop.startIteration();
        for (int i = 0; i < heldCount; i++) {
          Held x = held[i];
          ((RsdBuilder) loop.body().get(i)).add(x.abs, x.rel, x.after, x.compute, x.duration);
        }
        heldCount = 0;
      }
    }
    prevSite = site;
    prevExit = exit;
    events++;
  }

  /** Gives the held events to the folder, in order, as nodes that keep their arrays. */
  private void releaseHeld() {
    if (heldCount == 0) {
      return;
    }
    FoldLoop loop = (FoldLoop) folder.last();
    for (int i = 0; i < heldCount; i++) {
      Held x = held[i];
      RsdBuilder b = (RsdBuilder) loop.body().get(i);
      x.absBuffer = null;
      x.relBuffer = null;
      folder.push(new RsdBuilder(b.shape, b.op, x.site, x.abs, x.rel, x.after, x.compute,
          x.duration));
    }
    heldCount = 0;
  }

  /** A copy of {@code values}: in {@code buffer} when it fits, else new. */
  private static long[] copy(long[] values, long[] buffer) {
    if (buffer == null || buffer.length != values.length) {
      return values.clone();
    }
    System.arraycopy(values, 0, buffer, 0, values.length);
    return buffer;
  }

  /** The shape id of an RSD of this call at this site. */
  private int shape(Op op, String site) {
    int[] byOp = shapes.computeIfAbsent(site, k -> new int[Op.values().length]);
    if (byOp[op.ordinal()] == 0) {
      byOp[op.ordinal()] = ShapeTable.rsd(op, site);
    }
    return byOp[op.ordinal()];
  }

  private long[][] lastList = new long[8][];
  private final long[] lastListId = new long[8];

  /** Interns a list, remembering the last one per slot: in a loop it is usually the same. */
  private long internList(int slot, long[] list) {
    if (slot < lastList.length && java.util.Arrays.equals(lastList[slot], list)) {
      return lastListId[slot];
    }
    long id = Interner.list(list);
    if (slot < lastList.length) {
      lastList[slot] = list;
      lastListId[slot] = id;
    }
    return id;
  }

  /** {@code peer - me} modulo the communicator size, in (-size/2, size/2]. */
  private long relative(long peer, int comm) {
    int me;
    int n;
    if (comm == 0) {
      me = rank;
      n = size;
    } else {
      int[] m = members.get(comm);
      if (m == null) {
        throw new TraceProblem("communicator " + comm + " is not defined");
      }
      me = indexOf(m, rank);
      n = m.length;
    }
    long d = Math.floorMod(peer - me, n);
    return d > n / 2 ? d - n : d;
  }

  private static int indexOf(int[] a, int x) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == x) {
        return i;
      }
    }
    return -1;
  }

  /** The rank's compressed trace, with rank list {rank} everywhere. */
  public CompressedTrace finish() {
    releaseHeld();
    folder.finish();
    RankList me = RankList.of(rank);
    List<Node> nodes = new ArrayList<>(folder.size());
    for (FoldNode b : folder.nodes()) {
      nodes.add(NodeBuilder.freeze(b, me));
    }
    return new CompressedTrace(size, comms, nodes);
  }
}
