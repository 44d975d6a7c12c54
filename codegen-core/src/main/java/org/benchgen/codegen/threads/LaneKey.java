package org.benchgen.codegen.threads;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * How the threads of a phase are put in lanes on every rank: each thread gets a key from its
 * calls, and a rank's threads take lanes in the order of their keys (ties in the order of their
 * first calls). The tracer numbers threads in the order of their first calls, which the run's
 * timing decides, so the key must name what a thread does, and the same lane of two ranks must be
 * threads that work together: a collective's calls must fall in one lane on every member, and
 * the lanes put one after another must resolve (the thread of rank r that sends to s waits for
 * the thread of s that receives from r). No one key does this for every program: threads that
 * differ only by their peer pair up by the peer's rank on one program (thread i of every rank
 * talks to rank i) and by its offset on another (every rank's thread sends to the next rank), and
 * threads with the same calls, of which only one also makes a collective, differ only after
 * their first calls. So the keys are tried in turn, in {@link #values()} order, and the matching
 * simulation of the serial trace (alignment and wildcard resolution) chooses: the first keying
 * with which every call completes and no collective joins two lanes is taken. Which keying is
 * taken changes no thread's calls, only which function of the benchmark makes them.
 */
enum LaneKey {
  /** Call, communicator and tag of a thread's first 64 calls (the first keying, kept first). */
  FIRST_CALLS(false, Peer.NONE),
  /** Call, communicator and tag of every distinct call of the thread, in first-seen order. */
  CALLS(true, Peer.NONE),
  /** As {@link #CALLS}, with each point-to-point call's peer as its rank in the communicator. */
  PEERS(true, Peer.RANK),
  /** As {@link #CALLS}, with each peer as its offset from the caller in the communicator. */
  PEER_OFFSETS(true, Peer.OFFSET);

  /** How many calls of a thread {@link #FIRST_CALLS} looks at. */
  private static final int FIRST = 64;

  private enum Peer { NONE, RANK, OFFSET }

  private final boolean distinct;
  private final Peer peer;

  LaneKey(boolean distinct, Peer peer) {
    this.distinct = distinct;
    this.peer = peer;
  }

  /**
   * The key of one thread's calls on world rank {@code rank}; {@code members} gives each
   * communicator's members (world ranks, in communicator order) by id, for peer offsets.
   */
  String of(int rank, List<RawEvent> calls, Map<Long, List<Integer>> members) {
    Set<String> entries = new LinkedHashSet<>();
    StringBuilder b = new StringBuilder();
    for (RawEvent e : distinct ? calls : calls.subList(0, Math.min(FIRST, calls.size()))) {
      String entry = entry(rank, e, members);
      if (!distinct) {
        b.append(entry);
      } else {
        entries.add(entry);
      }
    }
    entries.forEach(b::append);
    return b.toString();
  }

  /** One call as fixed-width text, so that keys compare as the sequences of their calls. */
  private String entry(int rank, RawEvent e, Map<Long, List<Integer>> members) {
    long comm = e.isPresent(Field.COMM) ? e.get(Field.COMM) : 0;
    long tag = e.isPresent(Field.TAG) && !Sym.isSymbol(e.get(Field.TAG)) ? e.get(Field.TAG) : 0;
    // A communicator of the caller alone has another id on every rank (MPICH's mult_session: a
    // thread's from mpi://SELF), which would order that thread differently on each: one word.
    String c = List.of(rank).equals(members.get(comm)) ? "~~~~~~~~self" : String.format("%012d",
        comm);
    String s = String.format("%04d:%s:%012d", e.op().ordinal(), c, tag);
    if (peer != Peer.NONE) {
      s += ":" + peerOf(rank, e, comm, members);
    }
    return s + ';';
  }

  /**
   * A call's destination or source (not the actual source of a wildcard receive, which the run's
   * timing decides) as this keying sees it; a symbol (any source, no process) or none as a word
   * that sorts after numbers.
   */
  private String peerOf(int rank, RawEvent e, long comm, Map<Long, List<Integer>> members) {
    Field f = e.op().slot(Field.DEST) >= 0 ? Field.DEST : Field.SRC;
    if (e.op().slot(f) < 0 || !e.isPresent(f)) {
      return "~none";
    }
    long p = e.get(f);
    if (Sym.isSymbol(p)) {
      return "~" + p;
    }
    if (peer == Peer.RANK) {
      return String.format("%012d", p);
    }
    List<Integer> m = members.get(comm);
    int me = m == null ? -1 : m.indexOf(rank);
    if (me < 0) {
      return String.format("r%012d", p);
    }
    return String.format("%012d", Math.floorMod(p - me, m.size()));
  }
}
