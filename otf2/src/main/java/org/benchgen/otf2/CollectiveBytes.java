package org.benchgen.otf2;

import java.util.Optional;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * The bytes a collective's OTF2 record states, by Score-P's convention (docs/otf2.md,
 * "Collectives"): every rank's record counts what it sends to and receives from each member, its
 * own share included ({@code MPI_Allreduce} of {@code b} bytes on {@code n} ranks: {@code n*b}
 * sent and received). Both ways: {@link #of} for export, {@link #fill} for import, which is its
 * inverse for the calls benchgen writes (never {@code MPI_IN_PLACE}, which OTF2 does not mark).
 */
final class CollectiveBytes {
  private CollectiveBytes() {}

  /**
   * {@code {sent, received}} of collective {@code e} on the rank {@code me} of {@code n}, by its
   * shape and sides: a prefix with the members before and after it; a one-to-all collective from
   * the root to every member, an all-to-one one the other way; the others with every member.
   */
  static long[] of(RawEvent e, int me, int n) {
    Op op = e.op();
    if (!op.isCollective() || op.isNeighbourhood()) { // OTF2 has no neighbourhood collective
      throw new IllegalArgumentException(op.mpiName() + " is not a collective");
    }
    boolean root = e.get(Field.ROOT) == me;
    Optional<CollectiveSide> s = CollectiveSide.sent(op);
    Optional<CollectiveSide> r = CollectiveSide.received(op);
    if (op.isPrefix()) {
      long b = one(e, s);
      return op.isExclusive() ? pair(x(n - me - 1L, b), x(me, b)) : pair(x(n - me, b),
          x(me + 1L, b));
    }
    if (op.isRooted()) {
      return toRoot(op) ? pair(one(e, s), root ? all(e, r, n) : 0)
          : pair(root ? all(e, s, n) : 0, one(e, r));
    }
    if (op.gathers()) {
      return pair(all(e, s, n), all(e, r, n));
    }
    // A reduction: its own block from every member (Reduce_scatter's: its item of the counts).
    long own = r.filter(CollectiveSide::perPeer).map(x -> x(x(n, at(e.list(x.count()), me)),
        num(e.get(x.size().orElseThrow())))).orElseGet(() -> x(n, one(e, r)));
    return pair(all(e, s, n), own);
  }

  /** Whether rooted collective {@code op} moves its data to the root (MPI's all-to-one). */
  static boolean toRoot(Op op) {
    return op.isReducing() || op.gathers();
  }

  /** The bytes of one block of {@code side} (its count times its datatype's size); 0 for none. */
  private static long one(RawEvent e, Optional<CollectiveSide> side) {
    return side.map(x -> num(e.get(x.count())) * x.size().map(z -> num(e.get(z))).orElse(1L))
        .orElse(0L);
  }

  /** The bytes of all of {@code side}'s blocks: its counts' sum, or {@code n} of its one block. */
  private static long all(RawEvent e, Optional<CollectiveSide> side, int n) {
    if (side.isEmpty() || !side.get().perPeer()) {
      return x(n, one(e, side));
    }
    CollectiveSide x = side.get();
    long sum = sum(e.list(x.count()));
    return x.size().map(z -> x(sum, num(e.get(z)))).orElse(sum);
  }

  /**
   * Sets the sizes of collective {@code b} (an event of {@code op}) from its record's bytes, as
   * {@code MPI_BYTE} counts: the inverse of {@link #of}. A v-collective's other members' shares
   * come from {@code all}, every member's {sent, received} ({@link CollectiveShares}), so that
   * members agree; without it (null) the rule of docs/otf2.md spreads them, keeping this rank's
   * bytes. Returns false when the bytes fit no call without {@code MPI_IN_PLACE} and were
   * rounded.
   */
  static boolean fill(RawEventBuilder b, Op op, long sent, long recv, int me, int n, long root,
      long[][] all) {
    if (!op.isCollective() || op.isNeighbourhood()) {
      throw new IllegalArgumentException(op.mpiName() + " is not a collective");
    }
    if (CollectiveSide.sent(op).isEmpty()) {
      return true; // a barrier: no data
    }
    boolean isRoot = root == me;
    boolean exact = true;
    long count = -1;
    long rcount = -1;
    if (op.isPrefix()) {
      if (op.isExclusive()) {
        count = me > 0 ? recv / me : n > 1 ? sent / (n - 1) : 0;
      } else {
        exact = recv % (me + 1) == 0;
        count = recv / (me + 1);
      }
    } else if (op.isRooted() && !op.gathers() && !op.scatters()) { // one buffer
      count = !op.isReducing() ? recv : isRoot && sent == 0 && n > 1 ? recv / (n - 1) : sent;
    } else if (op.isRooted() && op.gathers()) {
      count = sent;
      if (!op.isVector()) {
        rcount = isRoot ? recv / n : sent;
      } else if (isRoot) {
        b.list(Field.RCOUNTS, all != null ? shares(all, 0, 1) : spread(recv, n, me, sent));
      }
    } else if (op.isRooted()) { // it scatters
      rcount = recv;
      if (!op.isVector()) {
        count = isRoot ? sent / n : recv;
      } else if (isRoot) {
        b.list(Field.COUNTS, all != null ? shares(all, 1, 1) : spread(sent, n, me, recv));
      }
    } else if (op.isReducing() && op.isVector()) { // each member's block
      b.list(Field.RCOUNTS, all != null ? shares(all, 1, n) : spread(sent, n, me, recv / n));
    } else if (op.isReducing()) {
      exact = sent % n == 0;
      count = sent / n;
    } else if (!op.isVector()) { // a block a member each way
      exact = sent % n == 0 && recv % n == 0;
      count = sent / n;
      rcount = recv / n;
    } else if (op.scatters()) { // a matrix of blocks
      long[][] rowAndColumn = all == null ? null : northwest(all, me);
      b.list(Field.COUNTS, rowAndColumn != null ? rowAndColumn[0] : spread(sent, n, -1, 0));
      b.list(Field.RCOUNTS, rowAndColumn != null ? rowAndColumn[1] : spread(recv, n, -1, 0));
    } else { // every member's block, this rank's as sent
      exact = sent % n == 0;
      count = sent / n;
      b.list(Field.RCOUNTS, all != null ? shares(all, 0, n) : spread(recv, n, me, count));
    }
    if (count >= 0) {
      b.set(Field.COUNT, Otf2Bytes.count(count));
    }
    if (rcount >= 0) {
      b.set(Field.RCOUNT, Otf2Bytes.count(rcount));
    }
    return exact;
  }

  /**
   * {@code total} over {@code n} members as evenly as counts go, the member {@code fixed} (when
   * not -1) holding {@code value}: what a v-collective's other shares become.
   */
  static long[] spread(long total, int n, int fixed, long value) {
    long[] out = new long[n];
    long rest = fixed >= 0 ? Math.max(0, total - value) : total;
    int others = fixed >= 0 ? n - 1 : n;
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (i == fixed) {
        out[i] = Otf2Bytes.count(value);
      } else {
        out[i] = Otf2Bytes.count(rest / others + (k++ < rest % others ? 1 : 0));
      }
    }
    return out;
  }

  /** Each member's {@code all[j][which] / div}: its own share of a v-collective. */
  private static long[] shares(long[][] all, int which, long div) {
    long[] out = new long[all.length];
    for (int j = 0; j < all.length; j++) {
      out[j] = Otf2Bytes.count(all[j][which] / div);
    }
    return out;
  }

  /**
   * A matrix of bytes from sender to receiver whose rows add up to what each member sent and
   * columns to what each received (the northwest-corner rule: the same on every rank, since it
   * depends only on the totals), as rank {@code me}'s row (its counts) and column (its rcounts);
   * null when the totals do not balance.
   */
  static long[][] northwest(long[][] all, int me) {
    int n = all.length;
    long sent = 0;
    long received = 0;
    for (long[] m : all) {
      sent += m[0];
      received += m[1];
    }
    if (sent != received) {
      return null;
    }
    long[] row = new long[n];
    long[] column = new long[n];
    int i = 0;
    int j = 0;
    long s = n > 0 ? all[0][0] : 0;
    long r = n > 0 ? all[0][1] : 0;
    while (i < n && j < n) {
      long x = Math.min(s, r);
      if (i == me) {
        row[j] += x;
      }
      if (j == me) {
        column[i] += x;
      }
      s -= x;
      r -= x;
      if (s == 0) {
        i++;
        s = i < n ? all[i][0] : 0;
      } else {
        j++;
        r = j < n ? all[j][1] : 0;
      }
    }
    for (int k = 0; k < n; k++) {
      Otf2Bytes.count(row[k]);
      Otf2Bytes.count(column[k]);
    }
    return new long[][] {row, column};
  }

  private static long num(long v) {
    return Sym.isSymbol(v) ? 0 : v;
  }

  private static long at(long[] xs, int i) {
    return i < xs.length ? xs[i] : 0;
  }

  private static long sum(long[] xs) {
    long s = 0;
    for (long x : xs) {
      s += x;
    }
    return s;
  }

  private static long[] pair(long sent, long received) {
    return new long[] {sent, received};
  }

  /** {@code a * b}, refused rather than wrapped when it overflows. */
  private static long x(long a, long b) {
    return Math.multiplyExact(a, b);
  }
}
