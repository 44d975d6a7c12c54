package org.benchgen.stats;

import java.util.HashMap;
import java.util.Map;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/**
 * The bytes of each call of one rank's stream, in order, as {@code stats} counts them: {@link
 * ByteCount} with what it needs from the stream so far, this rank's rank in each communicator and
 * the bytes each persistent collective's start moves. Also the peers of each communicator, as world
 * ranks. Fed the rank's communicator definitions and events in stream order; shared by {@code
 * stats} ({@link TraceStats}) and the query engine's {@code calls}.
 */
public final class RankBytes {
  private final int rank;
  /** Per communicator, the world ranks of its peers (the remote group's, on an intercomm). */
  private final Map<Long, long[]> peers = new HashMap<>();
  /** This rank's rank in each communicator, found once (not per event: worlds are large). */
  private final Map<Long, Integer> me = new HashMap<>();
  /** Per persistent collective request: the bytes each start of it moves (ByteCount). */
  private final Map<Long, Long> startedBytes = new HashMap<>();

  /** A counter for {@code rank}, the world's ranks in {@code world} (shared, not copied). */
  public RankBytes(int rank, long[] world) {
    this.rank = rank;
    peers.put(0L, world);
    me.put(0L, rank);
  }

  /** A communicator the stream defines ({@link org.benchgen.rawtrace.RawTraceReader.Sink#comm}). */
  public void comm(long id, long[] worldRanks, long[] remote) {
    // Peers (the message matrix's) are ranks of the remote group on an intercommunicator.
    peers.put(id, remote.length > 0 ? remote : worldRanks);
    int mine = -1;
    for (int i = 0; i < worldRanks.length && remote.length == 0; i++) {
      mine = worldRanks[i] == rank ? i : mine;
    }
    me.put(id, mine);
  }

  /** The world ranks of the peers of the communicator of {@code e}; empty for a call without. */
  public long[] peersOf(RawEvent e) {
    if (!e.op().has(Field.COMM)) {
      return new long[0];
    }
    long[] m = peers.get(e.get(Field.COMM));
    return m == null ? new long[0] : m;
  }

  /** The bytes {@code e}, this rank's next event, moves. */
  public long of(RawEvent e) {
    int mine = mine(e);
    return ByteCount.of(e, mine) + persistentCollectives(e, mine);
  }

  /** The bytes collective {@code e} receives here ({@link ByteCount#collectiveReceived}). */
  public long received(RawEvent e) {
    return e.op().isCollective() && !e.op().isPersistentCollective()
        ? ByteCount.collectiveReceived(e, mine(e)) : 0;
  }

  /** This rank's rank in the communicator of {@code e}; -1 for none or an intercommunicator. */
  private int mine(RawEvent e) {
    if (!e.op().has(Field.COMM)) {
      return -1;
    }
    Integer m = me.get(e.get(Field.COMM));
    return m == null ? -1 : m;
  }

  /**
   * A persistent collective's bytes, counted at each start of its request: what the starts of
   * {@code e} move (its _init is remembered, counting none).
   */
  private long persistentCollectives(RawEvent e, int mine) {
    Op op = e.op();
    if (op.isPersistentCollective()) {
      startedBytes.put(e.get(Field.REQ), ByteCount.collective(e, mine));
    } else if (op == Op.REQUEST_FREE) {
      startedBytes.remove(e.get(Field.REQ));
    } else if (op.kind() == OpKind.START) {
      long sum = 0;
      for (long id : e.startedRequests()) {
        sum += startedBytes.getOrDefault(id, 0L);
      }
      return sum;
    }
    return 0;
  }
}
