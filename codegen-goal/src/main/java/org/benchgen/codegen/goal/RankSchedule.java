package org.benchgen.codegen.goal;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.goal.GoalModel.Calc;
import org.benchgen.codegen.goal.GoalModel.Recv;
import org.benchgen.codegen.goal.GoalModel.Requires;
import org.benchgen.codegen.goal.GoalModel.Send;

/**
 * One rank's GOAL operations as its calls are unrolled, with MPI's order between them: every
 * operation starts when the rank's last blocking step (its frontier) has completed ({@code
 * requires}), and not before the operation issued just before it has started ({@code
 * irequires}), as a program issues its calls in order. A blocking call, a compute interval and a
 * wait move the frontier; a nonblocking call does not, and a wait on it is a zero-time join that
 * requires it. Labels number operations from 1.
 */
final class RankSchedule {
  private final int rank;
  private final List<GoalModel> ops = new ArrayList<>();
  private final List<GoalModel> deps = new ArrayList<>();
  private int frontier;
  private int issued;

  RankSchedule(int rank) {
    this.rank = rank;
  }

  int rank() {
    return rank;
  }

  /** How many operations so far. */
  int size() {
    return ops.size();
  }

  /**
   * A send after the frontier (and after {@code after}); its label. Sizes are the trace's, 0
   * included: LogGOPSim's cost of a message, (s - 1) G, is then G short, a few nanoseconds.
   */
  int send(long bytes, int peer, long tag, List<Integer> after) {
    return add(new Send(ops.size() + 1, bytes, peer, tag), after);
  }

  /** A receive after the frontier (and after {@code after}); its label. */
  int recv(long bytes, int peer, long tag, List<Integer> after) {
    return add(new Recv(ops.size() + 1, bytes, peer, tag), after);
  }

  /** Computation after the frontier, which it becomes. */
  void compute(long amount) {
    frontier = add(new Calc(ops.size() + 1, amount), List.of());
  }

  /** A zero-time join of the frontier and {@code labels}; it becomes the frontier. */
  void join(List<Integer> labels) {
    frontier = joined(labels);
  }

  /**
   * A zero-time join of the frontier and {@code labels}, not moving the frontier; its label. The
   * operations issued next do not wait for it to start (it starts only when all of {@code labels}
   * have completed): they follow the last operation issued before it.
   */
  int joined(List<Integer> labels) {
    int before = issued;
    int label = add(new Calc(ops.size() + 1, 0), labels);
    issued = before;
    return label;
  }

  /** The operation {@code label} is blocking: the next ones start after it. */
  void block(int label) {
    frontier = label;
  }

  private int add(GoalModel op, List<Integer> after) {
    int label = ops.size() + 1;
    ops.add(op);
    if (frontier > 0) {
      deps.add(new Requires(label, frontier));
    }
    for (int a : after) {
      if (a != frontier) {
        deps.add(new Requires(label, a));
      }
    }
    if (issued > 0 && issued != frontier && !after.contains(issued)) {
      deps.add(new GoalModel.Irequires(label, issued));
    }
    issued = label;
    return label;
  }

  GoalModel.RankBlock block() {
    return new GoalModel.RankBlock(rank, ops, deps);
  }
}
