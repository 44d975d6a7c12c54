package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.ncptl.NModel.Who;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
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

  /** {@code await}: the AWAIT COMPLETION after both halves ({@link Completions}). */
  List<OutputModel> sendrecv(Rsd r, boolean await) {
    e.note("MPI_Sendrecv became an asynchronous SEND and RECEIVE, then AWAIT COMPLETION");
    List<OutputModel> out = new ArrayList<>(sends(r, true));
    out.addAll(r.op() == Op.SENDRECV
        ? receives(r, true, Field.RCOUNT, Field.RTSIZE, Field.RTAG)
        : receives(r, true, Field.COUNT, Field.TSIZE, Field.RTAG));
    if (await) {
      out.addAll(awaits(r));
    }
    return out;
  }

  List<OutputModel> awaits(Rsd r) {
    return e.parts.of(r).stream()
        .<OutputModel>map(p -> new NModel.Await(e.tasks.who(p, false))).toList();
  }
}
