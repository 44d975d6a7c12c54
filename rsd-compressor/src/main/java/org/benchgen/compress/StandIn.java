package org.benchgen.compress;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;

/**
 * One rank's compressed trace made to stand for several ranks that behave exactly as it does: its
 * rank lists become theirs, and every count of calls and intervals is multiplied by how many they
 * are (each of them made the rank's calls). Values are kept as the rank's trace holds them;
 * {@link ClassCompressor} merges two ranks of a class first, so that peers are read as offsets
 * or as ranks by what the two have in common, as {@code compress} reads them.
 */
final class StandIn {
  private final RankList members;
  private final long k;

  private StandIn(RankList members) {
    this.members = members;
    this.k = members.size();
  }

  /** {@code single}, the trace of rank {@code rank} alone, standing for {@code members}. */
  static CompressedTrace of(CompressedTrace single, int rank, RankList members) {
    if (!members.contains(rank)) {
      throw new IllegalArgumentException("rank " + rank + " is not among " + members);
    }
    StandIn s = new StandIn(members);
    return single.withBody(s.body(single.body(), rank));
  }

  private List<Node> body(List<Node> nodes, int rank) {
    List<Node> out = new ArrayList<>(nodes.size());
    for (Node n : nodes) {
      if (!n.ranks().equals(RankList.of(rank))) {
        throw new IllegalArgumentException("not the trace of rank " + rank + " alone: "
            + n.ranks());
      }
      if (n instanceof Rsd r) {
        out.add(new Rsd(r.op(), r.site(), members, params(r.params()),
            r.compute().stream().map(this::compute).toList(),
            new CallTime(Math.multiplyExact(r.duration().count(), k), r.duration().mean())));
      } else {
        Loop l = (Loop) n;
        out.add(new Loop(members, param(l.trips()), body(l.body(), rank)));
      }
    }
    return out;
  }

  private List<Param> params(List<Param> ps) {
    return ps.stream().map(this::param).toList();
  }

  private Param param(Param p) {
    return new Param(p.entries().stream().map(e -> new ParamEntry(e.values(), members)).toList());
  }

  private ComputeStat compute(ComputeStat c) {
    List<ComputeStat.RankClass> classes = c.classes().stream()
        .map(rc -> new ComputeStat.RankClass(members, times(rc.time()), rc.cpu())).toList();
    return new ComputeStat(c.after(), times(c.time()), classes, c.cpu());
  }

  /** {@code k} ranks' intervals, each rank's as the one rank's. */
  private Histogram times(Histogram h) {
    List<Histogram.Bin> bins = h.bins().stream()
        .map(b -> new Histogram.Bin(b.log2(), Math.multiplyExact(b.count(), k))).toList();
    return new Histogram(Math.multiplyExact(h.count(), k), h.min(), h.max(), h.mean(), h.sd(),
        bins);
  }
}
