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
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;

/**
 * Collectives as coNCePTuaL statements: SYNCHRONIZE, MULTICAST and REDUCE, by the main paper's
 * Table 1 where MPI has no exact counterpart (v-forms with their mean size); nonblocking ones as
 * their blocking counterparts. Every substitution is noted.
 */
final class Collectives {
  private final Emission e;

  Collectives(Emission e) {
    this.e = e;
  }

  List<OutputModel> collective(Rsd r) {
    Op op = r.op();
    if (op.createsRequest()) {
      e.note(op.mpiName() + " became its blocking counterpart");
    }
    List<OutputModel> out = new ArrayList<>();
    Op b = op.blockingForm();
    switch (b) {
      case BARRIER -> {
        for (Part p : e.parts.of(r, Field.COMM)) {
          out.add(new NModel.Synchronize(e.tasks.who(p, Parts.ranksOf(e.parts.members(p)), false)));
        }
      }
      case BCAST -> {
        for (Part p : e.parts.of(r, Field.COMM, Field.ROOT, Field.COUNT, Field.TSIZE)) {
          multicast(out, e.values.root(p), e.parts.members(p),
              e.values.bytes(p, Field.COUNT, Field.TSIZE));
        }
      }
      case REDUCE, ALLREDUCE, SCAN, EXSCAN -> {
        if (b == Op.SCAN || b == Op.EXSCAN) {
          e.note(op.mpiName() + " became a REDUCE to all its tasks");
        }
        e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
        boolean rooted = b == Op.REDUCE;
        for (Part p : e.parts.of(r, Field.COMM, Field.ROOT, Field.COUNT, Field.TSIZE)) {
          List<Integer> m = e.parts.members(p);
          Value dw = doublewords(e.values.bytes(p, Field.COUNT, Field.TSIZE));
          if (rooted) {
            Who who = e.tasks.who(p, Parts.ranksOf(m), false);
            out.add(new NModel.Reduce(who, dw, List.of(new NModel.OneTask(e.values.root(p)))));
          } else {
            out.add(new NModel.Reduce(e.tasks.who(p, Parts.ranksOf(m), false), dw, List.of()));
          }
        }
      }
      case REDUCE_SCATTER_BLOCK, REDUCE_SCATTER -> {
        e.note(op.mpiName() + " became one REDUCE to each of its tasks (paper Table 1)");
        e.note("reductions count DOUBLEWORDS: bytes / 8, rounded up");
        boolean block = b == Op.REDUCE_SCATTER_BLOCK;
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
      case GATHER, GATHERV -> {
        boolean v = b == Op.GATHERV;
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
      case ALLGATHER, ALLGATHERV -> {
        boolean v = b == Op.ALLGATHERV;
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
      case SCATTER, SCATTERV -> {
        boolean v = b == Op.SCATTERV;
        e.note(op.mpiName() + " became a MULTICAST from its root" + (v ? " of the mean size" : "")
            + " (paper Table 1)");
        for (Part p : e.parts.of(r, Field.COMM, Field.ROOT)) {
          List<Integer> m = e.parts.members(p);
          long each = e.values.meanBytes(r, m, Field.RCOUNT, Field.RTSIZE);
          multicast(out, e.values.root(p), m, Expressions.lit(each));
        }
      }
      case ALLTOALL, ALLTOALLV, ALLTOALLW -> {
        boolean v = b != Op.ALLTOALL;
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
      default -> throw new IllegalStateException("not a collective: " + op);
    }
    return out;
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
