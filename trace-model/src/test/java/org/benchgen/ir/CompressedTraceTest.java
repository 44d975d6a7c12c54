package org.benchgen.ir;

import static org.benchgen.ir.Nodes.barrier;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Optional;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

class CompressedTraceTest {
  private static final RankList ALL = RankList.range(0, 4);
  private final SymbolTable symbols = new SymbolTable();
  private final CompressedTrace trace = new CompressedTrace(4,
      List.of(new CommDef(1, List.of(3, 1))), List.of(barrier("a", ALL)), symbols);

  @Test
  void withBodyKeepsEverythingButTheBody() {
    List<Node> other = List.of(barrier("b", ALL), barrier("c", ALL));
    CompressedTrace t = trace.withBody(other);
    assertEquals(other, t.body());
    assertEquals(4, t.worldSize());
    assertEquals(trace.comms(), t.comms());
    assertSame(symbols, t.symbols(), "the same table: the new body's ids are its ids");
  }

  @Test
  void withBodyLeavesTheOriginalAsItWas() {
    trace.withBody(List.of());
    assertEquals(List.of(barrier("a", ALL)), trace.body());
  }

  @Test
  void communicatorZeroIsTheWorldAndOthersAreLookedUp() {
    assertEquals(Optional.of(new CommDef(0, List.of(0, 1, 2, 3))), trace.comm(0));
    assertEquals(Optional.of(new CommDef(1, List.of(3, 1))), trace.comm(1));
    assertEquals(Optional.empty(), trace.comm(2));
  }
}
