package org.benchgen.codegen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the call sites of a threaded benchmark do with the other threads of their rank
 * (docs/codegen.md, "Threads"): requests that one thread makes and another waits for, by call
 * site: the lane each request-making site hands its request to, and for each MPI_Waitall site the
 * lane each item of its list is taken from ({@code -1}: its own thread's or none); and the sites
 * whose calls are made under the rank's lock (collectives that several threads make on a
 * communicator of one rank). Sites here are a block's ({@code pP.L:...}): every call of a site
 * does the same, checked when they are added. Empty for a program of one thread.
 */
public final class RequestHandoffs {
  /** A program's without hand-overs. */
  public static final RequestHandoffs NONE = new Builder().build();

  private final Map<String, Integer> gives;
  private final Map<String, List<Integer>> takes;
  private final Map<String, Boolean> firsts;
  private final java.util.Set<String> locked;

  private RequestHandoffs(Builder b) {
    locked = java.util.Set.copyOf(b.locked);
    gives = Map.copyOf(b.gives);
    takes = Map.copyOf(b.takes);
    firsts = Map.copyOf(b.firsts);
  }

  /**
   * Collects the hand-overs of a program's ranks, each site's checked against the same site's
   * on every rank before (a generation reads only the built, immutable table).
   */
  public static final class Builder {
    private final Map<String, Integer> gives = new HashMap<>();
    private final Map<String, List<Integer>> takes = new HashMap<>();
    private final Map<String, Boolean> firsts = new HashMap<>();
    private final java.util.Set<String> locked = new java.util.HashSet<>();

    /** Adds that the calls at {@code site} are made under the rank's lock. */
    public void lock(String site) {
      locked.add(site);
    }

    /** Whether the calls at {@code site} are made under the rank's lock, as added so far. */
    public boolean locks(String site) {
      return locked.contains(site);
    }

    /**
     * Adds that a call at {@code site} hands its request to lane {@code lane} ({@code -1}:
     * keeps it), {@code first} of a batch (the requests of its thread that one MPI_Waitall
     * takes); the reason when another call of the site did otherwise.
     */
    public Optional<String> give(String site, int lane, boolean first) {
      Integer was = gives.putIfAbsent(site, lane);
      Boolean wasFirst = firsts.putIfAbsent(site, first);
      if (was != null && was != lane) {
        return Optional.of("the calls at " + site + " hand their requests to different threads"
            + " (lanes " + was + " and " + lane + ")");
      }
      return wasFirst == null || wasFirst == first ? Optional.empty() : Optional.of("the calls"
          + " at " + site + " start a batch of requests handed over on some executions only");
    }

    /**
     * Adds that an MPI_Waitall at {@code site} takes the items of its list from {@code lanes};
     * the reason when another call of the site did otherwise.
     */
    public Optional<String> take(String site, List<Integer> lanes) {
      List<Integer> was = takes.putIfAbsent(site, List.copyOf(lanes));
      return was == null || was.equals(lanes) ? Optional.empty() : Optional.of("the MPI_Waitall"
          + " calls at " + site + " take their requests from different threads (lanes " + was
          + " and " + lanes + ")");
    }

    /** The table as added so far. */
    public RequestHandoffs build() {
      return new RequestHandoffs(this);
    }
  }

  /**
   * Whether the call at {@code site} makes the first request of a batch: its thread waits
   * until the one it hands them to has completed the batch before (as the traced program's
   * threads did, for the run to keep as many requests live as the traced one).
   */
  public boolean startsBatch(String site) {
    return givenTo(site).isPresent() && firsts.getOrDefault(site, false);
  }

  /** The lane the call at {@code site} hands its request to, if it hands it over. */
  public Optional<Integer> givenTo(String site) {
    Integer l = gives.get(site);
    return l == null || l < 0 ? Optional.empty() : Optional.of(l);
  }

  /** The lanes the MPI_Waitall at {@code site} takes its items from, if it takes any. */
  public Optional<List<Integer>> takenFrom(String site) {
    List<Integer> l = takes.get(site);
    return l == null || l.stream().allMatch(x -> x < 0) ? Optional.empty() : Optional.of(l);
  }

  /** Whether the calls at {@code site} are made under the rank's lock ({@code bg_self_lock}). */
  public boolean locked(String site) {
    return locked.contains(site);
  }

  /** Whether any request is handed over. */
  public boolean any() {
    return gives.values().stream().anyMatch(l -> l >= 0);
  }
}
