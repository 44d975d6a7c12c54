package org.benchgen.compress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.NodeVisitor;
import org.benchgen.ir.PackedParams;
import org.benchgen.ir.PackedStats;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.TraceFormatException;

/**
 * Merges two compressed traces of disjoint rank sets into one (ScalaTrace's inter-node merge).
 * Node sequences are aligned by {@link SequenceAlignment}: Myers' diff while the sequences differ
 * little (ranks that do the same thing), anchors of call sites found once in each when they differ
 * much (MPMD ranks), near-linear either way; matched nodes merge their rank lists, parameter
 * entries, histograms and trip counts; unmatched ones are spliced in, each rank keeping its own
 * order.
 * Loops whose bodies differ but share most call sites (the edge ranks of a stencil) are matched and
 * their bodies merged recursively, so the result does not grow with the rank count.
 */
final class TraceMerger {
  private final ShapeTable shapeTable = new ShapeTable();
  private final Map<Node, Integer> shapes = new IdentityHashMap<>();
  private final Map<Node, Set<Integer>> sites = new IdentityHashMap<>();

  /** Merges {@code a} and {@code b}, which must cover disjoint ranks of the same world. */
  public CompressedTrace merge(CompressedTrace a, CompressedTrace b) {
    if (a.worldSize() != b.worldSize()) {
      throw new TraceFormatException("ranks disagree on the world size: " + a.worldSize()
          + " and " + b.worldSize());
    }
    if (a.symbols() != b.symbols()) {
      throw new IllegalArgumentException("traces of different symbol tables cannot be merged");
    }
    return new CompressedTrace(a.worldSize(), mergeComms(a.comms(), b.comms()),
        mergeSeq(a.body(), b.body()), a.symbols());
  }

  private static List<CommDef> mergeComms(List<CommDef> a, List<CommDef> b) {
    Map<Long, CommDef> byId = new HashMap<>();
    List<CommDef> out = new ArrayList<>(a);
    for (CommDef c : a) {
      byId.put(c.id(), c);
    }
    for (CommDef c : b) {
      CommDef old = byId.putIfAbsent(c.id(), c);
      if (old == null) {
        out.add(c);
      } else if (!old.members().equals(c.members()) || !old.remote().equals(c.remote())) {
        throw new TraceFormatException("communicator " + c.id()
            + " is defined with different members on different ranks: " + text(old)
            + " and " + text(c));
      }
    }
    out.sort(Comparator.comparingLong(CommDef::id));
    return out;
  }

  List<Node> mergeSeq(List<Node> a, List<Node> b) {
    if (a.isEmpty()) {
      return b;
    }
    if (b.isEmpty()) {
      return a;
    }
    int[] pairs = SequenceAlignment.align(a, b, this::matches, this::shape);
    List<Node> out = new ArrayList<>(Math.max(a.size(), b.size()));
    int i = 0;
    int j = 0;
    // Between matched pairs: a's unmatched nodes, then b's (as java-diff-utils' deltas gave them).
    for (int q = 0; q < pairs.length; q += 2) {
      out.addAll(a.subList(i, pairs[q]));
      out.addAll(b.subList(j, pairs[q + 1]));
      out.add(mergeNode(a.get(pairs[q]), b.get(pairs[q + 1])));
      i = pairs[q] + 1;
      j = pairs[q + 1] + 1;
    }
    out.addAll(a.subList(i, a.size()));
    out.addAll(b.subList(j, b.size()));
    return out;
  }

  private boolean matches(Node x, Node y) {
    if (x instanceof Rsd r && y instanceof Rsd s) {
      return r.op() == s.op() && r.site().equals(s.site());
    }
    if (x instanceof Loop && y instanceof Loop) {
      if (shape(x) == shape(y)) {
        return true;
      }
      Set<Integer> sx = sites(x);
      Set<Integer> sy = sites(y);
      if (sx.size() > sy.size()) { // count over the smaller set: O(min) per comparison
        Set<Integer> t = sx;
        sx = sy;
        sy = t;
      }
      int common = 0;
      for (Integer s : sx) {
        common += sy.contains(s) ? 1 : 0;
      }
      return common > 0 && 2 * common >= Math.min(sx.size(), sy.size());
    }
    return false;
  }

  private int shape(Node n) {
    if (n instanceof Rsd r) {
      // Not kept per node: the table finds it as fast, and a merge of ranks where nothing folds
      // aligns millions of RSDs (an identity map of them all, 64 MB at 4 x 10^6 events).
      return shapeTable.rsd(r.op(), r.site());
    }
    Integer s = shapes.get(n);
    if (s == null) {
      s = n.accept(new NodeVisitor<Integer>() {
        @Override
        public Integer visitRsd(Rsd r) {
          return shapeTable.rsd(r.op(), r.site());
        }

        @Override
        public Integer visitLoop(Loop l) {
          return shapeTable.loop(l.body().stream().mapToInt(TraceMerger.this::shape).toArray());
        }
      });
      shapes.put(n, s);
    }
    return s;
  }

  /** The RSD shapes anywhere inside a loop. */
  private Set<Integer> sites(Node n) {
    Set<Integer> s = sites.get(n);
    if (s == null) {
      Set<Integer> found = new HashSet<>();
      n.accept(new NodeScanner() {
        @Override
        public void visitRsd(Rsd r) {
          found.add(shape(r));
        }
      });
      sites.put(n, found);
      s = found;
    }
    return s;
  }

  /** Two matched nodes (of one kind, see {@link #matches}) as one. */
  private Node mergeNode(Node x, Node y) {
    return x.accept(new NodeVisitor<Node>() {
      @Override
      public Node visitRsd(Rsd r) {
        return merge(r, (Rsd) y);
      }

      @Override
      public Node visitLoop(Loop l) {
        Loop m = (Loop) y;
        return new Loop(l.ranks().union(m.ranks()), mergeParam(l.trips(), m.trips()),
            mergeSeq(l.body(), m.body()));
      }
    });
  }

  /**
   * One RSD for two of one op on disjoint ranks, with {@code a}'s site: the union of their ranks,
   * parameter entries and statistics (compute kept apart by rank class where ranks differ).
   */
  public static Rsd merge(Rsd a, Rsd b) {
    List<Param> params = new ArrayList<>(a.params().size());
    for (int k = 0; k < a.params().size(); k++) {
      params.add(mergeParam(a.params().get(k), b.params().get(k)));
    }
    RankList ranks = a.ranks().union(b.ranks());
    return new Rsd(a.op(), a.site(), ranks, PackedParams.of(ranks, params),
        PackedStats.of(ComputeClasses.merge(a.compute(), a.ranks(), b.compute(), b.ranks())),
        a.duration().merge(b.duration()));
  }

  /** Entries of equal values (peers: equal absolutely or relatively) share one entry. */
  static Param mergeParam(Param a, Param b) {
    List<ParamEntry> out = new ArrayList<>(a.entries());
    for (ParamEntry e : b.entries()) {
      boolean merged = false;
      for (int k = 0; k < out.size() && !merged; k++) {
        ParamEntry o = out.get(k);
        Optional<EntryValues> u = EntryValues.unify(o.values(), e.values());
        if (u.isPresent()) {
          out.set(k, new ParamEntry(u.get(), o.ranks().union(e.ranks())));
          merged = true;
        }
      }
      if (!merged) {
        out.add(e);
      }
    }
    out.sort(Comparator.comparingInt(e -> e.ranks().first()));
    return new Param(out);
  }

  private static String text(CommDef c) {
    return c.members() + (c.isInter() ? " with remote group " + c.remote() : "");
  }
}
