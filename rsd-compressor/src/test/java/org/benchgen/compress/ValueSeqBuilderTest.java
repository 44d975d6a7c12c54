package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PrimitiveIterator;
import java.util.Random;
import org.benchgen.ir.ValueSeq;
import org.benchgen.ir.format.ValueText;
import org.benchgen.trace.FieldKind;
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
  void aTailStaysExact() {
    assertEquals("(1024,2048)*3,4096", text(of(1024, 2048, 1024, 2048, 1024, 2048, 4096)));
  }

  @Test
  void cyclicReadingGivesBackTheValues() {
    Random rnd = new Random(3);
    for (int k = 0; k < 300; k++) {
      int n = 1 + rnd.nextInt(60);
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
