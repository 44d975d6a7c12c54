package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.SeqExpressions;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.ncptl.NModel.Who;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * Point-to-point calls as coNCePTuaL statements: sends to UNSUSPECTING tasks and explicit
 * receives, so every task posts its operations in the traced order; Sendrecv as an asynchronous
 * send and receive then AWAIT COMPLETION; waits as AWAIT COMPLETION.
 */
final class PointToPoint {
  /** What a Sendrecv became. */
  static final String SENDRECV =
      "MPI_Sendrecv became an asynchronous SEND and RECEIVE, then AWAIT COMPLETION";

  private final Emission e;

  private final Messages messages;

  PointToPoint(Emission e) {
    this.e = e;
    this.messages = new Messages(e);
  }

  List<OutputModel> sends(Rsd r, boolean async) {
    List<OutputModel> out = new ArrayList<>();
    for (Part p : e.parts.forPointToPoint(r, Field.DEST, Field.COMM, Field.DEST, Field.TAG,
        Field.COUNT, Field.TSIZE)) {
      if (e.values.allNull(p, Field.DEST)) {
        continue;
      }
      Messages.Said said = messages.of(p, Field.DEST, Field.TAG, Optional.empty(), Field.COUNT,
          Field.TSIZE);
      List<OutputModel> part = new ArrayList<>();
      for (Messages.Clause c : said.clauses()) {
        Who who = e.tasks.who(p.when(c.when()), Expressions.uses(c.peer(), TaskSets.SELF));
        part.add(new NModel.Send(who, async, c.message(),
            new NModel.OneTask(Expressions.closed(c.peer()))));
      }
      out.addAll(said.around(part));
    }
    return out;
  }

  List<OutputModel> receives(Rsd r, boolean async, Field count, Field tsize, Field tagField) {
    List<OutputModel> out = new ArrayList<>();
    for (Part p : e.parts.forPointToPoint(r, Field.SRC, Field.COMM, Field.SRC, tagField, Field.ATAG,
        Field.BYTES, count, tsize)) {
      if (e.values.allNull(p, Field.SRC)) {
        continue;
      }
      if (p.has(Field.SRC) && p.seq(Field.SRC).leaves().anyMatch(v -> v
          == Sym.ANY_SOURCE.code())) {
        throw new Unexpressible("rank " + p.ranks().first() + " receives from MPI_ANY_SOURCE"
            + " and resolution found no sender: coNCePTuaL cannot receive from any source");
      }
      boolean received = p.has(Field.BYTES) && p.seq(Field.BYTES).leaves()
          .noneMatch(Sym::isSymbol);
      Messages.Said said = messages.of(p, Field.SRC, tagField,
          received ? Optional.of(Field.BYTES) : Optional.empty(), count, tsize);
      List<OutputModel> part = new ArrayList<>();
      for (Messages.Clause c : said.clauses()) {
        Who who = e.tasks.receiver(p.when(c.when()), Expressions.uses(c.peer(), TaskSets.SELF));
        part.add(new NModel.Receive(who, async, c.message(),
            new NModel.OneTask(Expressions.closed(c.peer()))));
      }
      out.addAll(said.around(part));
    }
    return out;
  }

  List<OutputModel> sendrecv(Rsd r) {
    e.note(SENDRECV);
    List<OutputModel> out = new ArrayList<>(sends(r, true));
    out.addAll(r.op() == Op.SENDRECV
        ? receives(r, true, Field.RCOUNT, Field.RTSIZE, Field.RTAG)
        : receives(r, true, Field.COUNT, Field.TSIZE, Field.RTAG));
    out.addAll(awaits(r));
    return out;
  }

  /**
   * AWAIT COMPLETION for the executions of {@code r} that leave the task nothing open
   * ({@link Completions}): always, never, or under a condition on the execution count.
   */
  List<OutputModel> awaits(Rsd r) {
    List<OutputModel> out = new ArrayList<>();
    for (Part p : e.parts.of(r)) {
      java.util.Map<ValueSeq, List<Integer>> byWaits = new java.util.LinkedHashMap<>();
      p.ranks().stream().forEach(x -> byWaits.computeIfAbsent(e.completions.waits(r, x),
          k -> new ArrayList<>()).add(x));
      byWaits.forEach((waits, ranks) -> {
        Part q = new Part(Parts.ranksOf(ranks), p.entries(), p.extra());
        OptionalLong c = waits.constant();
        if (c.isPresent() && c.getAsLong() == 1) {
          out.add(new NModel.Await(e.tasks.who(q, false)));
          return;
        }
        deferred();
        if (c.isEmpty()) {
          Value leaves = SeqExpressions.at(waits, e.counts.index(e.here, ranks.get(0)),
              Expressions::lit);
          out.add(new NModel.Await(e.tasks.who(q.when(whereOne(leaves)), false)));
        }
      });
    }
    return out;
  }

  /**
   * The condition that {@code v} (a choice of 0 or 1 by index) is 1: the tests on the way to its
   * one 1 ({@code i3 >= 2}), or {@code v = 1} where there are several.
   */
  private static List<Atom> whereOne(Value v) {
    List<List<Atom>> paths = new ArrayList<>();
    ones(v, List.of(), paths);
    return paths.size() == 1 ? paths.get(0) : List.of(new Atom.Is(v, 1));
  }

  private static void ones(Value v, List<Atom> when, List<List<Atom>> out) {
    if (v instanceof Value.Pick p) {
      List<Atom> below = new ArrayList<>(when);
      below.add(new Atom.Below(p.index(), p.bound()));
      List<Atom> above = new ArrayList<>(when);
      above.add(new Atom.AtLeast(p.index(), p.bound()));
      ones(p.then(), below, out);
      ones(p.otherwise(), above, out);
    } else if (!(v instanceof Value.Num n) || n.value() != 0) {
      List<Atom> all = new ArrayList<>(when);
      if (!(v instanceof Value.Num)) {
        all.add(new Atom.Is(v, 1));
      }
      out.add(all);
    }
  }

  /** Some execution of a wait is left out: its messages complete at a later AWAIT. */
  void deferred() {
    e.deferred = true;
    e.note("a wait that leaves other messages of the task open was left out: its messages"
        + " complete at the next wait that leaves none, AWAIT COMPLETION completing them all");
  }

}
