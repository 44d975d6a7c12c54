package org.benchgen.compress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * Numbers a compressed trace's communicators 1, 2, 3... in the order of their definitions (by the
 * tracer's id), in place of the tracer's ids: hashes 13 to 19 digits long, which were a third of
 * a communicator-heavy trace's bytes (issue 21) and said nothing to a reader. The ids are labels,
 * so the trace means the same. A trace that names a communicator it does not define (a hand-made
 * stream) keeps its ids. The tracer's folding compressor numbers them the same way as it writes
 * (tracer/src/fold_text.c).
 */
final class CommNumbers {
  private CommNumbers() {}

  /** {@code t} with its communicators numbered, or {@code t} where they are already or cannot be. */
  static CompressedTrace of(CompressedTrace t) {
    Map<Long, Long> number = new HashMap<>();
    for (CommDef c : t.comms()) {
      number.put(c.id(), (long) number.size() + 1);
    }
    if (number.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))
        || !allDefined(t.body(), number)) {
      return t;
    }
    List<CommDef> comms = new ArrayList<>();
    for (CommDef c : t.comms()) {
      comms.add(new CommDef(number.get(c.id()), c.members(), c.remote()));
    }
    return new CompressedTrace(t.worldSize(), comms, body(t.body(), number), t.symbols());
  }

  /** Whether a field holds communicator ids. */
  private static boolean names(Field f) {
    return f.kind() == FieldKind.COMM || f.kind() == FieldKind.NEWCOMM
        || f.kind() == FieldKind.PEERCOMM;
  }

  /** An id to renumber: not the world (0), not a symbol (MPI_COMM_NULL). */
  private static boolean isId(long v) {
    return v != 0 && !Sym.isSymbol(v);
  }

  private static boolean allDefined(List<Node> body, Map<Long, Long> number) {
    for (Node n : body) {
      if (n instanceof Loop l) {
        if (!allDefined(l.body(), number)) {
          return false;
        }
      } else {
        Rsd r = (Rsd) n;
        for (int i = 0; i < r.params().size(); i++) {
          if (names(r.op().fields().get(i)) && r.params().get(i).entries().stream()
              .flatMap(e -> e.values().seq().leaves().boxed())
              .anyMatch(v -> isId(v) && !number.containsKey(v))) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static List<Node> body(List<Node> body, Map<Long, Long> number) {
    List<Node> out = new ArrayList<>(body.size());
    for (Node n : body) {
      if (n instanceof Loop l) {
        out.add(new Loop(l.ranks(), l.trips(), body(l.body(), number)));
      } else {
        Rsd r = (Rsd) n;
        List<Param> params = new ArrayList<>(r.params());
        for (int i = 0; i < params.size(); i++) {
          if (names(r.op().fields().get(i))) {
            params.set(i, param(params.get(i), number));
          }
        }
        out.add(new Rsd(r.op(), r.site(), r.ranks(), params, r.compute(), r.duration()));
      }
    }
    return out;
  }

  private static Param param(Param p, Map<Long, Long> number) {
    List<ParamEntry> entries = new ArrayList<>();
    for (ParamEntry e : p.entries()) {
      // Communicator fields are plain values: no peers to keep absolute or relative.
      entries.add(new ParamEntry(new EntryValues.Plain(new ValueSeq(nodes(e.values().seq()
          .nodes(), number))), e.ranks()));
    }
    return new Param(entries);
  }

  private static List<VNode> nodes(List<VNode> nodes, Map<Long, Long> number) {
    List<VNode> out = new ArrayList<>(nodes.size());
    for (VNode n : nodes) {
      if (n instanceof VNode.Leaf leaf) {
        out.add(isId(leaf.value()) ? new VNode.Leaf(number.get(leaf.value())) : leaf);
      } else {
        VNode.Rep rep = (VNode.Rep) n;
        out.add(VNode.Rep.of(nodes(rep.body(), number), rep.times()));
      }
    }
    return out;
  }
}
