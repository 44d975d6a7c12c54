package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PrimitiveIterator;
import java.util.Random;
import org.benchgen.ir.ValueSeq;
import org.benchgen.ir.format.ValueText;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

class ValueSeqBuilderTest {
  private static String text(ValueSeq s) {
    StringBuilder b = new StringBuilder();
    new ValueText(new SymbolTable()).seq(b, s, FieldKind.INT, false, "");
    return b.toString();
  }

  private static ValueSeq of(long... values) {
    ValueSeqBuilder b = new ValueSeqBuilder();
    for (long v : values) {
      b.push(v);
    }
    return b.build();
  }

  @Test
  void constantIsOneValueWhateverTheCount() {
    assertEquals("8", text(of(8)));
    assertEquals("8", text(of(8, 8, 8, 8, 8)));
  }

  @Test
  void shortestPeriodIsKept() {
    assertEquals("1024,2048", text(of(1024, 2048, 1024, 2048, 1024, 2048)));
    assertEquals("1*3,2", text(of(1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 2)));
  }

  @Test
  void aPatternThatTheFolderSplitAtAnotherPhaseIsItsCycle() {
    // Issue 21's case: PROC_NULL,0,PROC_NULL a hundred times folds, runs first, into
    // PROC_NULL,(0,PROC_NULL*2)*99,0,PROC_NULL; read cyclically it is PROC_NULL,0,PROC_NULL.
    long p = Sym.PROC_NULL.code();
    long[] v = new long[300];
    for (int i = 0; i < v.length; i++) {
      v[i] = i % 3 == 1 ? 0 : p;
    }
    assertEquals("PROC_NULL,0,PROC_NULL", text(of(v)));
    // Whole or not, but at least twice: 1,2,3 twice and a 1 is 1,2,3; 2,1,3,3,1 and a 2 stays.
    assertEquals("1,2,3", text(of(1, 2, 3, 1, 2, 3, 1)));
    assertEquals("2,1,3*2,1,2", text(of(2, 1, 3, 3, 1, 2)));
    // Ranks that ran one pattern a different number of times get one sequence.
    assertEquals(of(5, 6, 7, 5, 6, 7, 5), of(5, 6, 7, 5, 6, 7, 5, 6, 7, 5, 6));
  }

  @Test
  void theShortestPeriodByHand() {
    assertEquals(2, ShortestCycle.period(new long[] {1, 2, 1, 2, 1}));
    assertEquals(1, ShortestCycle.period(new long[] {4, 4, 4}));
    assertEquals(3, ShortestCycle.period(new long[] {1, 2, 3}));
    assertEquals(5, ShortestCycle.period(new long[] {2, 1, 3, 3, 1, 2}));
    assertEquals(4, ShortestCycle.period(new long[] {1, 1, 2, 1, 1, 1, 2}));
  }

  @Test
  void aTailStaysExact() {
    assertEquals("(1024,2048)*3,4096", text(of(1024, 2048, 1024, 2048, 1024, 2048, 4096)));
  }

  @Test
  void cyclicReadingGivesBackTheValues() {
    Random rnd = new Random(3);
    for (int k = 0; k < 300; k++) {
      int n = 1 + rnd.nextInt(k < 150 ? 60 : 3000);
      long[] v = new long[n];
      int period = 1 + rnd.nextInt(4);
      for (int i = 0; i < n; i++) {
        v[i] = rnd.nextInt(5) == 0 ? rnd.nextInt(3) : i % period;
      }
      PrimitiveIterator.OfLong it = of(v).iterator();
      for (int i = 0; i < n; i++) {
        assertEquals(v[i], it.nextLong(), "value " + i + " of case " + k);
      }
    }
  }

  @Test
  void pushingARunEqualsPushingEachValue() {
    Random rnd = new Random(5);
    for (int k = 0; k < 300; k++) {
      ValueSeqBuilder one = new ValueSeqBuilder();
      ValueSeqBuilder runs = new ValueSeqBuilder();
      for (int i = 0; i < 20; i++) {
        long v = rnd.nextInt(3);
        int t = 1 + rnd.nextInt(4);
        runs.push(v, t);
        for (int j = 0; j < t; j++) {
          one.push(v);
        }
      }
      assertEquals(one.build(), runs.build());
    }
  }
}
