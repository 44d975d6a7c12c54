package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.ncptl.NModel.Who;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Point-to-point calls as coNCePTuaL statements: sends to UNSUSPECTING tasks and explicit
 * receives, so every task posts its operations in the traced order; Sendrecv as an asynchronous
 * send and receive then AWAIT COMPLETION; waits as AWAIT COMPLETION.
 */
final class PointToPoint {
  private final Emission e;

  PointToPoint(Emission e) {
    this.e = e;
  }

  List<OutputModel> sends(Rsd r, List<Loop> loops, boolean async) {
    List<OutputModel> out = new ArrayList<>();
    for (Part p : e.parts.forPointToPoint(r, Field.DEST, Field.COMM, Field.DEST, Field.TAG,
        Field.COUNT, Field.TSIZE)) {
      if (e.values.allNull(p, Field.DEST)) {
        continue;
      }
      long[] bytes = e.values.bytesCycle(p, Field.COUNT, Field.TSIZE);
      for (Spec m : specs(p, bytes, e.values.tagCycle(p, Field.TAG), Field.DEST, loops)) {
        Who who = e.tasks.who(p.when(m.when()), Expressions.uses(m.peer(), TaskSets.SELF));
        out.add(new NModel.Send(who, async, m.message(),
            new NModel.OneTask(Expressions.closed(m.peer()))));
      }
    }
    return out;
  }

  List<OutputModel> receives(Rsd r, List<Loop> loops, boolean async, Field count,
      Field tsize, Field tagField) {
    List<OutputModel> out = new ArrayList<>();
    for (Part p : e.parts.forPointToPoint(r, Field.SRC, Field.COMM, Field.SRC, tagField, Field.ATAG,
        Field.BYTES, count, tsize)) {
      if (e.values.allNull(p, Field.SRC)) {
        continue;
      }
      if (p.has(Field.SRC) && p.seq(Field.SRC).leaves().anyMatch(v -> v
          == Sym.ANY_SOURCE.code())) {
        e.note("a receive whose MPI_ANY_SOURCE was not resolved was left out");
        continue;
      }
      long[] bytes = p.has(Field.BYTES) && p.seq(Field.BYTES).leaves().noneMatch(Sym::isSymbol)
          ? PartValues.cycle(p, Field.BYTES) : e.values.bytesCycle(p, count, tsize);
      for (Spec m : specs(p, bytes, e.values.tagCycle(p, tagField), Field.SRC, loops)) {
        Who who = e.tasks.receiver(p.when(m.when()), Expressions.uses(m.peer(), TaskSets.SELF));
        out.add(new NModel.Receive(who, async, m.message(),
            new NModel.OneTask(Expressions.closed(m.peer()))));
      }
    }
    return out;
  }

  /**
   * A message's size, tag and peer over a stretch of executions, and the condition on the loop
   * variables that selects the stretch (none: every execution).
   */
  private record Spec(NModel.Message message, Value peer, List<Atom> when) {}

  /**
   * The messages of a call whose size or tag ({@code bytes}, {@code tags}: one cycle of each)
   * may change from one execution to the next: one per run of equal (size, tag, peer), each
   * under a condition on the execution index. Sizes and tags stay constants because the compiler's
   * interpreter evaluates a message size only once (coNCePTuaL 1.5.1b).
   */
  private List<Spec> specs(Part p, long[] bytes, long[] tags, Field peer, List<Loop> loops) {
    if (bytes.length == 1 && tags.length == 1) {
      return List.of(new Spec(NModel.Message.of(Expressions.lit(bytes[0]), tag(tags[0])),
          e.values.peer(p, peer, loops), List.of()));
    }
    List<Value> peers = e.values.peerCycle(p, peer);
    long period = lcm(lcm(bytes.length, tags.length), peers.size());
    Optional<Value> index = period > MAX_PERIOD ? Optional.empty()
        : e.values.index(loops, p.trips(), (int) period);
    if (index.isEmpty()) {
      e.note("a message whose size or tag changes in a loop with a changing trip count keeps its"
          + " first size, tag and peer");
      return List.of(new Spec(NModel.Message.of(Expressions.lit(bytes[0]), tag(tags[0])),
          peers.get(0),
          List.of()));
    }
    List<Spec> out = new ArrayList<>();
    int from = 0;
    for (int k = 1; k <= period; k++) {
      if (k == period || bytes[k % bytes.length] != bytes[from % bytes.length]
          || tags[k % tags.length] != tags[from % tags.length]
          || !peers.get(k % peers.size()).equals(peers.get(from % peers.size()))) {
        List<Atom> when = new ArrayList<>();
        if (from > 0 && k < period && k - from == 1) {
          when.add(new Atom.Is(index.get(), from));
        } else {
          if (from > 0) {
            when.add(new Atom.AtLeast(index.get(), from));
          }
          if (k < period) {
            when.add(new Atom.Below(index.get(), k));
          }
        }
        out.add(new Spec(NModel.Message.of(Expressions.lit(bytes[from % bytes.length]),
            tag(tags[from % tags.length])), peers.get(from % peers.size()), when));
        from = k;
      }
    }
    return out;
  }

  /** Longest cycle of sizes and tags written out; longer ones keep their first value. */
  private static final long MAX_PERIOD = 1 << 16;

  private static long lcm(long a, long b) {
    return a / gcd(a, b) * b;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  private static List<Value> tag(long tag) {
    return tag == 0 ? List.of() : List.of(Expressions.lit(tag));
  }

  List<OutputModel> sendrecv(Rsd r, List<Loop> loops) {
    e.note("MPI_Sendrecv became an asynchronous SEND and RECEIVE, then AWAIT COMPLETION");
    List<OutputModel> out = new ArrayList<>(sends(r, loops, true));
    out.addAll(r.op() == Op.SENDRECV
        ? receives(r, loops, true, Field.RCOUNT, Field.RTSIZE, Field.RTAG)
        : receives(r, loops, true, Field.COUNT, Field.TSIZE, Field.RTAG));
    out.addAll(awaits(r));
    return out;
  }

  List<OutputModel> awaits(Rsd r) {
    return e.parts.of(r).stream()
        .<OutputModel>map(p -> new NModel.Await(e.tasks.who(p, false))).toList();
  }
}
