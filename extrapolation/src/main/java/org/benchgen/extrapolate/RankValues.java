package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;

/**
 * Values that are a function of the rank itself, which no region's standing rank can speak for:
 * a number {@code a + b*rank} on every rank (a split's key or colour that is the rank), and a
 * communicator of the rank alone ({@code MPI_Comm_split} with the rank as colour: NPB FT's
 * slices at its one-dimensional layouts). Each is found in every trace, its coefficients fitted
 * across the counts, and written out rank by rank at the target.
 */
final class RankValues {
  private RankValues() {}

  /** A number that is {@code a + b*rank} on each rank that has it. */
  record Linear(long a, long b) {}

  /**
   * The param as {@code a + b*rank}, where it takes one value per execution on each rank, and at
   * least two values (a constant is for the regions).
   */
  static Optional<Linear> linear(Param p) {
    long r0 = -1;
    long v0 = 0;
    long b = 0;
    boolean two = false;
    for (ParamEntry e : p.entries()) {
      OptionalLong c = e.values().seq().constant();
      if (c.isEmpty() || Sym.isSymbol(c.getAsLong())) {
        return Optional.empty();
      }
      int r = e.ranks().first();
      if (r0 < 0) {
        r0 = r;
        v0 = c.getAsLong();
      } else if (!two) {
        if ((c.getAsLong() - v0) % (r - r0) != 0) {
          return Optional.empty();
        }
        b = (c.getAsLong() - v0) / (r - r0);
        two = true;
      }
    }
    if (!two || b == 0) {
      return Optional.empty();
    }
    long a = v0 - b * r0;
    for (ParamEntry e : p.entries()) {
      long v = e.values().seq().constant().getAsLong();
      for (int r : e.ranks().toArray()) {
        if (v != a + b * r) {
          return Optional.empty();
        }
      }
    }
    return Optional.of(new Linear(a, b));
  }

  /** Whether communicator {@code id} of {@code t} holds {@code rank} alone. */
  static boolean isSelf(CompressedTrace t, long id, int rank) {
    return id > 0 && t.comm(id).map(c -> !c.isInter() && c.members().size() == 1
        && c.members().get(0) == rank).orElse(false);
  }

  /** Whether every value of the param, on each rank, is that rank's communicator alone. */
  static boolean self(CompressedTrace t, Param p) {
    if (p.isAbsent()) {
      return false;
    }
    for (ParamEntry e : p.entries()) {
      for (int r : e.ranks().toArray()) {
        if (!e.values().seq().leaves().allMatch(v -> isSelf(t, v, r))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The id of rank {@code r}'s own communicator at the target: after every template id. */
  static long selfId(CompressedTrace template, int r) {
    long max = 0;
    for (CommDef c : template.comms()) {
      max = Math.max(max, c.id());
    }
    return max + 1 + r;
  }

  /** The communicators of one rank each at the target, {@code n} ranks. */
  static List<CommDef> selves(CompressedTrace template, int n) {
    List<CommDef> out = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      out.add(new CommDef(selfId(template, r), List.of(r)));
    }
    return out;
  }

  /** {@code ranks}' values, rank by rank: {@code value(r)} each, grouped where equal. */
  static Param byRank(RankList ranks, java.util.function.IntToLongFunction value) {
    int[] rs = ranks.toArray();
    List<EntryValues> vs = new ArrayList<>(rs.length);
    for (int r : rs) {
      vs.add(new EntryValues.Plain(ValueSeq.of(value.applyAsLong(r))));
    }
    return Param.grouped(rs, vs);
  }
}
