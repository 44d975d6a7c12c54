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

  @Override
  public void event(RawEvent e) {
    Op op = e.op();
    int n = op.fields().size();
    long[] abs = e.values().clone();
    long[][] lists = op.has(Field.REQS) || op.has(Field.DONE) ? e.lists().clone() : e.lists();
    requests.encode(op, abs, lists);
    for (int i = 0; i < n; i++) {
      Field f = op.fields().get(i);
      if (f.kind().isList()) {
        abs[i] = e.isPresent(f) ? internList(i, lists[i]) : Sym.ABSENT.code();
      }
    }
    long[] rel = abs;
    for (int i = 0; i < n; i++) {
      Field f = op.fields().get(i);
      if (f.isPeer() && !Sym.isSymbol(abs[i])) {
        rel = rel == abs ? abs.clone() : rel;
        rel[i] = relative(abs[i], (int) abs[op.slot(Field.COMM)]);
      }
    }
    long compute = prevSite == null ? 0 : e.enter() - prevExit;
    int[] byOp = shapes.computeIfAbsent(e.site(), k -> new int[Op.values().length]);
    if (byOp[op.ordinal()] == 0) {
      byOp[op.ordinal()] = ShapeTable.rsd(op, e.site());
    }
    folder.push(new RsdBuilder(byOp[op.ordinal()], op, e.site(), abs, rel, prevSite, compute,
        e.exit() - e.enter()));
    prevSite = e.site();
    prevExit = e.exit();
    events++;
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
    folder.finish();
    RankList me = RankList.of(rank);
    List<Node> nodes = new ArrayList<>(folder.size());
    for (FoldNode b : folder.nodes()) {
      nodes.add(NodeBuilder.freeze(b, me));
    }
    return new CompressedTrace(size, comms, nodes);
  }
}
