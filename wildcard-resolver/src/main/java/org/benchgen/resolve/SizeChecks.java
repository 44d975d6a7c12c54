package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;

/**
 * What MPI requires of the sizes of calls that meet, checked as the simulation matches them
 * (docs/resolve.md, "Sizes"): a message fits the receive that takes it, and the members of a
 * collective give blocks of one size. A trace that breaks either makes a benchmark that aborts
 * with MPI_ERR_TRUNCATE (two ranks' Sendrecv with their sizes swapped; an Alltoall whose count is
 * 1,2 against an rcount of 256), so it is refused naming both calls. Sizes are compared in bytes,
 * count x datatype size, as MPI's type signatures of predefined types are.
 */
final class SizeChecks {
  /** The first mismatch found: at run time the benchmark aborts at the first. */
  private Optional<Finding> first = Optional.empty();

  /** Collectives whose members are arriving, by communicator: each member's block sizes. */
  private final Map<Long, List<Member>> arriving = new HashMap<>();

  private final Communicators comms;

  /** The members of vector collectives that are arriving. */
  private final VectorSizes vectors = new VectorSizes();

  /** Topologies, and the members of neighbourhood collectives that are arriving. */
  private final NeighbourSizes neighbours = new NeighbourSizes();

  /**
   * Nonblocking and persistent collectives, which the simulation does not make its members wait
   * at: a member's n-th on a communicator meets the others' n-th (MPI has every member make
   * them in one order). Each meeting is checked under a key of its own, negative so that it is
   * no communicator's: by (communicator, n), the meeting's key; by (communicator, rank), how many
   * that rank made; by key, how many members came.
   */
  private final Map<List<Long>, Long> meetings = new HashMap<>();
  private final Map<List<Long>, Long> made = new HashMap<>();
  private final Map<Long, Integer> came = new HashMap<>();
  private long nextKey = -1;

  /**
   * A member's significant block sizes at a collective, -1 where MPI ignores the side; its group
   * on an intercommunicator (-1 on an intracommunicator).
   */
  private record Member(int rank, Step step, long sent, long received, int group) {}

  SizeChecks(Communicators comms) {
    this.comms = comms;
  }

  Optional<Finding> problem() {
    return first;
  }

  /** The bytes a send's message holds: count x tsize. */
  static long sent(RawEvent e) {
    return bytes(e, Field.COUNT, Field.TSIZE);
  }

  /** The bytes a receive (or a Sendrecv's receive) may take: its buffer. */
  static long capacity(RawEvent e) {
    return e.op().has(Field.RCOUNT) ? bytes(e, Field.RCOUNT, Field.RTSIZE)
        : bytes(e, Field.COUNT, Field.TSIZE);
  }

  /** A message matched to a receive: the receive's buffer must hold it. */
  void matched(Message m, PostedReceive x) {
    if (first.isPresent() || m.bytes < 0 || x.capacity < 0 || m.bytes <= x.capacity) {
      return;
    }
    first = Optional.of(new Finding(Problem.TRUNCATED_MESSAGE, "rank " + m.from + "'s "
        + m.step.describe() + " sends " + m.bytes + " bytes to rank " + x.owner + ", whose "
        + x.step.describe() + " that receives it has a buffer of " + x.capacity + " bytes: the"
        + " benchmark would abort with MPI_ERR_TRUNCATE"));
  }

  /**
   * Rank {@code r} arrives at collective {@code e} (a blocking one, or the creation of a
   * communicator) on communicator {@code comm}. Vector ones are checked pair by pair
   * ({@link VectorSizes}), neighbourhood ones neighbour by neighbour ({@link NeighbourSizes});
   * nonblocking and persistent ones through {@link #made}; an intercommunicator's
   * MPI_Reduce_scatter and MPI_Reduce_scatter_block by the length of the vector each group
   * reduces.
   */
  void arrive(int r, Step s, RawEvent e, long comm) {
    arrive(r, s, e, comm, comm);
  }

  /** As {@link #arrive(int, Step, RawEvent, long)}, its members meeting under {@code key}. */
  private void arrive(int r, Step s, RawEvent e, long comm, long key) {
    Op op = e.op();
    if (first.isPresent()) {
      return;
    }
    long rankInComm = comms.rankIn(comm, r);
    int size = comms.peerSize(comm, r);
    int group = comms.isInter(comm) ? comms.groupOf(comm, r) : -1;
    if (NeighbourSizes.makesTopology(op)) {
      long made = e.get(Field.NEWCOMM);
      if (!Sym.isSymbol(made) && comms.isDefined(made)) {
        neighbours.made(e, comm, made, comms.rankIn(made, r));
      }
      return;
    }
    if (op.isCollective() && op.isNeighbourhood()) {
      neighbours.arrive(r, s, e, comm, key, (int) rankInComm);
      return;
    }
    if (group >= 0 && op.isReducing() && op.scatters()) {
      // MPI: each group reduces vectors of one length, the same in both groups: n x recvcount
      // (its group's n) for the block form, the sum of rcounts for the vector form.
      long total = scatteredTotal(e, comms.size(comm) - size);
      arriving.computeIfAbsent(key, k -> new ArrayList<>())
          .add(new Member(r, s, total, total, group));
      return;
    }
    if (VectorSizes.checks(op)) {
      vectors.arrive(r, s, e, key, (int) rankInComm, size, group);
      return;
    }
    if (!op.isCollective() || op.isVector() || op.isNeighbourhood()) {
      return;
    }
    Optional<CollectiveRole> role = CollectiveRole.of(e, rankInComm, group >= 0);
    if (role.isEmpty()) {
      return;
    }
    long sent = CollectiveSide.sent(op).filter(x -> role.get().sends(op, group >= 0))
        .map(x -> bytes(e, x)).orElse(-1L);
    long received = CollectiveSide.received(op).filter(x -> role.get().receives(op, group >= 0))
        .map(x -> bytes(e, x)).orElse(-1L);
    arriving.computeIfAbsent(key, k -> new ArrayList<>())
        .add(new Member(r, s, sent, received, group));
  }

  /**
   * Rank {@code r} makes nonblocking or persistent collective {@code e} on communicator
   * {@code comm}: checked as {@link #arrive} checks a blocking one, once every member (of both
   * groups of an intercommunicator) made its own of the same place in their order.
   */
  void made(int r, Step s, RawEvent e, long comm) {
    long n = made.merge(List.of(comm, (long) r), 1L, Long::sum) - 1;
    List<Long> meeting = List.of(comm, n);
    long key = meetings.computeIfAbsent(meeting, k -> nextKey--);
    arrive(r, s, e, comm, key);
    if (came.merge(key, 1, Integer::sum) == comms.size(comm)) {
      meetings.remove(meeting);
      came.remove(key);
      complete(key);
    }
  }

  /** Every member of the collective on {@code comm} has arrived: their blocks must agree. */
  void complete(long comm) {
    if (first.isEmpty()) {
      first = vectors.complete(comm);
    }
    if (first.isEmpty()) {
      first = neighbours.complete(comm);
    }
    List<Member> members = arriving.remove(comm);
    if (members == null || first.isPresent()) {
      return;
    }
    if (members.get(0).group() >= 0) {
      first = acrossGroups(members);
      return;
    }
    Member ref = null;
    long size = -1;
    String refSide = "";
    for (Member m : members) {
      for (int side = 0; side < 2; side++) {
        long b = side == 0 ? m.sent() : m.received();
        if (b < 0) {
          continue;
        }
        if (ref == null) {
          ref = m;
          size = b;
          refSide = side == 0 ? "sends" : "receives";
        } else if (b != size) {
          String other = m.rank() == ref.rank() ? "and" : "while rank " + m.rank() + "'s "
              + m.step().describe();
          first = Optional.of(new Finding(Problem.MISMATCHED_SIZES, "rank " + ref.rank() + "'s "
              + ref.step().describe() + " " + refSide + " blocks of " + size + " bytes " + other
              + " " + (side == 0 ? "sends" : "receives") + " blocks of " + b + " bytes: MPI"
              + " requires every member's count x type size to agree, and the benchmark would"
              + " abort with MPI_ERR_TRUNCATE"));
          return;
        }
      }
    }
  }

  /**
   * An intercommunicator's collective: what each member of one group sends is what each member
   * of the other receives (a root's blocks against the other group's, an all-to-all's both ways).
   */
  private static Optional<Finding> acrossGroups(List<Member> members) {
    // Per group, its first receiver and its first receiver of another size: the first receiver
    // a sender disagrees with is one of the two, found without comparing every pair (P^2).
    Member[] first = new Member[2];
    Member[] other = new Member[2];
    for (Member m : members) {
      if (m.received() < 0) {
        continue;
      }
      int g = m.group();
      if (first[g] == null) {
        first[g] = m;
      } else if (other[g] == null && m.received() != first[g].received()) {
        other[g] = m;
      }
    }
    for (Member a : members) {
      int g = 1 - a.group();
      if (a.sent() < 0 || first[g] == null) {
        continue;
      }
      Member b = a.sent() != first[g].received() ? first[g] : other[g];
      if (b != null) {
        return Optional.of(new Finding(Problem.MISMATCHED_SIZES, "rank " + a.rank() + "'s "
            + a.step().describe() + " sends blocks of " + a.sent() + " bytes to the other"
            + " group of its intercommunicator, where rank " + b.rank() + "'s "
            + b.step().describe() + " receives blocks of " + b.received() + " bytes: MPI"
            + " requires them to agree, and the benchmark would abort with MPI_ERR_TRUNCATE"));
      }
    }
    return Optional.empty();
  }


  /**
   * The bytes of the vector a member of an intercommunicator's MPI_Reduce_scatter(_block)
   * reduces, in a group of {@code n}; -1 where unknown.
   */
  private static long scatteredTotal(RawEvent e, int n) {
    long unit = value(e, Field.TSIZE);
    if (unit < 0) {
      return -1;
    }
    if (e.op().isVector()) {
      long sum = 0;
      for (long c : e.list(Field.RCOUNTS)) {
        if (Sym.isSymbol(c)) {
          return -1;
        }
        sum = Math.addExact(sum, c);
      }
      return Math.multiplyExact(sum, unit);
    }
    long c = value(e, Field.COUNT);
    return c < 0 ? -1 : Math.multiplyExact(Math.multiplyExact(c, n), unit);
  }

  private static long bytes(RawEvent e, CollectiveSide side) {
    return side.size().map(f -> bytes(e, side.count(), f)).orElseGet(() -> value(e,
        side.count()));
  }

  /** count x size in bytes, or -1 where either is unknown (absent, a symbol). */
  private static long bytes(RawEvent e, Field count, Field size) {
    if (!e.op().has(count) || !e.op().has(size)) {
      return -1;
    }
    long n = value(e, count);
    long s = value(e, size);
    if (n < 0 || s < 0) {
      return -1;
    }
    // Bounded on reading (TraceLimits.MAX_BYTES): exact.
    return Math.multiplyExact(n, s);
  }

  /** A scalar field's value, or -1 where absent or a symbol. */
  static long value(RawEvent e, Field f) {
    if (!e.isPresent(f)) {
      return -1;
    }
    long v = e.get(f);
    return Sym.isSymbol(v) ? -1 : v;
  }
}
