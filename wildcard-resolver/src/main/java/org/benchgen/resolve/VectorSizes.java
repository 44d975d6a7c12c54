package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.Arrays;
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
import org.benchgen.traverse.Step;

/**
 * The sizes of a vector collective's blocks, checked pair by pair as MPI requires (part of
 * {@link SizeChecks}): what member i sends to member j (its counts[j] x its type size, or its one
 * block) is what j receives from i (its rcounts[i] x its receive type size). An MPI_Alltoallv
 * whose counts disagree with a peer's rcounts makes a benchmark that aborts with
 * MPI_ERR_TRUNCATE. On an intercommunicator the pairs are across the two groups, each indexing
 * the other's ranks. MPI_Reduce_scatter's rcounts must be the same list on every member: each
 * sends rcounts[j] to member j, which reduces blocks of its own rcounts[j]. Neighbourhood
 * collectives are not checked here.
 */
final class VectorSizes {
  /**
   * A member's bytes to and from each member (of the other group on an intercommunicator), by
   * rank in the communicator; empty: not read. Its group: -1 on an intracommunicator.
   */
  private record Member(int rank, int inComm, int group, Step step, long[] to, long[] from) {}

  private final Map<Long, List<Member>> arriving = new HashMap<>();

  /** Whether this class checks collective {@code op}. */
  static boolean checks(Op op) {
    return op.isCollective() && op.isVector() && !op.isNeighbourhood();
  }

  void arrive(int r, Step s, RawEvent e, long comm, int inComm, int size, int group) {
    Op op = e.op();
    boolean inter = group >= 0;
    if (op.isReducing() && inter) {
      return; // an intercommunicator's MPI_Reduce_scatter: SizeChecks compares the totals
    }
    Optional<CollectiveRole> role = CollectiveRole.of(e, inComm, inter);
    if (role.isEmpty()) {
      return;
    }
    // A rooted call's leaf sends to (or receives from) the root alone.
    int root = role.get() == CollectiveRole.LEAF ? (int) e.get(Field.ROOT) : -1;
    long[] to = CollectiveSide.sent(op).filter(x -> role.get().sends(op, inter))
        .map(x -> blocks(e, x, size, root)).orElse(new long[0]);
    long[] from;
    if (op.isReducing()) {
      // Member i's block from every member is its own rcounts[i].
      from = new long[to.length == size ? size : 0];
      Arrays.fill(from, from.length == 0 ? -1 : to[inComm]);
    } else {
      from = CollectiveSide.received(op).filter(x -> role.get().receives(op, inter))
          .map(x -> blocks(e, x, size, root)).orElse(new long[0]);
    }
    arriving.computeIfAbsent(comm, k -> new ArrayList<>()).add(new Member(r, inComm, group, s,
        to, from));
  }

  /** Every member has arrived: each pair's blocks must agree. */
  Optional<Finding> complete(long comm) {
    List<Member> members = arriving.remove(comm);
    if (members == null) {
      return Optional.empty();
    }
    for (Member i : members) {
      for (Member j : members) {
        if (i.to().length == 0 || j.from().length == 0 || i.group() >= 0
            && i.group() == j.group()) {
          continue;
        }
        long sent = i.to()[j.inComm()];
        long got = j.from()[i.inComm()];
        if (sent >= 0 && got >= 0 && sent != got) {
          return Optional.of(new Finding(Problem.MISMATCHED_SIZES, "rank " + i.rank() + "'s "
              + i.step().describe() + " sends " + sent + " bytes to rank " + j.rank()
              + ", whose " + j.step().describe() + " receives " + got + " bytes from it: MPI"
              + " requires each pair's count x type size to agree, and the benchmark would"
              + " abort with MPI_ERR_TRUNCATE"));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The bytes of a side to (or from) each of {@code size} members: a list's entries, or one block
   * for every member (for {@code only} alone where it is a rank: a rooted call's one peer); -1
   * where unknown.
   */
  static long[] blocks(RawEvent e, CollectiveSide side, int size, int only) {
    long[] out = new long[size];
    long unit = side.size().map(f -> SizeChecks.value(e, f)).orElse(1L);
    if (side.perPeer()) {
      long[] counts = e.isPresent(side.count()) ? e.list(side.count()) : new long[0];
      for (int k = 0; k < size; k++) {
        out[k] = k < counts.length && unit >= 0 && !Sym.isSymbol(counts[k])
            ? Math.multiplyExact(counts[k], unit) : -1;
      }
      return counts.length == size ? out : new long[0];
    }
    long n = SizeChecks.value(e, side.count());
    long b = n < 0 || unit < 0 ? -1 : Math.multiplyExact(n, unit);
    for (int k = 0; k < size; k++) {
      out[k] = only < 0 || k == only ? b : 0;
    }
    return out;
  }
}
