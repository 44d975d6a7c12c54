package org.benchgen.otf2;

import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
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

  /** {@code {sent, received}} of collective {@code e} on the rank {@code me} of {@code n}. */
  static long[] of(RawEvent e, int me, int n) {
    boolean root = e.get(Field.ROOT) == me;
    long sb = size(e, Field.COUNT, Field.TSIZE);
    long rb = size(e, Field.RCOUNT, Field.RTSIZE);
    long ts = num(e.get(Field.TSIZE));
    long rts = num(e.get(Field.RTSIZE));
    return switch (e.op().blockingForm()) {
      case BARRIER -> pair(0, 0);
      case BCAST -> root ? pair(x(n, sb), sb) : pair(0, sb);
      case REDUCE -> root ? pair(sb, x(n, sb)) : pair(sb, 0);
      case ALLREDUCE, REDUCE_SCATTER_BLOCK -> pair(x(n, sb), x(n, sb));
      case SCAN -> pair(x(n - me, sb), x(me + 1L, sb));
      case EXSCAN -> pair(x(n - me - 1L, sb), x(me, sb));
      case REDUCE_SCATTER -> pair(x(sum(e.list(Field.RCOUNTS)), ts),
          x(x(n, at(e.list(Field.RCOUNTS), me)), ts));
      case GATHER -> root ? pair(sb, x(n, rb)) : pair(sb, 0);
      case GATHERV -> root ? pair(sb, x(sum(e.list(Field.RCOUNTS)), rts)) : pair(sb, 0);
      case SCATTER -> root ? pair(x(n, sb), rb) : pair(0, rb);
      case SCATTERV -> root ? pair(x(sum(e.list(Field.COUNTS)), ts), rb) : pair(0, rb);
      case ALLGATHER, ALLTOALL -> pair(x(n, sb), x(n, rb));
      case ALLGATHERV -> pair(x(n, sb), x(sum(e.list(Field.RCOUNTS)), rts));
      case ALLTOALLV -> pair(x(sum(e.list(Field.COUNTS)), ts),
          x(sum(e.list(Field.RCOUNTS)), rts));
      case ALLTOALLW -> pair(sum(e.list(Field.COUNTS)), sum(e.list(Field.RCOUNTS)));
      default -> throw new IllegalArgumentException(e.op().mpiName() + " is not a collective");
    };
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
    boolean isRoot = root == me;
    boolean exact = true;
    long count;
    long rcount = -1;
    switch (op.blockingForm()) {
      case BARRIER -> {
        return true;
      }
      case BCAST -> count = recv;
      case REDUCE -> count = isRoot && sent == 0 && n > 1 ? recv / (n - 1) : sent;
      case ALLREDUCE, REDUCE_SCATTER_BLOCK -> {
        exact = sent % n == 0;
        count = sent / n;
      }
      case SCAN -> {
        exact = recv % (me + 1) == 0;
        count = recv / (me + 1);
      }
      case EXSCAN -> count = me > 0 ? recv / me : n > 1 ? sent / (n - 1) : 0;
      case REDUCE_SCATTER -> {
        b.list(Field.RCOUNTS, all != null ? shares(all, 1, n) : spread(sent, n, me, recv / n));
        count = -1;
      }
      case GATHER -> {
        count = sent;
        rcount = isRoot ? recv / n : sent;
      }
      case GATHERV -> {
        count = sent;
        if (isRoot) {
          b.list(Field.RCOUNTS, all != null ? shares(all, 0, 1) : spread(recv, n, me, sent));
        }
      }
      case SCATTER -> {
        rcount = recv;
        count = isRoot ? sent / n : recv;
      }
      case SCATTERV -> {
        rcount = recv;
        count = -1;
        if (isRoot) {
          b.list(Field.COUNTS, all != null ? shares(all, 1, 1) : spread(sent, n, me, recv));
        }
      }
      case ALLGATHER, ALLTOALL -> {
        exact = sent % n == 0 && recv % n == 0;
        count = sent / n;
        rcount = recv / n;
      }
      case ALLGATHERV -> {
        exact = sent % n == 0;
        count = sent / n;
        b.list(Field.RCOUNTS, all != null ? shares(all, 0, n) : spread(recv, n, me, count));
      }
      case ALLTOALLV, ALLTOALLW -> {
        long[][] rowAndColumn = all == null ? null : northwest(all, me);
        b.list(Field.COUNTS, rowAndColumn != null ? rowAndColumn[0] : spread(sent, n, -1, 0));
        b.list(Field.RCOUNTS, rowAndColumn != null ? rowAndColumn[1] : spread(recv, n, -1, 0));
        count = -1;
      }
      default -> throw new IllegalArgumentException(op.mpiName() + " is not a collective");
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

  private static long size(RawEvent e, Field count, Field tsize) {
    return num(e.get(count)) * num(e.get(tsize));
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
