package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import org.benchgen.codegen.IrregularSections;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * An irregular section as one list of steps for all tasks: each step one call of one task (its
 * statement, the task, its peers and tags), or one collective of all its members at once.
 * coNCePTuaL has no per-task data, so every task reads every step and runs only its own. Each
 * task's calls keep their traced order; a collective becomes a step once every member has reached
 * it, so the list exists whenever the tasks call their collectives in an order MPI allows (which
 * the collective check before generation has made sure of), and is refused otherwise.
 * Statements are numbered from 1 in order of first use.
 */
final class SectionSteps {
  /** A statement of the section, the calls it stands for, and their mean compute before. */
  static final class Statement {
    final int number;
    final SectionCalls.Key key;
    /** A call it stands for (collectives: one per member), for its site and op. */
    final Rsd first;
    /** Collectives: each member's values, in member order. */
    final List<List<Long>> members;
    double computeNs;
    long calls;

    Statement(int number, SectionCalls.Key key, Rsd first, List<List<Long>> members) {
      this.number = number;
      this.key = key;
      this.first = first;
      this.members = members;
    }

    /** The mean compute before a call, in nanoseconds. */
    double meanNs() {
      return calls == 0 ? 0 : computeNs / calls;
    }
  }

  private final Emission e;
  private final Communicators comms;
  private final Map<SectionCalls.Key, Statement> statements = new LinkedHashMap<>();
  /** The parts of a step: statement, task, peer, second peer, tag, second tag. */
  static final int PARTS = 6;
  /**
   * A call may take this many sizes in a section, one statement each; where one takes more, all
   * the section's sizes are rounded to this many classes ({@link SizeClasses}): a statement per
   * size would make the program grow with the calls, and coNCePTuaL's interpreter cannot take a
   * size from data.
   */
  static final int MAX_SIZES = 16;
  private long[] steps = new long[PARTS * 64];
  private int count;
  /** Whether statements hold their tags, or the steps do. */
  final boolean tagged;
  private long maxTag;

  /** Per call without its sizes, per message half, the sizes seen (up to one too many). */
  private final Map<SectionCalls.Key, List<java.util.Set<Long>>> sizes = new HashMap<>();
  /** How many messages take each size. */
  private final Map<Long, Long> messages = new HashMap<>();
  /** Whether sizes are being gathered (first walk) rather than steps made. */
  private boolean gathering;
  /** The size each message is written with: its own, or its class's. */
  private SizeClasses classes = SizeClasses.NONE;

  private SectionSteps(Emission e, boolean tagged) {
    this.e = e;
    this.tagged = tagged;
    this.comms = e.comms;
  }

  /**
   * The steps of the section at {@code span}; {@code tagged}: statements hold their tags. Walks
   * the section twice: once for the sizes each call takes, once for the steps.
   */
  static SectionSteps of(Emission e, IrregularSections.Span span, boolean tagged) {
    SectionSteps s = new SectionSteps(e, tagged);
    s.gathering = true;
    s.order(span);
    s.gathering = false;
    if (s.sizes.values().stream().anyMatch(h -> h.get(0).size() > MAX_SIZES
        || h.get(1).size() > MAX_SIZES)) {
      s.classes = SizeClasses.of(s.messages, MAX_SIZES);
    }
    s.statements.clear();
    s.count = 0;
    s.maxTag = 0;
    s.order(span);
    return s;
  }

  /** The statements, numbered 1 to n in this order. */
  List<Statement> statements() {
    return List.copyOf(statements.values());
  }

  int size() {
    return count;
  }

  /** Step {@code i}'s statement number. */
  int statement(int i) {
    return (int) steps[PARTS * i];
  }

  /** Part {@code k} of step {@code i} (0: its statement number; see {@link #PARTS}). */
  long part(int i, int k) {
    return steps[PARTS * i + k];
  }

  /** How the messages' sizes were rounded, if they were. */
  SizeClasses classes() {
    return classes;
  }

  /** The highest tag of a step (0 where the statements hold them). */
  long maxTag() {
    return maxTag;
  }

  /**
   * Rank by rank, each rank's calls up to its next collective; then a collective that all its
   * members have reached; until every call is a step. Each rank's calls are read as they are
   * needed, never all held.
   */
  private void order(IrregularSections.Span span) {
    CompressedTrace run = e.trace.withBody(e.trace.body().subList(span.start(), span.end()));
    TraversalContext[] walks = new TraversalContext[e.world];
    for (int r = 0; r < e.world; r++) {
      walks[r] = new TraversalContext(run, r, comms);
    }
    // Each rank's next call where it is a collective, not yet a step.
    Step[] waiting = new Step[e.world];
    // Per completion RSD and rank, whether each execution leaves nothing open, in order.
    Map<Rsd, PrimitiveIterator.OfLong[]> waits = new IdentityHashMap<>();
    while (true) {
      for (int r = 0; r < e.world; r++) {
        while (waiting[r] == null && walks[r].hasNext()) {
          Step s = walks[r].next();
          if (SectionCalls.collective(s)) {
            waiting[r] = s;
          } else {
            local(s, waits);
          }
        }
      }
      boolean left = false;
      boolean moved = false;
      for (int r = 0; r < e.world && !moved; r++) {
        if (waiting[r] != null) {
          left = true;
          moved = collective(waiting, waiting[r]);
        }
      }
      if (!left) {
        return;
      }
      if (!moved) {
        throw new Unexpressible(stuck(waiting));
      }
    }
  }

  private void local(Step s, Map<Rsd, PrimitiveIterator.OfLong[]> waits) {
    boolean nothingOpen = true;
    if (s.rsd().op().kind() == org.benchgen.trace.OpKind.COMPLETION
        || s.rsd().op().kind() == org.benchgen.trace.OpKind.SENDRECV) {
      PrimitiveIterator.OfLong[] byRank = waits.computeIfAbsent(s.rsd(),
          k -> new PrimitiveIterator.OfLong[e.world]);
      if (byRank[s.rank()] == null) {
        byRank[s.rank()] = e.completions.waits(s.rsd(), s.rank()).iterator();
      }
      nothingOpen = byRank[s.rank()].nextLong() == 1;
    }
    SectionCalls.Local c = SectionCalls.local(s, nothingOpen, tagged, comms);
    if (gathering) {
      List<java.util.Set<Long>> seen = sizes.computeIfAbsent(c.unsized(),
          k -> List.of(new java.util.HashSet<>(), new java.util.HashSet<>()));
      for (int h = 0; h < c.halves(); h++) {
        long bytes = h == 0 ? c.bytes() : c.bytes2();
        if (bytes >= 0) {
          if (seen.get(h).size() <= MAX_SIZES) {
            seen.get(h).add(bytes);
          }
          messages.merge(bytes, 1L, Long::sum);
        }
      }
      return;
    }
    if (classes.rounds()) {
      c = c.resized(classes::of);
    }
    Statement st = statement(c.key(), s.rsd(), List.of());
    account(st, s.rsd());
    long tag = tagged ? 0 : c.tag();
    long tag2 = tagged ? 0 : c.tag2();
    maxTag = Math.max(maxTag, Math.max(tag, tag2));
    add(st.number, s.rank(), c.peer(), c.peer2(), tag, tag2);
  }

  /**
   * Makes {@code s}'s collective a step if every member of its communicator waits at a
   * collective on it; false otherwise.
   */
  private boolean collective(Step[] waiting, Step s) {
    int[] members = comms.members(s.comm());
    List<List<Long>> values = new ArrayList<>();
    for (int m : members) {
      Step other = waiting[m];
      if (other == null || other.comm() != s.comm()) {
        return false;
      }
      if (other.rsd().op() != s.rsd().op()) {
        throw new Unexpressible("ranks " + s.rank() + " and " + m + " call different"
            + " collectives on one communicator (" + s.rsd().op().mpiName() + ", "
            + other.rsd().op().mpiName() + ")");
      }
      values.add(SectionCalls.values(other));
    }
    List<Long> key = new ArrayList<>();
    key.add(s.comm());
    values.forEach(key::addAll);
    Statement st = statement(new SectionCalls.Key(s.rsd().op(), s.rsd().site(), key), s.rsd(),
        values);
    for (int m : members) {
      account(st, waiting[m].rsd());
      waiting[m] = null;
    }
    add(st.number, 0, 0, 0, 0, 0);
    return true;
  }

  private Statement statement(SectionCalls.Key key, Rsd first, List<List<Long>> members) {
    return statements.computeIfAbsent(key, k -> new Statement(statements.size() + 1, k, first,
        members));
  }

  private void account(Statement st, Rsd r) {
    st.computeNs += e.g.pooledComputeNs(r).orElse(0.0);
    st.calls++;
  }

  private void add(long... parts) {
    if (PARTS * count + PARTS > steps.length) {
      steps = Arrays.copyOf(steps, steps.length * 2);
    }
    System.arraycopy(parts, 0, steps, PARTS * count, PARTS);
    count++;
  }

  /** Why no collective can be made a step: where the first waiting rank is, and its members. */
  private String stuck(Step[] waiting) {
    for (Step s : waiting) {
      if (s != null) {
        StringBuilder b = new StringBuilder("rank " + s.rank() + " waits at " + s.describe()
            + " for the members of its communicator, which are at");
        int[] members = comms.members(s.comm());
        for (int m : members) {
          b.append(m == members[0] ? " " : ", ").append(m).append(": ")
              .append(waiting[m] != null ? waiting[m].describe() : "the section's end");
        }
        return b.append("; coNCePTuaL needs one order of collectives for all tasks").toString();
      }
    }
    throw new IllegalStateException("no rank waits");
  }
}
