package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.ncptl.NModel.Who;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * Collectives as coNCePTuaL statements: SYNCHRONIZE, MULTICAST and REDUCE, by the main paper's
 * Table 1 where MPI has no exact counterpart (v-forms with their mean size); nonblocking ones as
 * their blocking counterparts. Every substitution is noted. Which statements a collective becomes
 * follows from its shape; no collective is named here.
 */
final class Collectives {
  private final Emission e;

  Collectives(Emission e) {
    this.e = e;
  }

  /**
   * The statements of collective RSD {@code r}, chosen by its shape (the vocabulary's BG_SHAPE):
   * no data, a reduction (to one task, to all, or to each), a gather, a scatter, a broadcast, an
   * all-to-all or an allgather.
   */
  List<OutputModel> collective(Rsd r) {
    Op op = r.op();
    if (op.isNeighbourhood()) {
      throw new IllegalStateException("coNCePTuaL cannot make " + op.mpiName());
    }
    if (op.createsRequest()) {
      e.note(op.mpiName() + " became its blocking counterpart");
    }
    List<OutputModel> out = new ArrayList<>();
    if (CollectiveSide.sent(op).isEmpty()) {
      for (Part p : e.parts.of(r, Field.COMM)) {
        out.add(new NModel.Synchronize(e.tasks.who(p, Parts.ranksOf(e.parts.members(p)), false)));
      }
    } else if (op.isReducing()) {
      if (op.scatters()) {
        reduceToEach(r, out);
      } else {
        reduce(r, out);
      }
    } else if (op.isRooted()) {
      if (op.gathers()) {
        gather(r, out);
      } else if (op.scatters()) {
        scatter(r, out);
      } else {
        for (Part p : e.parts.of(r, Field.COMM, Field.ROOT, Field.COUNT, Field.TSIZE)) {
          multicast(out, e.values.root(p), e.parts.members(p),
              e.values.bytes(p, Field.COUNT, Field.TSIZE));
        }
      }
    } else if (op.scatters()) {
      allToAll(r, out);
    } else {
      allgather(r, out);
    }
    return out;
  }

  /** A reduction to one task (its root) or to all (a scan's prefixes too). */
  private void reduce(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    if (op.isPrefix()) {
      e.note(op.mpiName() + " became a REDUCE to all its tasks");
    }
    e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
    for (Part p : e.parts.of(r, Field.COMM, Field.ROOT, Field.COUNT, Field.TSIZE)) {
      List<Integer> m = e.parts.members(p);
      Value dw = doublewords(e.values.bytes(p, Field.COUNT, Field.TSIZE));
      if (op.isRooted()) {
        Who who = e.tasks.who(p, Parts.ranksOf(m), false);
        out.add(new NModel.Reduce(who, dw, List.of(new NModel.OneTask(e.values.root(p)))));
      } else {
        out.add(new NModel.Reduce(e.tasks.who(p, Parts.ranksOf(m), false), dw, List.of()));
      }
    }
  }

  /** A reduction whose result is scattered: one REDUCE to each task, of its block. */
  private void reduceToEach(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    e.note(op.mpiName() + " became one REDUCE to each of its tasks (paper Table 1)");
    e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
    boolean block = !op.isVector();
    for (Part p : e.parts.of(r, Field.COMM, Field.COUNT, Field.RCOUNTS, Field.TSIZE)) {
      List<Integer> m = e.parts.members(p);
      long tsize = e.values.constant(p, Field.TSIZE, "a reduction's datatype size");
      for (int k = 0; k < m.size(); k++) {
        long bytes = block ? e.values.constant(p, Field.COUNT, "a reduction's count") * tsize
            : e.values.listItem(p, Field.RCOUNTS, k) * tsize;
        out.add(new NModel.Reduce(e.tasks.who(p, Parts.ranksOf(m), false),
            doublewords(Expressions.lit(bytes)),
            List.of(new NModel.OneTask(Expressions.lit(m.get(k))))));
      }
    }
  }

  /** A gather: a REDUCE to the root (of the mean size where counts differ). */
  private void gather(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    boolean v = op.isVector();
    e.note(op.mpiName() + " became a REDUCE to its root" + (v ? " of the mean size" : "")
        + " (paper Table 1)");
    e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
    for (Part p : v ? e.parts.of(r, Field.COMM, Field.ROOT)
        : e.parts.of(r, Field.COMM, Field.ROOT, Field.COUNT, Field.TSIZE)) {
      List<Integer> m = e.parts.members(p);
      Value dw = doublewords(v
          ? Expressions.lit(e.values.meanBytes(r, m, Field.COUNT, Field.TSIZE))
          : e.values.bytes(p, Field.COUNT, Field.TSIZE));
      Who who = e.tasks.who(p, Parts.ranksOf(m), false);
      out.add(new NModel.Reduce(who, dw, List.of(new NModel.OneTask(e.values.root(p)))));
    }
  }

  /** An allgather: a REDUCE to the first task, then a MULTICAST of all the data from it. */
  private void allgather(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    boolean v = op.isVector();
    e.note(op.mpiName() + " became a REDUCE to its first task, then a MULTICAST of all the"
        + " data" + (v ? ", with the mean size" : "") + " (paper Table 1)");
    e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
    for (Part p : v ? e.parts.of(r, Field.COMM)
        : e.parts.of(r, Field.COMM, Field.COUNT, Field.TSIZE)) {
      List<Integer> m = e.parts.members(p);
      long each = v ? e.values.meanBytes(r, m, Field.COUNT, Field.TSIZE)
          : e.values.constant(p, Field.COUNT, "an allgather's count")
              * e.values.constant(p, Field.TSIZE, "an allgather's datatype size");
      out.add(new NModel.Reduce(e.tasks.who(p, Parts.ranksOf(m), false),
          doublewords(Expressions.lit(each)),
          List.of(new NModel.OneTask(Expressions.lit(m.get(0))))));
      multicast(out, Expressions.lit(m.get(0)), m, Expressions.lit(each * m.size()));
    }
  }

  /** A scatter: a MULTICAST from the root of what each task receives (the mean). */
  private void scatter(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    boolean v = op.isVector();
    e.note(op.mpiName() + " became a MULTICAST from its root" + (v ? " of the mean size" : "")
        + " (paper Table 1)");
    for (Part p : e.parts.of(r, Field.COMM, Field.ROOT)) {
      List<Integer> m = e.parts.members(p);
      long each = e.values.meanBytes(r, m, Field.RCOUNT, Field.RTSIZE);
      multicast(out, e.values.root(p), m, Expressions.lit(each));
    }
  }

  /** An all-to-all: a MULTICAST from every task to all the others (of the mean size). */
  private void allToAll(Rsd r, List<OutputModel> out) {
    Op op = r.op();
    boolean v = op.isVector();
    e.note(op.mpiName() + " became a MULTICAST from every task to all the others"
        + (v ? ", with the mean size" : ""));
    for (Part p : v ? e.parts.of(r, Field.COMM)
        : e.parts.of(r, Field.COMM, Field.COUNT, Field.TSIZE)) {
      List<Integer> m = e.parts.members(p);
      if (m.size() < 2) {
        continue;
      }
      long each = v ? e.values.meanListBytes(r, m, Field.COUNTS,
          op.has(Field.TSIZE) ? Optional.of(Field.TSIZE) : Optional.empty())
          : e.values.constant(p, Field.COUNT, "an alltoall's count")
              * e.values.constant(p, Field.TSIZE, "an alltoall's datatype size");
      RankList ranks = Parts.ranksOf(m);
      Atom notSelf = new Atom.Differs(Expressions.var(TaskSets.OTHER),
          Expressions.var(TaskSets.SELF));
      Who to = ranks.size() == e.world ? new NModel.AllOtherTasks()
          : new NModel.TasksSuchThat(TaskSets.OTHER, e.tasks.cond(TaskSets.OTHER, ranks,
              List.of(notSelf)));
      Who from = e.tasks.who(p, ranks, !(to instanceof NModel.AllOtherTasks));
      out.add(new NModel.Multicast(from, NModel.Message.of(Expressions.lit(each), List.of()),
          to));
    }
  }

  /**
   * A MULTICAST of {@code bytes} from world rank {@code root} (a number, or an expression where
   * it changes) to the other members.
   */
  private void multicast(List<OutputModel> out, Value root, List<Integer> members, Value bytes) {
    if (members.size() < 2) {
      return;
    }
    Who to;
    if (root instanceof Value.Num n) {
      RankList others = RankList.of(members.stream().mapToInt(Integer::intValue)
          .filter(x -> x != n.value()).toArray());
      to = others.size() == e.world - 1 ? new NModel.AllOtherTasks() : e.tasks.target(others);
    } else if (members.size() == e.world) {
      to = new NModel.AllOtherTasks();
    } else {
      to = new NModel.TasksSuchThat(TaskSets.OTHER, e.tasks.cond(TaskSets.OTHER,
          Parts.ranksOf(members), List.of(new Atom.Differs(Expressions.var(TaskSets.OTHER),
              root))));
    }
    out.add(new NModel.Multicast(new NModel.OneTask(Expressions.closed(root)),
        NModel.Message.of(bytes, List.of()), to));
  }

  private static Value doublewords(Value bytes) {
    if (bytes instanceof Value.Num b) {
      return Expressions.lit((b.value() + 7) / 8);
    }
    return Expressions.div(Expressions.add(bytes, 7), 8);
  }
}
