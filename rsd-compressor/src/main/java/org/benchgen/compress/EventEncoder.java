package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.benchgen.ir.CommDef;
import org.benchgen.rawtrace.LiveRequests;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.PerThread;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;

/**
 * Turns one rank's events into what its RSDs store: requests by age, lists interned, peers both
 * absolute and relative to the rank in their communicator, and the compute time since the previous
 * call of the same thread with that call's site. Reuses the arrays of a {@link HeldEvent} where it can, since it runs
 * once per event.
 */
final class EventEncoder {
  private final int rank;
  private final int size;
  private final SymbolTable symbols;
  /** Per communicator: this rank's rank in it and how many ranks its peers are among. */
  private final Map<Long, int[]> members = new HashMap<>();
  private final List<CommDef> comms = new ArrayList<>();
  private final LiveRequests requests = new LiveRequests();
  /** Per thread: the site of its previous call and when that call exited. */
  private final PerThread<Previous> previous = new PerThread<>(Previous::new);

  /** A thread's previous call, whose site names the path of the compute interval after it. */
  private static final class Previous {
    private String site;
    private long exit;
  }

  EventEncoder(int rank, int size, SymbolTable symbols) {
    this.rank = rank;
    this.size = size;
    this.symbols = symbols;
  }

  /**
   * A communicator defined by the stream: its world ranks in communicator order, and an
   * intercommunicator's remote group (else empty), whose size relative peers count in.
   */
  void comm(long id, long[] worldRanks, long[] remote) {
    List<Integer> list = ints(worldRanks);
    List<Integer> others = ints(remote);
    int me = list.indexOf(rank);
    members.put(id, new int[] {me, remote.length > 0 ? remote.length : worldRanks.length});
    relComm = -1; // a redefined id must not keep its old index and size
    comms.add(remote.length > 0 ? CommDef.inter(id, list, others) : new CommDef(id, list));
  }

  private static List<Integer> ints(long[] xs) {
    List<Integer> out = new ArrayList<>(xs.length);
    for (long x : xs) {
      out.add((int) x);
    }
    return out;
  }

  /** The communicators the stream defined, in order. */
  List<CommDef> comms() {
    return comms;
  }

  /** The slots of a call's list fields and of its peers, looked up once per call, not per event. */
  private record Slots(int[] lists, int[] peers) {
    static Slots of(Op op) {
      List<Field> fields = op.fields();
      return new Slots(
          IntStream.range(0, fields.size()).filter(i -> fields.get(i).kind().isList()).toArray(),
          IntStream.range(0, fields.size()).filter(i -> fields.get(i).isPeer()).toArray());
    }
  }

  private static final Slots[] SLOTS = Arrays.stream(Op.values()).map(Slots::of)
      .toArray(Slots[]::new);

  /** Encodes an event into {@code x}, in its arrays when it has them. */
  void encode(HeldEvent x, int shape, Op op, String site, long enter, long exit, long cpu,
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
    Previous prev = previous.of(op, values);
    x.after = prev.site;
    x.compute = prev.site == null ? 0 : enter - prev.exit;
    x.cpu = cpu;
    x.duration = exit - enter;
    x.absBuffer = abs;
    x.relBuffer = rel != abs ? rel : x.relBuffer;
    prev.site = site;
    prev.exit = exit;
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
        rel[i] = relative(abs[i], abs[op.slot(Field.COMM)]);
      }
    }
    return rel;
  }

  /** A copy of {@code values}: in {@code buffer} when it fits, else new. */
  private static long[] copy(long[] values, long[] buffer) {
    if (buffer == null || buffer.length != values.length) {
      return values.clone();
    }
    System.arraycopy(values, 0, buffer, 0, values.length);
    return buffer;
  }

  private final long[][] lastList = new long[8][];
  private final long[] lastListId = new long[8];

  /** Interns a list, remembering the last one per slot: in a loop it is usually the same. */
  private long internList(int slot, long[] list) {
    if (slot < lastList.length && Arrays.equals(lastList[slot], list)) {
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
  private long relComm = -1;
  private int relMe;
  private int relSize;

  /** {@code peer - me} modulo the communicator size, in (-size/2, size/2]. */
  private long relative(long peer, long comm) {
    if (comm != relComm) {
      if (comm == 0) {
        relMe = rank;
        relSize = size;
      } else {
        int[] m = members.get(comm);
        if (m == null) {
          throw new TraceProblem("communicator " + comm + " is not defined");
        }
        relMe = m[0];
        relSize = m[1];
      }
      relComm = comm;
    }
    int me = relMe;
    int n = relSize;
    long d = Math.floorMod(peer - me, n);
    return d > n / 2 ? d - n : d;
  }

}
