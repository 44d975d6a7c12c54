package org.benchgen.otf2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.trace.Op;

/**
 * What every member of a blocking v-collective sent and received, by communicator and call: a
 * rank's OTF2 record has only its own totals, but the counts of a v-collective must agree between
 * members ({@code MPI_Alltoallv}'s {@code counts} on one rank are the {@code rcounts} of the
 * others), or the benchmark fails in MPI. A first pass over the bridge's files gathers them
 * (docs/otf2.md, "v-collectives").
 */
final class CollectiveShares {
  /**
   * Whether {@code op} is a v-collective whose shares are gathered: a blocking one with counts
   * per peer (the vocabulary's shape), not a neighbourhood one (OTF2 has none).
   */
  static boolean gathered(Op op) {
    return op == op.blockingForm() && op.isVector() && !op.isNeighbourhood();
  }
  /** Members' entries kept at most; beyond, shares are spread by rule (counted). */
  static final long MAX_ENTRIES = 1L << 24;

  /** Per communicator id, per call index: {sent, received} of each member (by its rank in it). */
  private final Map<Long, List<long[][]>> calls = new HashMap<>();
  private long entries;

  private CollectiveShares() {}

  /** The shares of the {@code k}-th blocking v-collective on communicator {@code comm}. */
  Optional<long[][]> get(long comm, int k) {
    List<long[][]> l = calls.get(comm);
    return l == null || k >= l.size() ? Optional.empty() : Optional.ofNullable(l.get(k));
  }

  /** Reads the bridge's rank files in {@code bridge}. */
  static CollectiveShares read(Path bridge, ImportDefs defs) throws IOException {
    CollectiveShares s = new CollectiveShares();
    Map<Long, Op> vRegions = new HashMap<>();
    defs.regions().forEach((ref, name) -> Op.forName(name).filter(CollectiveShares::gathered)
        .ifPresent(op -> vRegions.put(ref, op)));
    if (vRegions.isEmpty()) {
      return s;
    }
    for (int r = 0; r < defs.ranks(); r++) {
      s.readRank(bridge.resolve("rank-" + r), r, defs, vRegions);
    }
    return s;
  }

  private void readRank(Path file, int rank, ImportDefs defs, Map<Long, Op> vRegions)
      throws IOException {
    Map<Long, Integer> k = new HashMap<>();
    long inside = -1;
    boolean seen = false;
    try (BridgeRecords in = new BridgeRecords(file)) {
      for (BridgeEvent e = in.next(); e != null; e = in.next()) {
        if (inside < 0 && e instanceof BridgeEvent.Enter x) {
          if (vRegions.containsKey(x.region())) {
            inside = x.region();
            seen = false;
          }
        } else if (inside >= 0 && !seen && e instanceof BridgeEvent.CollectiveEnd c) {
          seen = true;
          defs.comm(c.comm(), rank).ifPresent(comm -> put(comm, rank,
              k.merge(comm.id(), 1, Integer::sum) - 1, c.sent(), c.received()));
        } else if (inside >= 0 && e instanceof BridgeEvent.Leave x && x.region() == inside) {
          inside = -1;
        }
      }
    } catch (IllegalArgumentException e) {
      // The main pass reads the same lines and says what is wrong, with the record's number.
    }
  }

  private void put(ImportDefs.Comm comm, int rank, int k, long sent, long received) {
    int me = RecordFields.indexIn(comm, rank);
    int n = comm.members().length;
    if (me < 0) {
      return;
    }
    List<long[][]> l = calls.computeIfAbsent(comm.id(), x -> new ArrayList<>());
    while (l.size() <= k) {
      if (entries + n > MAX_ENTRIES) {
        return; // the import spreads these shares by rule, and counts them
      }
      entries += n;
      long[][] members = new long[n][];
      l.add(members);
    }
    l.get(k)[me] = new long[] {sent, received};
  }
}
