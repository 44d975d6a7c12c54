package org.benchgen.ir;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.rep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Compact node lists read as the nodes they were given: element by element, in equality and hash
 * against ordinary lists, and through a value sequence's cursor.
 */
class VNodesTest {
  /** Random nodes: leaves of small and large values, runs {@code v*k}, nested repetitions. */
  private static List<VNode> randomNodes(Random rnd, int n) {
    List<VNode> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long v = switch (rnd.nextInt(3)) {
        case 0 -> rnd.nextInt(100) - 50;
        case 1 -> rnd.nextLong();
        default -> Integer.MAX_VALUE + (long) rnd.nextInt(3) - 1;
      };
      out.add(switch (rnd.nextInt(6)) {
        case 0 -> rep(2 + rnd.nextInt(5), leaf(v));
        case 1 -> rep(2, leaf(v), leaf(v + 1));
        case 2 -> rep(1, leaf(v));
        default -> leaf(v);
      });
    }
    return out;
  }

  private static List<Long> expand(List<VNode> nodes) {
    List<Long> out = new ArrayList<>();
    for (PrimitiveIterator.OfLong it = new ValueSeq(nodes).once(); it.hasNext(); ) {
      out.add(it.nextLong());
    }
    return out;
  }

  @Test
  void compactListsEqualTheirNodes() {
    Random rnd = new Random(7);
    for (int round = 0; round < 300; round++) {
      List<VNode> nodes = randomNodes(rnd, rnd.nextInt(200));
      List<VNode> compact = VNodes.of(new ArrayList<>(nodes));
      assertEquals(nodes, compact);
      assertEquals(compact, nodes);
      assertEquals(nodes.hashCode(), compact.hashCode());
      for (int i = 0; i < nodes.size(); i++) {
        assertEquals(nodes.get(i), compact.get(i));
      }
      VNodes.Builder b = new VNodes.Builder();
      nodes.forEach(b::add);
      assertEquals(nodes, b.build());
      assertEquals(VNodes.of(nodes), b.build());
      // What a cursor reads from compact bodies equals what it reads from plain ones.
      List<Long> plain = new ArrayList<>();
      for (VNode n : nodes) {
        plain.addAll(expand(List.of(n)));
      }
      assertEquals(plain, expand(compact));
    }
  }

  @Test
  void longListsAreCompactAndShortOnesCopies() {
    List<VNode> nodes = randomNodes(new Random(1), 100);
    assertTrue(VNodes.of(nodes) instanceof VNodes.Compact);
    assertFalse(VNodes.of(nodes.subList(0, VNodes.MIN_COMPACT - 1)) instanceof VNodes.Compact);
    // A repetition's body is compact too, and still reads as its nodes.
    VNode.Rep r = VNode.Rep.of(nodes, 3);
    assertTrue(r.body() instanceof VNodes.Compact);
    assertEquals(r, VNode.Rep.of(new ArrayList<>(nodes), 3));
    assertEquals(3 * expand(nodes).size(), expand(List.of(r)).size());
  }

  @Test
  void aValueChangedAnywhereMakesTheListsDiffer() {
    List<VNode> nodes = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      nodes.add(leaf(i * 1000L));
    }
    List<VNode> a = VNodes.of(nodes);
    nodes.set(37, leaf(-1));
    List<VNode> b = VNodes.of(nodes);
    assertNotEquals(a, b);
    nodes.set(37, rep(2, leaf(37_000)));
    assertNotEquals(a, VNodes.of(nodes));
    // Wide values (past an int) are kept whole.
    nodes.set(37, leaf(1L << 40));
    assertEquals(1L << 40, ((VNode.Leaf) VNodes.of(nodes).get(37)).value());
  }

  @Test
  void compactListsAreImmutable() {
    List<VNode> c = VNodes.of(randomNodes(new Random(3), 40));
    assertThrows(UnsupportedOperationException.class, () -> c.set(0, leaf(1)));
    assertThrows(UnsupportedOperationException.class, () -> c.add(leaf(1)));
    assertThrows(UnsupportedOperationException.class, () -> c.remove(0));
  }
}
