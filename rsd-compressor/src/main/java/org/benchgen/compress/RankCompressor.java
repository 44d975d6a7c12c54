package org.benchgen.compress;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.benchgen.compress.NodeBuilder.RsdBuilder;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Node;
import org.benchgen.ir.RankList;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;

/**
 * Compresses one rank's event stream online: each event is encoded ({@link EventEncoder}) and
 * pushed into a {@link LoopFolder} that folds repeats into nested loops. Two short ways around the
 * folder for loops' steady state give the same result faster: the iteration in progress of the
 * loop the folder ends with is held here ({@link HeldEvent}), and an outer loop's iteration made
 * of an inner loop and calls is built directly ({@link OuterIteration}). Bounded work per event.
 */
public final class RankCompressor implements RawTraceReader.Sink {
  /** How many trailing nodes the loop search looks back over (ScalaTrace uses 5,000 events). */
  public static final int DEFAULT_WINDOW = 1024;

  private final int rank;
  private final int size;
  private final SymbolTable symbols;
  private final ShapeTable shapeTable = new ShapeTable();
  final LoopFolder<FoldNode> folder;
  private final EventEncoder encoder;
  /** Shape ids by call site (the reader hands out one String per distinct site) and op. */
  private final IdentityHashMap<String, int[]> shapes = new IdentityHashMap<>();
  private long events;
  private HeldEvent[] held = new HeldEvent[0];
  /** How many events of the folder's last loop's iteration in progress are held. */
  int heldCount;
  /** An event going to the folder as a node: its arrays are always new. */
  private final HeldEvent pushed = new HeldEvent();
  private final OuterIteration outer;
  /**
   * How many of the folder's last nodes stay builders: the loop search reaches at most twice the
   * window back from the end, so nodes far before it are final, and are frozen as the stream goes
   * on ({@link LoopFolder#release} throws should one be needed after all). Where nothing folds,
   * a rank's builders were larger than its frozen trace (about 1.3 kB per RSD against 0.5).
   */
  private final int keep;
  /** The rank's frozen top-level nodes so far, in order, and the parts they share. */
  private final List<Node> frozen = new ArrayList<>();
  private final SharedParts parts = new SharedParts();
  private final RankList me;

  /** A compressor of {@code rank}'s stream, its lists interned in the trace's {@code symbols}. */
  public RankCompressor(int rank, int size, SymbolTable symbols) {
    this(rank, size, DEFAULT_WINDOW, symbols);
  }

  /** The same, with a loop search over the last {@code window} nodes. */
  public RankCompressor(int rank, int size, int window, SymbolTable symbols) {
    this(rank, size, window, symbols, 16 * Math.max(window, 64));
  }

  /** The same, keeping the last {@code keep} top-level nodes as builders (tests: any keep). */
  RankCompressor(int rank, int size, int window, SymbolTable symbols, int keep) {
    this.rank = rank;
    this.size = size;
    this.symbols = symbols;
    this.folder = new LoopFolder<>(FoldNode.policy(shapeTable::loop), window);
    this.encoder = new EventEncoder(rank, size, symbols);
    this.outer = new OuterIteration(this);
    this.keep = keep;
    this.me = RankList.of(rank);
  }

  public long events() {
    return events;
  }

  @Override
  public void comm(long id, long[] worldRanks, long[] remote) {
    encoder.comm(id, worldRanks, remote);
  }

  /** Events are copied (see {@link EventEncoder#encode}), so the reader may reuse their arrays. */
  @Override
  public boolean keepsEvents() {
    return false;
  }

  /** The encoder numbers requests with {@code LiveRequests.encode}, which checks them. */
  @Override
  public boolean checksRequests() {
    return true;
  }

  @Override
  public void event(RawEvent e) {
    event(e.op(), e.site(), e.enter(), e.exit(), e.cpu(), e.values(), e.lists());
  }

  @Override
  public void event(Op op, String site, long enter, long exit, long cpu, long[] values,
      long[][] lists) {
    // The steady state of a loop with a periodic collective, on a path of its own, short for the
    // JIT: the event is the call the held outer iteration expects next. Else as below, which
    // decides the same for such an event.
    if (outer.isHolding() && outer.expected() instanceof RsdBuilder r && r.op == op
        && r.site == site && outer.continuesWith(r.shape)) {
      encoder.encode(outer.slot(), r.shape, op, site, enter, exit, cpu, values, lists);
      outer.advance();
      events++;
      return;
    }
    anyEvent(op, site, enter, exit, cpu, values, lists);
  }

  private void anyEvent(Op op, String site, long enter, long exit, long cpu, long[] values,
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
      encoder.encode(outer.slot(), shape, op, site, enter, exit, cpu, values, lists);
      outer.advance();
    } else {
      HeldEvent h = heldSlot(shape);
      encoder.encode(h == null ? pushed : h, shape, op, site, enter, exit, cpu, values,
          lists);
      if (h == null) {
        folder.push(pushed.node());
      } else {
        heldAdvance();
      }
    }
    events++;
    if (folder.size() - folder.released() > 2 * keep) {
      folder.release(folder.size() - keep, n -> frozen.add(NodeBuilder.freeze(n, me, parts)));
    }
  }

  /**
   * The slot of the held iteration that an event of this shape continues, or null: then the held
   * events go to the folder first.
   */
  private HeldEvent heldSlot(int shape) {
    FoldLoop loop = heldCount > 0 || folder.trackingLastFresh() ? (FoldLoop) folder.last() : null;
    if (loop == null || loop.body().get(heldCount).shape != shape) {
      releaseHeld();
      return null;
    }
    if (heldCount == held.length) {
      held = java.util.Arrays.copyOf(held, heldCount + 1);
      held[heldCount] = new HeldEvent();
    }
    return held[heldCount];
  }

  /** Counts the event just held; once the iteration is whole, absorbs it as the folder would. */
  private void heldAdvance() {
    FoldLoop loop = (FoldLoop) folder.last();
    if (++heldCount == loop.body().size()) {
      loop.startIteration(); // as FoldLoop.absorb
      for (int i = 0; i < heldCount; i++) {
        HeldEvent x = held[i];
        ((RsdBuilder) loop.body().get(i)).add(x.abs, x.rel, x.after, x.compute, x.cpu,
            x.duration);
      }
      heldCount = 0;
    }
  }

  /** Places an event already encoded (one of the outer iteration's) as if it had just come. */
  void place(HeldEvent x) {
    HeldEvent h = heldSlot(x.shape);
    if (h == null) {
      folder.push(x.node());
    } else {
      x.moveTo(h);
      heldAdvance();
    }
  }

  /** Gives the held events to the folder, in order, as nodes that keep their arrays. */
  private void releaseHeld() {
    for (int i = 0; i < heldCount; i++) {
      folder.push(held[i].node());
    }
    heldCount = 0;
  }

  /** The shape id of an RSD of this call at this site. */
  private int shape(Op op, String site) {
    int[] byOp = shapes.computeIfAbsent(site, k -> new int[Op.values().length]);
    if (byOp[op.ordinal()] == 0) {
      byOp[op.ordinal()] = shapeTable.rsd(op, site);
    }
    return byOp[op.ordinal()];
  }

  /** The rank's compressed trace, with rank list {rank} everywhere. */
  public CompressedTrace finish() {
    if (outer.isHolding()) {
      outer.release();
    }
    releaseHeld();
    folder.finish();
    // Each node's builders are let go as soon as it is frozen: they and the frozen trace are
    // each about as large, and need not be held at once.
    List<FoldNode> built = folder.drain();
    List<Node> nodes = frozen;
    for (int i = 0; i < built.size(); i++) {
      nodes.add(NodeBuilder.freeze(built.get(i), me, parts));
      built.set(i, null);
    }
    return new CompressedTrace(size, encoder.comms(), nodes, symbols);
  }
}
