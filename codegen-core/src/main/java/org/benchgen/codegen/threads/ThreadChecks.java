package org.benchgen.codegen.threads;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * What running a phase's lanes at once could change, checked on one rank's blocks. MPI matches a
 * message by communicator, source and tag; between threads of one rank the order is not fixed,
 * so a channel (communicator, peer, tag) that two lanes of a phase use, or a wildcard receive
 * beside another lane's receives on its communicator, must carry messages of one size, or which
 * thread gets which message would change what is received. MPI leaves the order of collectives
 * on one communicator from two threads open too (the program must order them itself, which the
 * trace does not record): two lanes of a phase that make collectives on one communicator are
 * refused, but on a communicator of one rank (any order is the same there: the benchmark makes
 * them under a lock, {@link ThreadComms}) or where every one of them is an
 * MPI_Comm_create_group whose tag no other lane uses (MPI tells those apart by the tag).
 */
final class ThreadChecks {
  private ThreadChecks() {}

  /** Why the lanes of {@code rank}'s phases cannot run at once; empty when they can. */
  static Optional<String> check(ThreadSplit.RankBlocks rank) {
    Map<Integer, Map<ThreadBlock, List<RawEvent>>> phases = new HashMap<>();
    rank.events().forEach((b, es) -> {
      if (b.parallel() && !es.isEmpty()) {
        phases.computeIfAbsent(b.phase(), k -> new HashMap<>()).put(b, es);
      }
    });
    for (Map.Entry<Integer, Map<ThreadBlock, List<RawEvent>>> p : phases.entrySet()) {
      if (p.getValue().size() < 2) {
        continue;
      }
      Optional<String> r = phase(rank, p.getKey(), p.getValue());
      if (r.isPresent()) {
        return r;
      }
    }
    return Optional.empty();
  }

  /** The lanes and sizes seen on one channel. */
  private static final class Use {
    final Set<Integer> lanes = new TreeSet<>();
    final Set<Long> sizes = new TreeSet<>();
  }

  private static Optional<String> phase(ThreadSplit.RankBlocks blocks, int phase,
      Map<ThreadBlock, List<RawEvent>> lanes) {
    int rank = blocks.rank();
    Map<Long, Set<Integer>> collectives = new HashMap<>();
    // Per communicator, each lane's MPI_Comm_create_group tags; -1 for any other collective.
    Map<Long, Map<Integer, Set<Long>>> tags = new HashMap<>();
    Map<String, Use> sends = new HashMap<>();
    Map<String, Use> recvs = new HashMap<>();
    Map<Long, Use> byComm = new HashMap<>();
    Map<Long, Set<Integer>> wildcards = new HashMap<>();
    Map<Long, Set<Integer>> users = new HashMap<>();
    Map<Long, Integer> madeOrFreed = new HashMap<>();
    Map<String, Use> improbed = new HashMap<>(); // lanes; sizes: the channel's communicator
    Map<String, Set<Integer>> otherTakers = new HashMap<>(); // by calls other than MPI_Improbe
    Map<Long, Set<Integer>> otherWildcards = new HashMap<>();
    for (Map.Entry<ThreadBlock, List<RawEvent>> l : lanes.entrySet()) {
      int lane = l.getKey().lane();
      for (RawEvent e : l.getValue()) {
        OpKind k = e.op().kind();
        if (!e.isPresent(Field.COMM)) {
          continue;
        }
        long comm = e.get(Field.COMM);
        users.computeIfAbsent(comm, c -> new TreeSet<>()).add(lane);
        if (k == OpKind.COMM_FREE) {
          madeOrFreed.put(comm, lane);
        }
        if (k == OpKind.COMM_CREATE && e.isPresent(Field.NEWCOMM)
            && !Sym.isSymbol(e.get(Field.NEWCOMM))) {
          madeOrFreed.put(e.get(Field.NEWCOMM), lane);
        }
        if (k == OpKind.COLLECTIVE || k == OpKind.COMM_CREATE || k == OpKind.COMM_FREE) {
          collectives.computeIfAbsent(comm, c -> new TreeSet<>()).add(lane);
          tags.computeIfAbsent(comm, c -> new HashMap<>()).computeIfAbsent(lane,
              x -> new TreeSet<>()).add(e.op() == Op.COMM_CREATE_GROUP ? e.get(Field.TAG) : -1L);
        }
        if ((k == OpKind.SEND || k == OpKind.SENDRECV) && e.isPresent(Field.DEST)
            && e.op() != Op.RECV_INIT) {
          Use u = sends.computeIfAbsent(comm + " to " + peer(e.get(Field.DEST)) + " tag "
              + peer(e.get(Field.TAG)), c -> new Use());
          u.lanes.add(lane);
          u.sizes.add(e.get(Field.COUNT) * e.get(Field.TSIZE));
        }
        if ((k == OpKind.RECV || k == OpKind.SENDRECV) && e.isPresent(Field.BYTES)
            && e.isPresent(Field.SRC)) {
          long src = e.isPresent(Field.ASRC) ? e.get(Field.ASRC) : e.get(Field.SRC);
          long tag = e.isPresent(Field.ATAG) ? e.get(Field.ATAG)
              : e.op() == Op.SENDRECV ? e.get(Field.RTAG) : e.get(Field.TAG);
          String channel = comm + " from " + peer(src) + " tag " + peer(tag);
          if (e.op() == Op.IMPROBE) {
            Use p = improbed.computeIfAbsent(channel, c -> new Use());
            p.lanes.add(lane);
            p.sizes.add(comm);
          } else {
            otherTakers.computeIfAbsent(channel, c -> new TreeSet<>()).add(lane);
          }
          Use u = recvs.computeIfAbsent(channel, c -> new Use());
          u.lanes.add(lane);
          u.sizes.add(e.get(Field.BYTES));
          Use c = byComm.computeIfAbsent(comm, x -> new Use());
          c.lanes.add(lane);
          c.sizes.add(e.get(Field.BYTES));
          long posted = e.get(Field.SRC);
          long postedTag = e.op() == Op.SENDRECV ? e.get(Field.RTAG) : e.get(Field.TAG);
          if (posted == Sym.ANY_SOURCE.code() || postedTag == Sym.ANY_TAG.code()) {
            wildcards.computeIfAbsent(comm, x -> new TreeSet<>()).add(lane);
            if (e.op() != Op.IMPROBE) {
              otherWildcards.computeIfAbsent(comm, x -> new TreeSet<>()).add(lane);
            }
          }
        }
      }
    }
    String where = "rank " + rank + ", phase " + phase + " of its threads: ";
    for (Map.Entry<Long, Set<Integer>> c : collectives.entrySet()) {
      if (c.getValue().size() > 1 && !ThreadComms.oneRank(blocks, c.getKey())
          && !apartByTag(tags.get(c.getKey()))) {
        return Optional.of(where + "lanes " + c.getValue() + " make collectives on communicator "
            + c.getKey() + ", whose order between threads the trace does not record");
      }
    }
    for (Map.Entry<Long, Integer> m : madeOrFreed.entrySet()) {
      Set<Integer> others = new TreeSet<>(users.getOrDefault(m.getKey(), Set.of()));
      others.remove(m.getValue());
      if (!others.isEmpty()) {
        return Optional.of(where + "lane " + m.getValue() + " makes or frees communicator "
            + m.getKey() + ", which lanes " + others + " use at the same time");
      }
    }
    for (Map.Entry<String, Use> s : sends.entrySet()) {
      if (s.getValue().lanes.size() > 1 && s.getValue().sizes.size() > 1) {
        return Optional.of(where + "lanes " + s.getValue().lanes + " send on communicator "
            + s.getKey() + " messages of " + s.getValue().sizes + " bytes, which MPI may match"
            + " in either order");
      }
    }
    for (Map.Entry<String, Use> r : recvs.entrySet()) {
      if (r.getValue().lanes.size() > 1 && r.getValue().sizes.size() > 1) {
        return Optional.of(where + "lanes " + r.getValue().lanes + " receive on communicator "
            + r.getKey() + " messages of " + r.getValue().sizes + " bytes, which MPI may match"
            + " in either order");
      }
    }
    // A benchmark's MPI_Improbe that found its message waits for it unseen, then looks again and
    // takes it under a lock that only the rank's other such MPI_Improbe take (bg_improbe): another
    // lane that takes messages of that channel by another call (a receive, MPI_Mprobe, a wildcard)
    // may take it in between, and the probe would find none.
    for (Map.Entry<String, Use> i : improbed.entrySet()) {
      Set<Integer> others = new TreeSet<>(otherTakers.getOrDefault(i.getKey(), Set.of()));
      others.addAll(otherWildcards.getOrDefault(i.getValue().sizes.iterator().next(), Set.of()));
      Set<Integer> takers = new TreeSet<>(others);
      takers.addAll(i.getValue().lanes);
      if (!others.isEmpty() && takers.size() > 1) {
        return Optional.of(where + "lanes " + others + " take messages on communicator "
            + i.getKey() + " by calls other than MPI_Improbe, which lanes " + i.getValue().lanes
            + " find with MPI_Improbe: the benchmark's threads could take one another's (its"
            + " MPI_Improbe waits for the message before it takes it)");
      }
    }
    for (Map.Entry<Long, Set<Integer>> w : wildcards.entrySet()) {
      Use c = byComm.get(w.getKey());
      if (c.lanes.size() > 1 && c.sizes.size() > 1) {
        return Optional.of(where + "a wildcard receive on communicator " + w.getKey()
            + " beside receives of other lanes (lanes " + c.lanes + ", messages of " + c.sizes
            + " bytes), which MPI may match in either order");
      }
    }
    return Optional.empty();
  }

  /**
   * Whether every lane's collectives on a communicator are MPI_Comm_create_group calls with tags
   * no other lane uses: MPI lets threads make those at once, told apart by the tag.
   */
  private static boolean apartByTag(Map<Integer, Set<Long>> byLane) {
    Set<Long> seen = new java.util.HashSet<>();
    for (Set<Long> t : byLane.values()) {
      for (long tag : t) {
        if (tag < 0 || !seen.add(tag)) {
          return false;
        }
      }
    }
    return true;
  }

  private static String peer(long v) {
    return Sym.isSymbol(v) ? Sym.of(v).text() : Long.toString(v);
  }
}
