package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link BoundedMyers} matches what java-diff-utils' Myers diff matched (so merges that were cheap
 * keep their result), and {@link SequenceAlignment} stays valid and linear past Myers' bound.
 */
class SequenceAlignmentTest {
  @Test
  void boundedMyersMatchesJavaDiffUtilsOnRandomSequences() {
    SplittableRandom rnd = new SplittableRandom(18);
    for (int trial = 0; trial < 3_000; trial++) {
      int alphabet = 1 + rnd.nextInt(6);
      List<Integer> a = random(rnd, rnd.nextInt(40), alphabet);
      List<Integer> b = mutate(rnd, a, alphabet);
      int[] expected = diffUtilsPairs(a, b);
      int[] got = BoundedMyers.match(a, b, Objects::equals, a.size() + b.size()).orElseThrow();
      assertArrayEquals(expected, got, a + " vs " + b);
      assertArrayEquals(expected, SequenceAlignment.align(a, b, Objects::equals, x -> x));
    }
  }

  @Test
  void boundedMyersGivesUpPastTheBound() {
    List<Integer> a = IntStream.range(0, 10).boxed().toList();
    List<Integer> b = IntStream.range(10, 20).boxed().toList();
    assertTrue(BoundedMyers.match(a, b, Objects::equals, 19).isEmpty());
    assertEquals(0, BoundedMyers.match(a, b, Objects::equals, 20).orElseThrow().length);
  }

  @Test
  void sequencesSharingOnlyTheirEndsAlignOnThemPastTheBound() {
    int n = 3 * SequenceAlignment.MAX_EDITS;
    List<Integer> a = new ArrayList<>();
    List<Integer> b = new ArrayList<>();
    a.add(-1);
    b.add(-1);
    for (int i = 0; i < n; i++) {
      a.add(i);
      b.add(n + i);
    }
    a.add(-2);
    b.add(-2);
    assertArrayEquals(new int[] {0, 0, n + 1, n + 1},
        SequenceAlignment.align(a, b, Objects::equals, x -> x));
  }

  @Test
  void anchorsPastTheBoundKeepCommonElementsInOrder() {
    // Far apart (edit distance above the bound), yet a common subsequence of unique elements.
    SplittableRandom rnd = new SplittableRandom(7);
    List<Integer> a = new ArrayList<>();
    List<Integer> b = new ArrayList<>();
    int shared = 0;
    for (int i = 0; i < 6 * SequenceAlignment.MAX_EDITS; i++) {
      if (rnd.nextInt(4) == 0) {
        a.add(i);
        b.add(i);
        shared++;
      } else {
        a.add(1_000_000 + i);
        b.add(2_000_000 + i);
      }
    }
    int[] p = SequenceAlignment.align(a, b, Objects::equals, x -> x);
    assertEquals(2 * shared, p.length);
    for (int q = 0; q < p.length; q += 2) {
      assertEquals(a.get(p[q]), b.get(p[q + 1]));
      assertTrue(q == 0 || (p[q] > p[q - 2] && p[q + 1] > p[q - 1]));
    }
  }

  /** The matched pairs of java-diff-utils' patch: what lies between its deltas. */
  private static int[] diffUtilsPairs(List<Integer> a, List<Integer> b) {
    List<Integer> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    for (AbstractDelta<Integer> d : DiffUtils.diff(a, b, Objects::equals).getDeltas()) {
      while (i < d.getSource().getPosition()) {
        out.add(i++);
        out.add(j++);
      }
      i += d.getSource().size();
      j += d.getTarget().size();
    }
    while (i < a.size()) {
      out.add(i++);
      out.add(j++);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static List<Integer> random(SplittableRandom rnd, int n, int alphabet) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(rnd.nextInt(alphabet));
    }
    return out;
  }

  /** {@code a} with some elements deleted, inserted or changed (or a fresh sequence). */
  private static List<Integer> mutate(SplittableRandom rnd, List<Integer> a, int alphabet) {
    if (rnd.nextInt(5) == 0) {
      return random(rnd, rnd.nextInt(40), alphabet);
    }
    List<Integer> out = new ArrayList<>(a);
    int edits = rnd.nextInt(8);
    for (int e = 0; e < edits; e++) {
      int at = rnd.nextInt(out.size() + 1);
      switch (rnd.nextInt(3)) {
        case 0 -> out.add(at, rnd.nextInt(alphabet));
        case 1 -> {
          if (at < out.size()) {
            out.remove(at);
          }
        }
        default -> {
          if (at < out.size()) {
            out.set(at, rnd.nextInt(alphabet));
          }
        }
      }
    }
    return out;
  }
}
