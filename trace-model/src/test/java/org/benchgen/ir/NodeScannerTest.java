package org.benchgen.ir;

import static org.benchgen.ir.Nodes.barrier;
import static org.benchgen.ir.Nodes.loop;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeScannerTest {
  private static final RankList ONE = RankList.range(0, 1);

  /** s1; loop { s2; loop { s3 } s4 } s5. */
  private static final List<Node> PROGRAM = List.of(barrier("s1", ONE),
      loop(ONE, barrier("s2", ONE), loop(ONE, barrier("s3", ONE)), barrier("s4", ONE)),
      barrier("s5", ONE));

  /** Records the sites of the RSDs it visits. */
  private static class Sites extends NodeScanner {
    final List<String> seen = new ArrayList<>();

    @Override
    public void visitRsd(Rsd rsd) {
      seen.add(rsd.site());
    }
  }

  @Test
  void visitsRsdsInProgramOrderGoingIntoEveryLoopByDefault() {
    Sites s = new Sites();
    s.scan(PROGRAM);
    assertEquals(List.of("s1", "s2", "s3", "s4", "s5"), s.seen);
  }

  @Test
  void anOverrideThatCallsSuperVisitsTheLoopAroundItsBody() {
    Sites s = new Sites() {
      @Override
      public void visitLoop(Loop loop) {
        seen.add("{");
        super.visitLoop(loop);
        seen.add("}");
      }
    };
    s.scan(PROGRAM);
    assertEquals(List.of("s1", "{", "s2", "{", "s3", "}", "s4", "}", "s5"), s.seen);
  }

  @Test
  void anOverrideThatDoesNotCallSuperSkipsTheLoopsBody() {
    Sites s = new Sites() {
      @Override
      public void visitLoop(Loop loop) {
        seen.add("loop of " + loop.body().size());
      }
    };
    s.scan(PROGRAM);
    assertEquals(List.of("s1", "loop of 3", "s5"), s.seen);
  }

  @Test
  void anEmptyBodyVisitsNothing() {
    Sites s = new Sites();
    s.scan(List.of(loop(ONE)));
    assertEquals(List.of(), s.seen);
  }
}
