package org.benchgen.codegen.goal;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;

/** The GOAL target's output model, spelt by {@code goal.stg}: a template per record. */
sealed interface GoalModel extends OutputModel {
  /** The whole schedule: a header, then a block per rank. */
  record Schedule(String program, List<String> notes, int ranks, List<RankBlock> blocks)
      implements GoalModel {}

  /** One rank's operations, then their dependencies. */
  record RankBlock(int rank, List<GoalModel> ops, List<GoalModel> deps) implements GoalModel {}

  /** {@code lLABEL: send BYTESb to PEER tag TAG}. */
  record Send(int label, long bytes, int peer, long tag) implements GoalModel {}

  /** {@code lLABEL: recv BYTESb from PEER tag TAG}. */
  record Recv(int label, long bytes, int peer, long tag) implements GoalModel {}

  /** {@code lLABEL: calc AMOUNT}: computation, or a join of dependencies when 0. */
  record Calc(int label, long amount) implements GoalModel {}

  /** {@code lLABEL requires lON}: LABEL starts when ON has completed. */
  record Requires(int label, int on) implements GoalModel {}

  /** {@code lLABEL irequires lON}: LABEL starts when ON has started. */
  record Irequires(int label, int on) implements GoalModel {}

  /** The structured walk's nodes, unused: GOAL unrolls every rank instead. */
  record Unrolled() implements GoalModel {}
}
