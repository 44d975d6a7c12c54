package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * A loop that serves partners in the order their messages arrived: a master's loop whose first
 * call receives from {@code MPI_ANY_SOURCE} and answers the rank it heard from (the task farm of
 * synth's master-worker). The arrival order is the run's, not the program's, and differs between
 * runs; what the program decides is each partner's own sequence (a task, another, ..., stop). So
 * the loop is read per partner: its partners must be a run of ranks with one step, and every
 * partner's sequence of every other value the same. At the target the partners are served in
 * turn, each its sequence: another order the program could have run in, with every rank's calls
 * and bytes, and the message matrix, as it would have made them.
 */
final class PartnerLoop {
  /** A marker for a value that is the partner itself (the reply's dest). */
  static final long PARTNER = Long.MIN_VALUE + 1000;

  /**
   * The loop read per partner on one rank: the partners ({@code first + k*step}, {@code count} of
   * them), and for each call and field of the body, each partner's sequence (the same for all;
   * {@link #PARTNER} where the value is the partner).
   */
  record Reading(long first, long step, long count, int length, List<long[][]> fields) {}

  private PartnerLoop() {}

  /** Whether {@code l} is read per partner: its first call has recorded wildcard sources. */
  static boolean applies(Loop l) {
    if (l.body().isEmpty() || !l.body().stream().allMatch(n -> n instanceof Rsd)) {
      return false;
    }
    Rsd first = (Rsd) l.body().get(0);
    return first.op().fields().contains(Field.ASRC) && !first.param(Field.ASRC).isAbsent()
        && first.param(Field.SRC).leaves().anyMatch(v -> v == Sym.ANY_SOURCE.code());
  }

  /** The loop on {@code rank} of a world of {@code size}, entered {@code entries} times. */
  static Optional<Reading> read(Loop l, int rank, int size, long entries, StringBuilder why) {
    long trips = Executions.sumOfFirst(l.trips().entryFor(rank).orElseThrow().values().seq(),
        entries);
    if (trips > 1_000_000 || trips < 2) {
      why.append(trips + " iterations (2 to 10^6 are read per partner)");
      return Optional.empty();
    }
    int n = (int) trips;
    Rsd first = (Rsd) l.body().get(0);
    long[] partner = values(first, Field.ASRC, rank, size, n);
    Map<Long, Integer> seen = new LinkedHashMap<>();
    int[] k = new int[n];
    for (int e = 0; e < n; e++) {
      k[e] = seen.merge(partner[e], 1, Integer::sum) - 1;
    }
    long[] ps = seen.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
    int length = seen.values().iterator().next();
    if (seen.values().stream().anyMatch(c -> c != length)) {
      why.append("partners heard from different numbers of times (" + seen + ")");
      return Optional.empty();
    }
    long step = ps.length > 1 ? ps[1] - ps[0] : 1;
    for (int i = 1; i < ps.length; i++) {
      if (ps[i] - ps[i - 1] != step) {
        why.append("partners " + Arrays.toString(ps) + " are no run of ranks with one step");
        return Optional.empty();
      }
    }
    List<long[][]> fields = new ArrayList<>();
    for (Node node : l.body()) {
      Rsd r = (Rsd) node;
      long[][] per = new long[r.op().fields().size()][];
      for (int f = 0; f < per.length; f++) {
        Field field = r.op().fields().get(f);
        if (r.params().get(f).entryFor(rank).isEmpty()) {
          continue; // absent on this rank
        }
        long[] v = values(r, field, rank, size, n);
        long[] sub = new long[length];
        boolean[] set = new boolean[length];
        for (int e = 0; e < n; e++) {
          long x = field.isPeer() && v[e] == partner[e] ? PARTNER : v[e];
          if (set[k[e]] && sub[k[e]] != x) {
            why.append(r.op().mpiName() + " at " + r.site() + " " + field.key() + ": the "
                + (k[e] + 1) + "th value differs between partners");
            return Optional.empty();
          }
          sub[k[e]] = x;
          set[k[e]] = true;
        }
        per[f] = sub;
      }
      fields.add(per);
    }
    return Optional.of(new Reading(ps[0], step, ps.length, length, fields));
  }

  /** The first {@code n} values of a call's field on {@code rank}, peers made absolute. */
  private static long[] values(Rsd r, Field f, int rank, int size, int n) {
    ParamEntry e = r.param(f).entryFor(rank).orElseThrow();
    EntryValues ev = e.values();
    PrimitiveIterator.OfLong it = ev.seq().iterator();
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      long v = it.nextLong();
      out[i] = ev instanceof EntryValues.Relative && !Sym.isSymbol(v)
          ? Math.floorMod(rank + v, (long) size) : v;
    }
    return out;
  }

  /** Partner {@code j}'s sequence served in turn: the sequence's run k repeated for each. */
  static ValueSeq inTurns(long[] sub, long partners) {
    List<VNode> out = new ArrayList<>();
    int i = 0;
    while (i < sub.length) {
      int j = i;
      while (j < sub.length && sub[j] == sub[i]) {
        j++;
      }
      long times = (j - i) * partners;
      out.add(times == 1 ? new VNode.Leaf(sub[i])
          : VNode.Rep.of(List.of(new VNode.Leaf(sub[i])), times));
      i = j;
    }
    return new ValueSeq(out);
  }

  /** The partners in turn, {@code rounds} times. */
  static ValueSeq partners(long first, long step, long count, long rounds) {
    List<VNode> ps = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      ps.add(new VNode.Leaf(first + i * step));
    }
    return new ValueSeq(rounds == 1 ? ps : List.of(VNode.Rep.of(ps, rounds)));
  }
}
