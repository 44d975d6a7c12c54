package org.benchgen.compress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.compress.NodeBuilder.RsdBuilder;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Node;
import org.benchgen.ir.RankList;
import org.benchgen.rawtrace.LiveRequests;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;

/**
 * Compresses one rank's event stream online: each event is encoded (peers also relative, requests
 * by age, lists interned, compute time since the previous call) and pushed into a {@link
 * LoopFolder} that folds repeats into nested loops. Bounded work per event.
 */
public final class RankCompressor implements RawTraceReader.Sink {
  /** How many trailing nodes the loop search looks back over (ScalaTrace uses 5,000 events). */
  public static final int DEFAULT_WINDOW = 1024;

  private final int rank;
  private final int size;
  private final SymbolTable symbols;
  private final ShapeTable shapeTable = new ShapeTable();
  private final LoopFolder<FoldNode> folder;
  private final Map<Integer, int[]> members = new HashMap<>();
  private final List<CommDef> comms = new ArrayList<>();
  private final LiveRequests requests = new LiveRequests();
  /** Shape ids by call site (the reader hands out one String per distinct site) and op. */
  private final java.util.IdentityHashMap<String, int[]> shapes = new java.util.IdentityHashMap<>();
  private String prevSite;
  private long prevExit;
  private long events;

  /** A compressor of {@code rank}'s stream, its lists interned in the trace's {@code symbols}. */
  public RankCompressor(int rank, int size, SymbolTable symbols) {
    this(rank, size, DEFAULT_WINDOW, symbols);
  }

  /** The same, with a loop search over the last {@code window} nodes. */
  public RankCompressor(int rank, int size, int window, SymbolTable symbols) {
    this.rank = rank;
    this.size = size;
    this.symbols = symbols;
    this.folder = new LoopFolder<>(FoldNode.policy(shapeTable::loop), window);
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
    relComm = -1; // a redefined id must not keep its old index and size
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
   * the folder, as if they had been pushed one by one. ({@link OuterIteration} holds events too.)
   */
  private static final class Held {
    int shape;
    Op op;
    String site;
    long[] abs;
    long[] rel;
    String after;
    long compute;
    long duration;
    /** The arrays to fill next time, or null (then new ones are made). */
    long[] absBuffer;
    long[] relBuffer;

    /** A node of this event, which keeps its arrays (so this no longer reuses them). */
    RsdBuilder node() {
      absBuffer = null;
      relBuffer = null;
      return new RsdBuilder(shape, op, site, abs, rel, after, compute, duration);
    }

    /** Hands this event's data and arrays over to {@code to}. */
    void moveTo(Held to) {
      to.shape = shape;
      to.op = op;
      to.site = site;
      to.abs = abs;
      to.rel = rel;
      to.after = after;
      to.compute = compute;
      to.duration = duration;
      to.absBuffer = abs;
      to.relBuffer = rel != abs ? rel : to.relBuffer;
      absBuffer = null;
      relBuffer = null;
    }
  }

  private Held[] held = new Held[0];
  private int heldCount;
  /** An event going to the folder as a node: its arrays are always new. */
  private final Held pushed = new Held();
  private final OuterIteration outer = new OuterIteration();

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
    // The steady state of a loop with a periodic collective, on a path of its own, short for the
    // JIT: the event is the call the held outer iteration expects next. Else as below, which
    // decides the same for such an event.
    if (outer.isHolding() && outer.expected() instanceof RsdBuilder r && r.op == op
        && r.site == site && outer.continuesWith(r.shape)) {
      encode(outer.slot(), r.shape, op, site, enter, exit, values, lists);
      outer.advance();
      prevSite = site;
      prevExit = exit;
      events++;
      return;
    }
    anyEvent(op, site, enter, exit, values, lists);
  }

  private void anyEvent(Op op, String site, long enter, long exit, long[] values,
      long[][] lists) {
    FoldNode expected = outer.isHolding() ? outer.expected()
        : heldCount > 0 || folder.trackingLastFresh()
            ? ((FoldLoop) folder.last()).body().get(heldCount) : null;
    // Usually the event is the call expected, whose shape is then known.
    int shape = expected instanceof RsdBuilder r && r.op == op && r.site == site ? r.shape
        : shape(op, site);
    if (outer.isHolding() && !outer.continuesWith(shape)) {
      outer.release();
    }
    if (outer.isHolding() || outer.startsWith(shape)) {
      encode(outer.slot(), shape, op, site, enter, exit, values, lists);
      outer.advance();
    } else {
      Held h = heldSlot(shape);
      encode(h == null ? pushed : h, shape, op, site, enter, exit, values, lists);
      if (h == null) {
        folder.push(pushed.node());
      } else {
        heldAdvance();
      }
    }
    prevSite = site;
    prevExit = exit;
    events++;
  }

  /**
   * The slot of the held iteration that an event of this shape continues, or null: then the held
   * events go to the folder first.
   */
  private Held heldSlot(int shape) {
    FoldLoop loop = heldCount > 0 || folder.trackingLastFresh() ? (FoldLoop) folder.last() : null;
    if (loop == null || loop.body().get(heldCount).shape != shape) {
      releaseHeld();
      return null;
    }
    if (heldCount == held.length) {
      held = java.util.Arrays.copyOf(held, heldCount + 1);
      held[heldCount] = new Held();
    }
    return held[heldCount];
  }

  /** Counts the event just held; once the iteration is whole, absorbs it as the folder would. */
  private void heldAdvance() {
    FoldLoop loop = (FoldLoop) folder.last();
    if (++heldCount == loop.body().size()) {
      loop.startIteration(); // as FoldLoop.absorb
      for (int i = 0; i < heldCount; i++) {
        Held x = held[i];
        ((RsdBuilder) loop.body().get(i)).add(x.abs, x.rel, x.after, x.compute, x.duration);
      }
      heldCount = 0;
    }
  }

  /** Places an event already encoded (one of the outer iteration's) as if it had just come. */
  private void place(Held x) {
    Held h = heldSlot(x.shape);
    if (h == null) {
      folder.push(x.node());
    } else {
      x.moveTo(h);
      heldAdvance();
    }
  }

  /** Encodes an event into {@code x}, in its arrays when it has them. */
  private void encode(Held x, int shape, Op op, String site, long enter, long exit,
      long[] values, long[][] lists) {
    Slots slots = SLOTS[op.ordinal()];
    long[] abs = copy(values, x.absBuffer);
    // A list is absent when it is RawEvent.NO_LIST (as RawEvent.isPresent tells); the request
    // encoding replaces present ones, so that is asked of the lists as read.
    long[][] encoded = op.has(Field.REQS) || op.has(Field.DONE) ? lists.clone() : lists;
    requests.encode(op, abs, encoded);
    for (int i : slots.lists()) {
      abs[i] = lists[i] != RawEvent.NO_LIST ? internList(i, encoded[i]) : Sym.ABSENT.code();
    }
    long[] rel = slots.peers().length == 0 ? abs : relativePeers(op, slots, abs, x.relBuffer);
    x.shape = shape;
    x.op = op;
    x.site = site;
    x.abs = abs;
    x.rel = rel;
    x.after = prevSite;
    x.compute = prevSite == null ? 0 : enter - prevExit;
    x.duration = exit - enter;
    x.absBuffer = abs;
    x.relBuffer = rel != abs ? rel : x.relBuffer;
  }

  /**
   * The values with relative peers in the peer slots ({@code relBuffer} filled when it fits),
   * or {@code abs} itself when no peer is a rank. Apart from {@link #encode}, which the JIT then
   * inlines whole into the steady-state path.
   */
  private long[] relativePeers(Op op, Slots slots, long[] abs, long[] relBuffer) {
    long[] rel = abs;
    for (int i : slots.peers()) {
      if (!Sym.isSymbol(abs[i])) {
        rel = rel == abs ? copy(abs, relBuffer) : rel;
        rel[i] = relative(abs[i], (int) abs[op.slot(Field.COMM)]);
      }
    }
    return rel;
  }

  /** Gives the held events to the folder, in order, as nodes that keep their arrays. */
  private void releaseHeld() {
    for (int i = 0; i < heldCount; i++) {
      folder.push(held[i].node());
    }
    heldCount = 0;
  }

  /**
   * An iteration of the outer loop that the folder ends with, when that loop's body is an inner
   * loop of calls followed by calls, as a loop with a periodic collective is: held back from the
   * folder while the events match it (the inner loop's body twice or more, then the calls). The
   * folder would rebuild the inner loop: push the calls of its first two iterations one by one,
   * searching its window each time, fold them into a loop, absorb the further iterations, and at
   * the calls after it absorb the whole as one more iteration of the outer loop. Its choices
   * depend only on the shapes of what it holds and is given, not on their values. So once an
   * outer iteration went so from this same state, as checked when it was placed event by event,
   * the next one goes so too, for any count of inner iterations from two on: it is built here
   * directly, by the node operations the folder would have made. Any other iteration goes to the
   * folder event by event, as if never held.
   */
  private final class OuterIteration {
    private FoldLoop loop;
    private FoldLoop inner;
    /** Where the outer loop is in the folder's sequence; that nothing follows it is checked. */
    private int index;
    private Held[] events = new Held[0];
    private int count;
    /** Where the calls after the inner loop begin among the held events, or -1 before they do. */
    private int tailStart;
    /** The outer loop known to take its iterations so (at its index), or null. */
    private FoldLoop learned;
    private int learnedIndex;

    boolean isHolding() {
      return loop != null;
    }

    /** The body node the next event likely is, while holding (a guess at an inner loop's end). */
    FoldNode expected() {
      return tailStart < 0 ? inner.body().get(count % inner.body().size())
          : loop.body().get(1 + count - tailStart);
    }

    /** Whether the event of this shape continues the iteration being held. */
    boolean continuesWith(int shape) {
      int m = inner.body().size();
      if (tailStart < 0) {
        // Still in the inner loop: its next call, or after two or more whole iterations, the
        // first call after it.
        return inner.body().get(count % m).shape == shape || endsInner(shape);
      }
      return loop.body().get(1 + count - tailStart).shape == shape;
    }

    /** Whether an event of this shape, next, would be the first call after the inner loop. */
    private boolean endsInner(int shape) {
      int m = inner.body().size();
      return count >= 2 * m && count % m == 0 && loop.body().get(1).shape == shape;
    }

    /**
     * Whether an event of this shape starts an outer iteration to hold: the folder ends with a
     * loop whose body is an inner loop of calls, then calls, and waits for its next iteration.
     */
    boolean startsWith(int shape) {
      if (heldCount > 0 || !folder.trackingLastFresh()) {
        return false;
      }
      if (!(folder.last() instanceof FoldLoop o) || o.body().size() < 2
          || !(o.body().get(0) instanceof FoldLoop l) || l.body().get(0).shape != shape) {
        return false;
      }
      for (FoldNode n : l.body()) {
        if (!(n instanceof RsdBuilder)) {
          return false;
        }
      }
      for (int i = 1; i < o.body().size(); i++) {
        if (!(o.body().get(i) instanceof RsdBuilder)) {
          return false;
        }
      }
      if (o.body().get(1).shape == l.body().get(0).shape) {
        return false; // the end of the inner loop would be ambiguous
      }
      loop = o;
      inner = l;
      index = folder.size() - 1;
      count = 0;
      tailStart = -1;
      return true;
    }

    /** The slot of the next event, while holding. */
    Held slot() {
      if (count == events.length) {
        events = java.util.Arrays.copyOf(events, Math.max(16, 2 * count));
        for (int i = count; i < events.length; i++) {
          events[i] = new Held();
        }
      }
      return events[count];
    }

    /** Counts the event just encoded into {@link #slot}; builds the iteration once it is whole. */
    void advance() {
      if (tailStart < 0 && endsInner(events[count].shape)) {
        tailStart = count;
      }
      count++;
      if (tailStart >= 0 && count - tailStart == loop.body().size() - 1) {
        if (learned == loop && learnedIndex == index) {
          build();
        } else {
          learn();
        }
        loop = null;
      } else if (count == MAX_HELD) {
        release();
      }
    }

    /**
     * Adds the whole iteration to the outer loop as the folder would (see the class comment):
     * with the result of merging nodes of its inner loop instance and of its calls after that,
     * without making those nodes.
     */
    private void build() {
      int m = inner.body().size();
      loop.startIteration();
      inner.appendInstance(tailStart / m);
      for (int i = 0; i < tailStart; i++) {
        Held x = events[i];
        ((RsdBuilder) inner.body().get(i % m)).addToInstance(x.abs, x.rel, x.after, x.compute,
            x.duration);
      }
      for (int j = 0; j < m; j++) {
        ((RsdBuilder) inner.body().get(j)).endInstance();
      }
      for (int i = tailStart; i < count; i++) {
        Held x = events[i];
        ((RsdBuilder) loop.body().get(1 + i - tailStart)).add(x.abs, x.rel, x.after, x.compute,
            x.duration);
      }
    }

    /**
     * Places the whole iteration event by event, and checks that the folder went as the class
     * comment says: it appended the calls of the inner loop's first two iterations and folded
     * them into one loop, kept absorbing, and at the end absorbed the whole into the outer loop.
     */
    private void learn() {
      FoldLoop o = loop;
      int at = index;
      int m = inner.body().size();
      int n = count;
      loop = null;
      boolean ok = true;
      for (int i = 0; i < n; i++) {
        place(events[i]);
        int size = folder.size();
        if (i < 2 * m - 1) {
          ok &= size == at + 2 + i;
        } else if (i == 2 * m - 1) {
          ok &= size == at + 2 && folder.nodes().get(at) == o && folder.trackingLastFresh()
              && folder.last() instanceof FoldLoop l && l.shape == inner.shape;
        }
      }
      ok &= folder.size() == at + 1 && folder.last() == o && folder.trackingLastFresh();
      learned = ok ? o : null;
      learnedIndex = at;
    }

    /** Gives the held events to the folder, in order, as if they had just come. */
    void release() {
      int n = count;
      loop = null;
      for (int i = 0; i < n; i++) {
        place(events[i]);
      }
    }
  }

  /**
   * How many events an outer iteration may hold; past that they go to the folder. It bounds the
   * memory held, and an iteration that long pays for its rebuilding anyway.
   */
  private static final int MAX_HELD = 1 << 12;

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
      byOp[op.ordinal()] = shapeTable.rsd(op, site);
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
    long id = symbols.list(list);
    if (slot < lastList.length) {
      lastList[slot] = list;
      lastListId[slot] = id;
    }
    return id;
  }

  /** The communicator {@link #relative} saw last, this rank's index in it and its size. */
  private int relComm = -1;
  private int relMe;
  private int relSize;

  /** {@code peer - me} modulo the communicator size, in (-size/2, size/2]. */
  private long relative(long peer, int comm) {
    if (comm != relComm) {
      if (comm == 0) {
        relMe = rank;
        relSize = size;
      } else {
        int[] m = members.get(comm);
        if (m == null) {
          throw new TraceProblem("communicator " + comm + " is not defined");
        }
        relMe = indexOf(m, rank);
        relSize = m.length;
      }
      relComm = comm;
    }
    int me = relMe;
    int n = relSize;
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
    if (outer.isHolding()) {
      outer.release();
    }
    releaseHeld();
    folder.finish();
    RankList me = RankList.of(rank);
    List<Node> nodes = new ArrayList<>(folder.size());
    for (FoldNode b : folder.nodes()) {
      nodes.add(NodeBuilder.freeze(b, me));
    }
    return new CompressedTrace(size, comms, nodes, symbols);
  }
}
