package org.benchgen.otf2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * How far into each rank's part of each window the archive's one-sided operations reach: OTF2
 * has neither a window's size nor an operation's displacement, and the import puts every
 * operation at displacement 0, so a window must hold on each rank the most bytes any operation
 * targets there (docs/otf2.md, "One-sided communication"). A first pass over the bridge's files
 * gathers them, as {@link CollectiveShares} gathers v-collectives' shares.
 */
final class WindowReach {
  /** Bytes by "window reference, target's rank in the window's communicator". */
  private final Map<String, Long> reach = new HashMap<>();

  private WindowReach() {}

  /** No window reaches anywhere (an archive without windows, or a test's). */
  static WindowReach none() {
    return new WindowReach();
  }

  /** The bytes the operations on window {@code win} reach at its member {@code target}. */
  long of(long win, long target) {
    return reach.getOrDefault(win + " " + target, 0L);
  }

  /** Reads the bridge's rank files in {@code bridge}, if the archive defines any window. */
  static WindowReach read(Path bridge, ImportDefs defs) throws IOException {
    WindowReach w = new WindowReach();
    if (defs.windows().isEmpty()) {
      return w;
    }
    for (int r = 0; r < defs.ranks(); r++) {
      try (BridgeRecords in = new BridgeRecords(bridge.resolve("rank-" + r))) {
        for (BridgeEvent e = in.next(); e != null; e = in.next()) {
          if (e instanceof BridgeEvent.Numbers x && (x.kind() == NumberRecord.PUT
              || x.kind() == NumberRecord.GET || x.kind() == NumberRecord.ATOMIC)
              && x.get("remote") != NumberRecord.ALL_TARGETS) {
            long bytes = x.kind() == NumberRecord.ATOMIC ? Math.max(x.get("sent"),
                x.get("received")) : x.get("bytes");
            w.reach.merge(x.get("win") + " " + x.get("remote"), bytes, Math::max);
          }
        }
      } catch (IllegalArgumentException e) {
        // The main pass reads the same records and says what is wrong, with the record's number.
      }
    }
    return w;
  }
}
