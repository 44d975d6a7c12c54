package org.benchgen.codegen.goal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntToLongFunction;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * MPI collectives as point-to-point operations of one member, by fixed algorithms (as LogGOPSim's
 * Schedgen does; docs/simulation.md): barrier and communicator creation by dissemination (1-byte
 * messages in ceil(log2 n) rounds), bcast by a binomial tree, reduce by the reverse binomial tree,
 * allreduce as reduce to the first member then bcast from it, gather and scatter linear at the
 * root, allgather by a ring, alltoall pairwise, reduce-scatter as reduce then scatter, scan and
 * exscan by a chain. Every member computes the same rounds, so the messages match; each round has
 * its own tag ({@link #tags}).
 */
final class Collectives {
  private final RankSchedule s;
  private final int[] members;
  private final int me;
  private final int n;
  private final long firstTag;

  /**
   * The operations of member {@code me} of the communicator whose world ranks are {@code
   * members}, on {@code s}, with tags from {@code firstTag} on.
   */
  Collectives(RankSchedule s, int[] members, int me, long firstTag) {
    this.s = s;
    this.members = members;
    this.me = me;
    this.n = members.length;
    this.firstTag = firstTag;
  }

  /** How many tags a collective on {@code n} members takes (its rounds, at most n + 2). */
  static int tags(int n) {
    return n + 2;
  }

  /**
   * The operations of collective call {@code e} (or a barrier, for other kinds); their labels. The
   * algorithm follows from the collective's shape (the vocabulary's BG_SHAPE), its blocks from its
   * sides ({@link CollectiveSide}): no collective is named here.
   */
  List<Integer> expand(RawEvent e) {
    Op op = e.op();
    if (n == 1) {
      return List.of();
    }
    long size = has(e, Field.COUNT) ? e.get(Field.COUNT) * e.get(Field.TSIZE) : 0;
    long rsize = has(e, Field.RCOUNT) ? e.get(Field.RCOUNT) * e.get(Field.RTSIZE) : 0;
    int root = has(e, Field.ROOT) ? (int) e.get(Field.ROOT) : 0;
    IntToLongFunction sent = blocks(e, CollectiveSide.sent(op), size);
    IntToLongFunction received = blocks(e, CollectiveSide.received(op),
        op.has(Field.RCOUNT) ? rsize : size);
    if (op.isNeighbourhood()) {
      return dissemination();
    }
    if (op.isPrefix()) {
      return chain(size);
    }
    if (op.isRooted()) {
      return op.isReducing() ? reduce(root, size)
          : op.gathers() ? gather(root, size, received)
          : op.scatters() ? scatter(root, rsize, sent)
          : bcast(root, size, List.of());
    }
    if (op.isReducing()) {
      if (op.scatters()) {
        return reduceScatter(received);
      }
      List<Integer> up = reduce(0, size);
      List<Integer> all = new ArrayList<>(up);
      all.addAll(bcast(0, size, up));
      return all;
    }
    if (op.scatters()) {
      return pairwise(sent, received);
    }
    if (op.gathers()) {
      // Its own block as sent where every block has one count.
      return ring(op.isVector() ? received : j -> j == me ? size : rsize);
    }
    return dissemination();
  }

  /**
   * The bytes of side {@code side}'s block for member j: its item of the side's counts times its
   * datatype's size (counts in bytes where it has none), or {@code one} where the side has one
   * count for every member.
   */
  private static IntToLongFunction blocks(RawEvent e, Optional<CollectiveSide> side, long one) {
    return side.filter(CollectiveSide::perPeer).<IntToLongFunction>map(s -> j -> e.list(
        s.count())[j] * s.size().map(e::get).orElse(1L)).orElse(j -> one);
  }

  private static boolean has(RawEvent e, Field f) {
    return e.op().has(f) && e.isPresent(f);
  }

  private int world(int member) {
    return members[Math.floorMod(member, n)];
  }

  /** Dissemination: in round k, send to me + 2^k and receive from me - 2^k. */
  private List<Integer> dissemination() {
    List<Integer> all = new ArrayList<>();
    List<Integer> prev = List.of();
    int round = 0;
    for (int k = 1; k < n; k <<= 1, round++) {
      int sent = s.send(1, world(me + k), firstTag + round, prev);
      int got = s.recv(1, world(me - k), firstTag + round, prev);
      prev = List.of(sent, got);
      all.addAll(prev);
    }
    return all;
  }

  /** Binomial tree from {@code root}: receive from the parent, then send to each child. */
  private List<Integer> bcast(int root, long size, List<Integer> after) {
    List<Integer> all = new ArrayList<>();
    int vr = Math.floorMod(me - root, n);
    List<Integer> got = after;
    int mask = 1;
    while (mask < n) {
      if ((vr & mask) != 0) {
        got = List.of(s.recv(size, world(vr - mask + root), firstTag + 1, after));
        all.addAll(got);
        break;
      }
      mask <<= 1;
    }
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (vr + mask < n) {
        all.add(s.send(size, world(vr + mask + root), firstTag + 1, got));
      }
    }
    return all;
  }

  /** Reverse binomial tree to {@code root}: receive from each child, then send to the parent. */
  private List<Integer> reduce(int root, long size) {
    List<Integer> got = new ArrayList<>();
    int vr = Math.floorMod(me - root, n);
    for (int mask = 1; mask < n; mask <<= 1) {
      if ((vr & mask) == 0) {
        if ((vr | mask) < n) {
          got.add(s.recv(size, world((vr | mask) + root), firstTag, List.of()));
        }
      } else {
        List<Integer> all = new ArrayList<>(got);
        all.add(s.send(size, world((vr & ~mask) + root), firstTag, got));
        return all;
      }
    }
    return got;
  }

  /** A chain: receive from the previous member, send to the next. */
  private List<Integer> chain(long size) {
    List<Integer> all = new ArrayList<>();
    if (me > 0) {
      all.add(s.recv(size, world(me - 1), firstTag, List.of()));
    }
    if (me < n - 1) {
      all.add(s.send(size, world(me + 1), firstTag, List.copyOf(all)));
    }
    return all;
  }

  /** The root receives {@code size.applyAsLong(j)} from each member j; the others send theirs. */
  private List<Integer> gather(int root, long mine, IntToLongFunction size) {
    return linear(root, mine, size, true);
  }

  /** The root sends {@code size.applyAsLong(j)} to each member j; the others receive theirs. */
  private List<Integer> scatter(int root, long mine, IntToLongFunction size) {
    return linear(root, mine, size, false);
  }

  /** Between the root and each other member, one message: to the root, or from it. */
  private List<Integer> linear(int root, long mine, IntToLongFunction size, boolean toRoot) {
    List<Integer> all = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      if (me == root ? j == root : j != root) {
        continue;
      }
      long bytes = me == root ? size.applyAsLong(j) : mine;
      boolean sending = toRoot != (me == root);
      all.add(sending ? s.send(bytes, world(j), firstTag, List.of())
          : s.recv(bytes, world(j), firstTag, List.of()));
    }
    return all;
  }

  /** A ring: in step k, pass member (me - k)'s block right and receive (me - k - 1)'s. */
  private List<Integer> ring(IntToLongFunction block) {
    List<Integer> all = new ArrayList<>();
    List<Integer> prev = List.of();
    for (int k = 0; k < n - 1; k++) {
      int sent = s.send(block.applyAsLong(Math.floorMod(me - k, n)), world(me + 1),
          firstTag + k, prev);
      int got = s.recv(block.applyAsLong(Math.floorMod(me - k - 1, n)), world(me - 1),
          firstTag + k, prev);
      all.add(sent);
      all.add(got);
      prev = List.of(got);
    }
    return all;
  }

  /** Pairwise exchange: in step k, send to me + k and receive from me - k, all at once. */
  private List<Integer> pairwise(IntToLongFunction sendTo, IntToLongFunction recvFrom) {
    List<Integer> all = new ArrayList<>();
    for (int k = 1; k < n; k++) {
      int to = Math.floorMod(me + k, n);
      int from = Math.floorMod(me - k, n);
      all.add(s.send(sendTo.applyAsLong(to), members[to], firstTag + k, List.of()));
      all.add(s.recv(recvFrom.applyAsLong(from), members[from], firstTag + k, List.of()));
    }
    return all;
  }

  /** Reduce of every member's blocks to the first member, which scatters them. */
  private List<Integer> reduceScatter(IntToLongFunction block) {
    long total = 0;
    for (int j = 0; j < n; j++) {
      total += block.applyAsLong(j);
    }
    List<Integer> all = new ArrayList<>(reduce(0, total));
    List<Integer> after = List.copyOf(all);
    if (me == 0) {
      for (int j = 1; j < n; j++) {
        all.add(s.send(block.applyAsLong(j), members[j], firstTag + 2, after));
      }
    } else {
      all.add(s.recv(block.applyAsLong(me), members[0], firstTag + 2, after));
    }
    return all;
  }
}
