package org.benchgen.ir;

/** Counts of a compressed trace's structure, for summaries. */
public record TraceSummary(int ranks, int comms, int rsds, int loops, int maxDepth) {
  public static TraceSummary of(CompressedTrace t) {
    Counter c = new Counter();
    c.scan(t.body());
    return new TraceSummary(t.worldSize(), t.comms().size(), c.rsds, c.loops, c.maxDepth);
  }

  private static final class Counter extends NodeScanner {
    int rsds;
    int loops;
    int maxDepth;
    private int depth;

    @Override
    public void visitRsd(Rsd rsd) {
      rsds++;
    }

    @Override
    public void visitLoop(Loop loop) {
      loops++;
      maxDepth = Math.max(maxDepth, ++depth);
      super.visitLoop(loop);
      depth--;
    }
  }
}
