package org.benchgen.otf2;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/**
 * One rank's requests during an import: benchgen numbers them 1, 2, 3, ... as they are made;
 * OTF2 names them by its own ids, which a request gets only through a record. A request with no
 * record (to or from {@code MPI_PROC_NULL}) is unlinked and completed by rule (docs/otf2.md).
 */
final class RankRequests {
  /** An event in the import's output queue, written once nothing is missing. */
  static final class Slot {
    final RawEventBuilder b;
    int missing;
    long bytes;
    /** For an MPI_*_init waiting for its first Start's message: its request. */
    Req init;

    Slot(RawEventBuilder b) {
      this.b = b;
    }
  }

  /** A request: benchgen's id, the call that made it, and calls waiting for its records. */
  static final class Req {
    final long id;
    final Op op;
    /** OTF2's id for it, once a record named it. */
    Long otf2;
    /** The call (Irecv, I-collective, *_init) whose fields come with a later record. */
    Slot waiting;
    /** A Start whose received bytes come with the request's completion. */
    Slot start;

    Req(long id, Op op) {
      this.id = id;
      this.op = op;
    }

    /** {@code s} waits for this request's record to learn its fields. */
    void awaitedBy(Slot s) {
      waiting = s;
      s.missing++;
    }

    /** The waiting call learnt its fields, or never will: it may be written. */
    void settle() {
      if (waiting != null) {
        waiting.missing--;
        waiting.init = null;
        waiting = null;
      }
    }

    /** {@code s}, a Start, waits for this receive's completion to learn its bytes. */
    void startedBy(Slot s) {
      start = s;
      s.missing++;
    }

    /** The receive a Start began completed with {@code bytes}. */
    void startCompleted(long bytes) {
      if (start != null) {
        start.bytes += bytes;
        start.missing--;
        start = null;
      }
    }

    boolean receives() {
      return op.kind() == OpKind.RECV || op == Op.RECV_INIT;
    }

    boolean persistent() {
      return op.createsPersistentRequest();
    }
  }

  private final Map<Long, Req> byOtf2 = new HashMap<>();
  private final LinkedHashMap<Long, Req> live = new LinkedHashMap<>();
  private final Deque<Req> unlinked = new ArrayDeque<>();
  private final Deque<Req> unlinkedInits = new ArrayDeque<>();
  /** Persistent requests without a record that a record-less Start started. */
  private final Deque<Req> startedUnlinked = new ArrayDeque<>();
  private final LinkedHashSet<Req> persistentLive = new LinkedHashSet<>();
  private long nextId = 1;

  /** Live requests of a rank at most: an archive that never completes its requests is refused. */
  static final int MAX_LIVE = 1 << 22;

  /** A new request made by {@code op}, known to OTF2 as {@code otf2} (null: no record). */
  Req create(Op op, Long otf2) {
    if (live.size() >= MAX_LIVE) {
      throw new IllegalArgumentException("more than " + MAX_LIVE + " requests in flight");
    }
    Req r = new Req(nextId++, op);
    live.put(r.id, r);
    if (r.persistent()) {
      persistentLive.add(r);
    }
    if (otf2 != null) {
      byOtf2.put(otf2, r);
      r.otf2 = otf2;
    } else if (r.persistent()) {
      unlinkedInits.add(r);
    } else {
      unlinked.add(r);
    }
    return r;
  }

  /**
   * The request OTF2 calls {@code otf2}; an unknown id met by a Start is the oldest persistent
   * request of its direction that no record has named yet (Score-P names them first there).
   */
  Optional<Req> findForStart(long otf2, boolean startsReceive) {
    Req r = byOtf2.get(otf2);
    if (r == null) {
      for (Iterator<Req> it = unlinkedInits.iterator(); it.hasNext(); ) {
        Req p = it.next();
        if (p.receives() == startsReceive) {
          it.remove();
          byOtf2.put(otf2, p);
          p.otf2 = otf2;
          return Optional.of(p);
        }
      }
    }
    return Optional.ofNullable(r);
  }

  /** The request named by {@code otf2}, if live. */
  Optional<Req> find(long otf2) {
    return Optional.ofNullable(byOtf2.get(otf2));
  }

  /** Marks {@code r} complete: gone unless persistent. */
  void completed(Req r, long otf2) {
    if (!r.persistent()) {
      live.remove(r.id);
      byOtf2.remove(otf2);
    }
  }

  /**
   * The oldest live request without a record (to or from MPI_PROC_NULL), completed by rule, or
   * a persistent one a record-less Start started; empty when none.
   */
  Optional<Req> takeUnlinked() {
    while (!unlinked.isEmpty()) {
      Req r = unlinked.poll();
      if (live.remove(r.id) != null) {
        return Optional.of(r);
      }
    }
    while (!startedUnlinked.isEmpty()) {
      Req r = startedUnlinked.poll();
      if (live.containsKey(r.id)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /**
   * The persistent request a Start without records starts (Score-P records none for
   * MPI_PROC_NULL): the oldest one no record names; empty when none.
   */
  Optional<Req> startUnlinked() {
    Optional<Req> r = unlinkedInits.stream().filter(x -> live.containsKey(x.id)).findFirst();
    r.ifPresent(startedUnlinked::add);
    return r;
  }

  /**
   * The live request benchgen's attribute names: by OTF2's id once a record named it, else by
   * benchgen's own (an exported archive keeps the trace's request ids, which the import's
   * numbering repeats).
   */
  Optional<Req> named(long id) {
    Req r = byOtf2.get(id);
    return Optional.ofNullable(r != null ? r : live.get(id));
  }

  /** {@code r}, a persistent request a record-less Start started: a Wait may complete it. */
  Req started(Req r) {
    startedUnlinked.add(r);
    return r;
  }

  /** The oldest live request; if {@code persistentOnly}, the oldest persistent one. */
  Optional<Req> oldest(boolean persistentOnly) {
    return persistentOnly ? persistentLive.stream().findFirst()
        : live.values().stream().findFirst();
  }

  /** Frees persistent request {@code r}. */
  void free(Req r) {
    live.remove(r.id);
    persistentLive.remove(r);
    startedUnlinked.remove(r);
    if (r.otf2 != null) {
      byOtf2.remove(r.otf2);
    }
    unlinkedInits.remove(r);
  }
}
