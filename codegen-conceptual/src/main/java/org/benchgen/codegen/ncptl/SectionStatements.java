package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;

/**
 * The statements of one statement number of an irregular section ({@link SectionSteps}): its
 * compute, then its call. A point-to-point call is made by {@code TASK caller} with {@code TASK
 * peer}, as the step says; a collective by all its members, as a collective at the top level
 * would be ({@link Collectives}, given one call whose values are its members').
 */
final class SectionStatements {
  private final Emission e;
  private final PointToPoint p2p;
  private final Collectives collectives;
  private final Communicators comms;

  SectionStatements(Emission e, PointToPoint p2p, Collectives collectives) {
    this.e = e;
    this.p2p = p2p;
    this.collectives = collectives;
    this.comms = e.comms;
  }

  /** The statements, and which of the step's parts they read ({@link DataSections#PARTS}). */
  record Said(List<OutputModel> statements, boolean[] reads) {}

  /** Statement {@code st}'s; {@code tagged}: it holds its tags, else they are the step's. */
  Said of(SectionSteps.Statement st, boolean tagged) {
    long us = Math.round(st.meanNs() / 1000);
    Op op = st.key.op();
    List<OutputModel> out = new ArrayList<>();
    if (op.kind() == OpKind.COLLECTIVE) {
      Rsd call = call(st);
      if (us > 0) {
        e.parts.of(call).forEach(p -> out.add(new NModel.Compute(e.tasks.who(p, false), us)));
      }
      out.addAll(collectives.collective(call));
      return new Said(out, new boolean[DataSections.PARTS.size()]);
    }
    NModel.Who me = new NModel.OneTask(Expressions.var(DataSections.CALLER));
    if (us > 0) {
      out.add(new NModel.Compute(me, us));
    }
    List<Long> c = st.key.constants();
    boolean[] reads = new boolean[DataSections.PARTS.size()];
    int half = tagged ? 2 : 1;
    switch (op.kind()) {
      case SEND -> message(out, me, true, op.createsRequest(), c, 0, tagged, 2, reads);
      case RECV -> message(out, me, false, op == Op.IRECV, c, 0, tagged, 2, reads);
      case SENDRECV -> {
        e.note(PointToPoint.SENDRECV);
        message(out, me, true, true, c, 0, tagged, 2, reads);
        message(out, me, false, true, c, half, tagged, 3, reads);
        await(out, me, c.get(2 * half) == 1);
      }
      case COMPLETION -> await(out, me, c.get(0) == 1);
      case PROBE -> e.note(op.mpiName() + " was left out (it moves no data)");
      default -> { }
    }
    reads[1] = !out.isEmpty();
    return new Said(out, reads);
  }

  /**
   * The message half at {@code c[from]} (its bytes, -1 for none; then its tag where {@code
   * tagged}) to or from the task the step's part {@code peerPart} names, its tag otherwise the
   * part two further; marks the parts read.
   */
  private static void message(List<OutputModel> out, NModel.Who me, boolean send, boolean async,
      List<Long> c, int from, boolean tagged, int peerPart, boolean[] reads) {
    long bytes = c.get(from);
    if (bytes < 0) {
      return;
    }
    Value tag = tagged ? Expressions.lit(c.get(from + 1))
        : Expressions.var(DataSections.PARTS.get(peerPart + 2));
    reads[peerPart] = true;
    reads[peerPart + 2] = !tagged;
    NModel.Message m = NModel.Message.of(Expressions.lit(bytes),
        tag.equals(Expressions.lit(0)) ? List.of() : List.of(tag));
    NModel.Who peer = new NModel.OneTask(Expressions.var(DataSections.PARTS.get(peerPart)));
    out.add(send ? new NModel.Send(me, async, m, peer) : new NModel.Receive(me, async, m, peer));
  }

  private void await(List<OutputModel> out, NModel.Who me, boolean nothingOpen) {
    if (nothingOpen) {
      out.add(new NModel.Await(me));
    } else {
      p2p.deferred();
    }
  }

  /**
   * The collective as one call of its members: each parameter one entry per distinct value
   * (peers, the root, stored as communicator ranks, as in the trace).
   */
  private Rsd call(SectionSteps.Statement st) {
    Op op = st.key.op();
    int[] members = comms.members(st.key.constants().get(0));
    List<Param> params = new ArrayList<>();
    for (int slot = 0; slot < op.fields().size(); slot++) {
      Field f = op.fields().get(slot);
      List<Integer> holders = new ArrayList<>();
      List<EntryValues> values = new ArrayList<>();
      for (int j = 0; j < members.length; j++) {
        long v = st.members.get(j).get(slot);
        if (v != Sym.ABSENT.code()) {
          holders.add(members[j]);
          ValueSeq seq = ValueSeq.of(v);
          values.add(f.isPeer() ? new EntryValues.Absolute(seq) : new EntryValues.Plain(seq));
        }
      }
      params.add(Param.grouped(holders.stream().mapToInt(Integer::intValue).toArray(), values));
    }
    return new Rsd(op, st.first.site(), RankList.of(members), params, List.of(),
        st.first.duration());
  }
}
