package org.benchgen.ir;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.seq;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/** Which ranks of a compressed trace made calls from several threads, as a refusal names them. */
class TraceThreadsTest {
  /** A barrier on {@code ranks} whose thread parameter has one entry per list of values. */
  private static Rsd barrier(String site, Object... ranksThenThreads) {
    List<Param> params = new ArrayList<>(
        Collections.nCopies(Op.BARRIER.fields().size(), Param.none()));
    List<ParamEntry> entries = new ArrayList<>();
    RankList all = RankList.empty();
    for (int i = 0; i < ranksThenThreads.length; i += 2) {
      RankList ranks = (RankList) ranksThenThreads[i];
      all = all.union(ranks);
      long[] threads = (long[]) ranksThenThreads[i + 1];
      VNode[] leaves = new VNode[threads.length];
      for (int k = 0; k < threads.length; k++) {
        leaves[k] = leaf(threads[k]);
      }
      entries.add(new ParamEntry(new EntryValues.Plain(seq(leaves)), ranks));
    }
    params.set(Op.BARRIER.slot(Field.THREAD), new Param(entries));
    return new Rsd(Op.BARRIER, site, all, params, List.of(),
        CallTime.NONE);
  }

  private static CompressedTrace trace(int world, Node... body) {
    return new CompressedTrace(world, List.of(), List.of(body), new SymbolTable());
  }

  @Test
  void manyThreadsAreShortened() {
    long[] threads = new long[10_000];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = t + 1;
    }
    assertEquals("rank 0 made calls from 10001 threads (MPI's main thread and threads 1, 2, 3, 4,"
        + " 5, 6, 7, 8, ... 10000)",
        TraceThreads.several(trace(1, barrier("c", RankList.of(0), threads))).orElseThrow());
  }

  @Test
  void oneThreadPerRankIsNothingToSay() {
    RankList all = RankList.range(0, 4);
    // A parameter holding only "absent" (the main thread's calls) says nothing either.
    assertEquals(Optional.empty(), TraceThreads.several(trace(4, Nodes.barrier("b", all),
        barrier("c", all, new long[] {Sym.ABSENT.code()}))));
  }

  @Test
  void namesEachRankWithItsThreadsAndCountsTheRest() {
    // Ranks 0..9: thread 1 everywhere (a loop of the main thread and thread 1), thread 3 on
    // rank 2 at another site, in a loop.
    Node t1 = barrier("c", RankList.range(0, 10), new long[] {Sym.ABSENT.code(), 1});
    Node t3 = Nodes.loop(RankList.of(2), barrier("d", RankList.of(2), new long[] {3}));
    assertEquals("rank 0 made calls from 2 threads (MPI's main thread and thread 1), rank 1 made"
        + " calls from 2 threads (MPI's main thread and thread 1), rank 2 made calls from 3"
        + " threads (MPI's main thread and threads 1, 3), rank 3 made calls from 2 threads (MPI's"
        + " main thread and thread 1), rank 4 made calls from 2 threads (MPI's main thread and"
        + " thread 1), rank 5 made calls from 2 threads (MPI's main thread and thread 1), rank 6"
        + " made calls from 2 threads (MPI's main thread and thread 1), rank 7 made calls from 2"
        + " threads (MPI's main thread and thread 1), and 2 more ranks",
        TraceThreads.several(trace(10, t1, t3)).orElseThrow());
  }
}
