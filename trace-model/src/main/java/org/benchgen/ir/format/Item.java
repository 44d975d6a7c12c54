package org.benchgen.ir.format;

import java.util.List;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Rsd;

/**
 * A line of the body as the writer writes it: a call, a loop over items, or a use of a shared
 * block ({@link SharedBlocks}). Bodies are mutable lists while blocks are being formed.
 */
sealed interface Item permits Item.Call, Item.Rep, Item.Use {
  /** A call line and its time lines. */
  record Call(Rsd rsd) implements Item {}

  /** A loop: its ranks and trips, and its body as items. */
  record Rep(Loop loop, List<Item> body) implements Item {}

  /** {@code use N n=K}: block {@code block} here, which made its first call {@code calls} times. */
  record Use(int block, long calls) implements Item {}
}
