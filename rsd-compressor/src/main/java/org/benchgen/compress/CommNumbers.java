package org.benchgen.compress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.PackedParams;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
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
  private final Map<Long, Long> number = new HashMap<>();
  /** Whether an id met is not defined: then the trace keeps its ids. */
  private boolean undefined;

  private CommNumbers(List<CommDef> comms) {
    for (CommDef c : comms) {
      number.put(c.id(), (long) number.size() + 1);
    }
  }

  /** {@code t} with its communicators numbered, or {@code t} where they are already or cannot be. */
  static CompressedTrace of(CompressedTrace t) {
    CommNumbers n = new CommNumbers(t.comms());
    if (n.number.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))) {
      return t;
    }
    CompressedTrace numbered = t.withRsds(n::rsd);
    if (n.undefined) {
      return t;
    }
    List<CommDef> comms = new ArrayList<>();
    for (CommDef c : t.comms()) {
      comms.add(new CommDef(n.number.get(c.id()), c.members(), c.remote()));
    }
    return new CompressedTrace(t.worldSize(), comms, numbered.body(), t.symbols(), t.sites());
  }

  private Rsd rsd(Rsd r) {
    List<Param> params = new ArrayList<>(r.params());
    for (int i = 0; i < params.size(); i++) {
      if (r.op().fields().get(i).kind().isComm()) {
        params.set(i, param(params.get(i)));
      }
    }
    return new Rsd(r.op(), r.site(), r.ranks(), PackedParams.of(r.ranks(), params), r.compute(),
        r.duration());
  }

  private Param param(Param p) {
    List<ParamEntry> entries = new ArrayList<>();
    for (ParamEntry e : p.entries()) {
      // Communicator fields are plain values: no peers to keep absolute or relative.
      entries.add(new ParamEntry(new EntryValues.Plain(new ValueSeq(nodes(e.values().seq()
          .nodes()))), e.ranks()));
    }
    return new Param(entries);
  }

  private List<VNode> nodes(List<VNode> nodes) {
    List<VNode> out = new ArrayList<>(nodes.size());
    for (VNode n : nodes) {
      if (n instanceof VNode.Leaf leaf) {
        out.add(new VNode.Leaf(id(leaf.value())));
      } else {
        VNode.Rep rep = (VNode.Rep) n;
        out.add(VNode.Rep.of(nodes(rep.body()), rep.times()));
      }
    }
    return out;
  }

  /** An id's number; the world (0) and symbols (MPI_COMM_NULL) as they are. */
  private long id(long v) {
    if (v == 0 || Sym.isSymbol(v)) {
      return v;
    }
    Long n = number.get(v);
    undefined |= n == null;
    return n == null ? v : n;
  }
}
