package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.ValueSeq;

/**
 * A loop of one trip, which the compressor writes as its body alone, made a loop again where the
 * template has that loop: a loop of {@code log2 cols} trips is one trip at 2 columns, and its calls
 * must find their counterparts (by their {@link NodeKeys}) in every trace to be fitted across
 * the counts. A run of siblings whose calls and loops are those of a template loop's body, in
 * its order, is wrapped in a loop of one trip on the ranks that run it, unless it is that loop's
 * body already, and unless the template runs that body outside the loop too.
 */
final class OneTripLoops {
  private OneTripLoops() {}

  /** {@code t} with its runs of a template loop's body made loops of one trip. */
  static CompressedTrace align(CompressedTrace template, CompressedTrace t) {
    Set<List<String>> bodies = new HashSet<>();
    collect(template.body(), bodies);
    // A body the template also runs outside its loop (a block called once, then in a loop of 2)
    // is no sign of a loop: left as it is.
    unlooped(template.body(), false, bodies);
    if (bodies.isEmpty()) {
      return t;
    }
    List<Node> body = align(t.body(), bodies, false);
    return body.equals(t.body()) ? t : t.withBody(body);
  }

  private static void collect(List<Node> nodes, Set<List<String>> bodies) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        bodies.add(labels(l.body()));
        collect(l.body(), bodies);
      }
    }
  }

  private static void unlooped(List<Node> nodes, boolean loopBody, Set<List<String>> bodies) {
    List<String> labels = labels(nodes);
    bodies.removeIf(b -> !(loopBody && labels.equals(b))
        && java.util.Collections.indexOfSubList(labels, b) >= 0);
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        unlooped(l.body(), true, bodies);
      }
    }
  }

  private static List<String> labels(List<Node> nodes) {
    return nodes.stream().map(NodeKeys::label).toList();
  }

  private static List<Node> align(List<Node> nodes, Set<List<String>> bodies, boolean loopBody) {
    List<Node> kids = new ArrayList<>();
    for (Node n : nodes) {
      kids.add(n instanceof Loop l ? new Loop(l.ranks(), l.trips(), align(l.body(), bodies, true))
          : n);
    }
    List<String> labels = labels(kids);
    if (loopBody && bodies.contains(labels)) {
      return kids; // the loop is there already
    }
    List<Node> out = new ArrayList<>();
    int i = 0;
    while (i < kids.size()) {
      int len = longestMatch(labels, i, bodies);
      if (len == 0) {
        out.add(kids.get(i++));
        continue;
      }
      List<Node> run = kids.subList(i, i + len);
      RankList ranks = run.get(0).ranks();
      for (Node n : run) {
        ranks = ranks.union(n.ranks());
      }
      Param one = new Param(List.of(new ParamEntry(new EntryValues.Plain(ValueSeq.of(1)),
          ranks)));
      out.add(new Loop(ranks, one, run));
      i += len;
    }
    return out;
  }

  /** The length of the longest template body that {@code labels} hold from {@code i}; 0 if none. */
  private static int longestMatch(List<String> labels, int i, Set<List<String>> bodies) {
    int best = 0;
    for (List<String> b : bodies) {
      if (b.size() > best && i + b.size() <= labels.size()
          && labels.subList(i, i + b.size()).equals(b)) {
        best = b.size();
      }
    }
    return best;
  }
}
