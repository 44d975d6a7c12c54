package org.benchgen.codegen.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;

/**
 * Communicators of one rank (MPI_COMM_SELF and what is made from it) that several lanes of a
 * phase use (docs/codegen.md, "Threads"). MPI leaves the order of two threads' collectives on
 * one communicator to the program; on a communicator of one rank any order is the same
 * communication, so the benchmark only keeps them apart: each such call is made under the rank's
 * one lock ({@code bg_self_lock}). The tracer gives a freed communicator's slot to the next one
 * made at its place (docs/tracer.md), whatever thread makes it, so several threads that each
 * dup MPI_COMM_SELF, use and free their copy name one slot (so do threads whose
 * MPI_Intercomm_create calls share a place: MPICH's idup_comm_gen); each lane that makes and
 * frees its copy of such a slot by itself gets a slot of its own here, so that the benchmark's
 * threads do not share one variable.
 */
final class ThreadComms {
  private ThreadComms() {}

  /** The block sites whose calls are made under the lock, and those on several ranks' comms. */
  record Locks(Set<String> locked, Set<String> shared) {}

  /** Whether {@code id} names a communicator of one rank on {@code rank}. */
  static boolean oneRank(ThreadSplit.RankBlocks rank, long id) {
    int i = rank.commIds().indexOf(id);
    return i >= 0 && rank.commMembers().get(i).size() == 1 && rank.commRemote().get(i).isEmpty();
  }

  private static boolean touches(RawEvent e, long id) {
    for (Field f : e.op().fields()) {
      if (f.kind().isComm() && e.isPresent(f) && e.get(f) == id) {
        return true;
      }
    }
    return false;
  }

  private static boolean collective(RawEvent e) {
    OpKind k = e.op().kind();
    return e.isPresent(Field.COMM)
        && (k == OpKind.COLLECTIVE || k == OpKind.COMM_CREATE || k == OpKind.COMM_FREE);
  }

  /**
   * {@code rank} with each slot that several blocks of a phase make given a slot of its own in
   * each of them, where every one makes it before any use and frees it last; the rest as it was.
   * The new id is a function of the slot, phase and lane, so that the same lane of every rank,
   * which does the same work, names the same communicator alike.
   */
  static ThreadSplit.RankBlocks privatised(ThreadSplit.RankBlocks rank) {
    Map<Integer, List<ThreadBlock>> phases = new LinkedHashMap<>();
    rank.events().keySet().stream().filter(ThreadBlock::parallel)
        .forEach(b -> phases.computeIfAbsent(b.phase(), k -> new ArrayList<>()).add(b));
    Map<ThreadBlock, Map<Long, Long>> renames = new HashMap<>();
    List<Long> ids = new ArrayList<>(rank.commIds());
    List<List<Integer>> members = new ArrayList<>(rank.commMembers());
    List<List<Integer>> remote = new ArrayList<>(rank.commRemote());
    for (Map.Entry<Integer, List<ThreadBlock>> p : phases.entrySet()) {
      Map<Long, List<ThreadBlock>> makers = new LinkedHashMap<>();
      for (ThreadBlock b : p.getValue()) {
        for (RawEvent e : rank.events().get(b)) {
          if (e.op().kind() == OpKind.COMM_CREATE && e.isPresent(Field.NEWCOMM)
              && !Sym.isSymbol(e.get(Field.NEWCOMM))) {
            List<ThreadBlock> m = makers.computeIfAbsent(e.get(Field.NEWCOMM),
                k -> new ArrayList<>());
            if (!m.contains(b)) {
              m.add(b);
            }
          }
        }
      }
      for (Map.Entry<Long, List<ThreadBlock>> m : makers.entrySet()) {
        long id = m.getKey();
        if (m.getValue().size() < 2
            || !m.getValue().stream().allMatch(b -> own(rank.events().get(b), id))) {
          continue; // ThreadChecks refuses what is not each lane's own
        }
        List<Integer> def = members.get(ids.indexOf(id));
        List<Integer> rem = remote.get(ids.indexOf(id));
        for (ThreadBlock b : m.getValue()) {
          long fresh = fresh(id, b, ids);
          ids.add(fresh);
          members.add(def);
          remote.add(rem);
          renames.computeIfAbsent(b, k -> new HashMap<>()).put(id, fresh);
        }
      }
    }
    if (renames.isEmpty()) {
      return rank;
    }
    Map<ThreadBlock, List<RawEvent>> events = new LinkedHashMap<>();
    rank.events().forEach((b, es) -> {
      Map<Long, Long> r = renames.get(b);
      events.put(b, r == null ? es : es.stream().map(e -> renamed(e, r)).toList());
    });
    // A slot given away in every block that named it is defined no more (a communicator no call
    // makes would be set up from its members at the start).
    for (Map<Long, Long> r : renames.values()) {
      for (long old : r.keySet()) {
        int i = ids.indexOf(old);
        if (i >= 0 && events.values().stream().flatMap(List::stream)
            .noneMatch(e -> touches(e, old))) {
          ids.remove(i);
          members.remove(i);
          remote.remove(i);
        }
      }
    }
    return new ThreadSplit.RankBlocks(rank.rank(), ids, members, remote, events);
  }

  /** Whether {@code events} make slot {@code id} before any other use and free it last. */
  private static boolean own(List<RawEvent> events, long id) {
    RawEvent first = null;
    RawEvent last = null;
    for (RawEvent e : events) {
      if (touches(e, id)) {
        first = first == null ? e : first;
        last = e;
      }
    }
    return first != null && first.op().kind() == OpKind.COMM_CREATE
        && first.isPresent(Field.NEWCOMM) && first.get(Field.NEWCOMM) == id
        && last.op().kind() == OpKind.COMM_FREE && last.get(Field.COMM) == id;
  }

  /** An id no communicator of the rank has, the same for a block's slot on every rank. */
  private static long fresh(long id, ThreadBlock b, List<Long> taken) {
    long h = id * 0x9E3779B97F4A7C15L + b.phase() * 0xC2B2AE3D27D4EB4FL + b.lane() * 31L;
    long v = Math.floorMod(h ^ (h >>> 29), 999_999_999_999_999_999L) + 1;
    while (taken.contains(v)) {
      v = v % 999_999_999_999_999_999L + 1;
    }
    return v;
  }

  private static RawEvent renamed(RawEvent e, Map<Long, Long> r) {
    long[] values = e.values().clone();
    boolean changed = false;
    for (Field f : e.op().fields()) {
      int s = e.op().slot(f);
      if (f.kind().isComm() && s >= 0 && r.containsKey(values[s])) {
        values[s] = r.get(values[s]);
        changed = true;
      }
    }
    return changed ? new RawEvent(e.op(), e.site(), e.enter(), e.exit(), values, e.lists(),
        e.cpu()) : e;
  }

  /**
   * The sites of the collectives on a one-rank communicator that two or more lanes of a phase
   * make (made under the lock), and the sites of calls on communicators of several ranks (which
   * must never hold it: a thread could wait in one for another rank while holding it).
   */
  static Locks locks(ThreadSplit.RankBlocks rank) {
    Map<Integer, Map<Long, Set<Integer>>> lanes = new HashMap<>();
    rank.events().forEach((b, es) -> {
      if (b.parallel()) {
        for (RawEvent e : es) {
          if (collective(e) && oneRank(rank, e.get(Field.COMM))) {
            lanes.computeIfAbsent(b.phase(), k -> new HashMap<>())
                .computeIfAbsent(e.get(Field.COMM), k -> new TreeSet<>()).add(b.lane());
          }
        }
      }
    });
    Set<String> locked = new HashSet<>();
    Set<String> shared = new HashSet<>();
    rank.events().forEach((b, es) -> {
      for (RawEvent e : es) {
        if (!e.isPresent(Field.COMM) || !oneRank(rank, e.get(Field.COMM))) {
          shared.add(e.site());
        } else if (b.parallel() && collective(e) && lanes.get(b.phase())
            .get(e.get(Field.COMM)).size() > 1) {
          locked.add(e.site());
        }
      }
    });
    return new Locks(locked, shared);
  }
}
