package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.testing.CompressedText;
import org.junit.jupiter.api.Test;

/** MPI_Cart_create's grid and dims, by MPI's row-major numbering worked out by hand. */
class CartesianSidesTest {
  private static CompressedTrace cart(int world, String dims, String ranks) {
    return CompressedText.read("benchgen-compressed 1", "world " + world,
        "comm 1 members=0.." + (world - 1), "MPI_Init site=m.c:1", "    duration 1*" + world,
        "MPI_Cart_create site=c.c:2" + ranks + " comm=0 dims=" + dims
            + " periods=[1,0] newcomm=1",
        "    compute ^ 1*" + world, "    duration 1*" + world, "MPI_Finalize site=m.c:9",
        "    compute ^ 1*" + world, "    duration 1*" + world);
  }

  /** dims [4, 3]: 12 ranks, the last dimension (3) varying fastest: a Grid of 3 x 4. */
  @Test
  void theGridIsTheDimsReversed() {
    Optional<Grid> g = CartesianSides.of(cart(12, "[4,3]", ""), Set.of(0L));
    assertArrayEquals(new int[] {3, 4}, g.orElseThrow().dims());
    // Sides that do not multiply to the world, or a grid of some ranks only, say nothing.
    assertTrue(CartesianSides.of(cart(12, "[4,2]", ""), Set.of(0L)).isEmpty());
    assertTrue(CartesianSides.of(cart(12, "[4,3]", " ranks=0..5"), Set.of(0L)).isEmpty());
  }

  @Test
  void aListIsTheSidesInMpisOrder() {
    assertArrayEquals(new long[] {8, 4}, CartesianSides.mpiOrder(new Grid(new int[] {4, 8}), 2)
        .orElseThrow());
    // A 3-D grid of one plane is a 2-D grid's sides with a 1 first.
    assertArrayEquals(new long[] {1, 4, 2}, CartesianSides.mpiOrder(new Grid(new int[] {2, 4}),
        3).orElseThrow());
    assertEquals(Optional.empty(), CartesianSides.mpiOrder(new Grid(new int[] {2, 4, 2}), 2)
        .map(a -> a.length));
    assertTrue(CartesianSides.isSidesOf(new long[] {4, 2}, new Grid(new int[] {2, 4})));
    assertFalse(CartesianSides.isSidesOf(new long[] {2, 4}, new Grid(new int[] {2, 4})));
  }
}
