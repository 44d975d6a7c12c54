package org.benchgen.ir.format;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.BufferBytes;
import org.benchgen.trace.CommMembers;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;
import org.benchgen.trace.WorldSize;

/**
 * What a compressed trace must respect beyond its syntax, so that every pass can trust it: the
 * bounds of {@link TraceLimits} (world, nesting, trips, counts, sizes, times), ranks and
 * communicator members inside the world, peers inside their communicator, fields of the kinds and
 * symbols their call takes, histograms whose bins add up and whose numbers are finite. The reader
 * checks each line as it reads it (problems are thrown as {@link TraceProblem}, to which it adds
 * the file and line); the writer checks a whole trace ({@link #check(CompressedTrace)}) so that
 * benchgen never writes what it would refuse to read.
 */
public final class CompressedTraceChecks {
  private final SymbolTable symbols;
  private int world = -1;
  /** Sizes of the communicators defined so far, by id; 0 is the world. */
  private final Map<Long, Integer> commSizes = new HashMap<>();

  CompressedTraceChecks(SymbolTable symbols) {
    this.symbols = symbols;
  }

  /** Checks a whole trace as the reader checks a file, without lines to name. */
  public static void check(CompressedTrace t) {
    CompressedTraceChecks c = new CompressedTraceChecks(t.symbols());
    c.world(t.worldSize());
    t.comms().forEach(c::comm);
    record Level(List<Node> body, int depth, long runs) {}
    Deque<Level> todo = new ArrayDeque<>();
    todo.push(new Level(t.body(), 0, 1));
    while (!todo.isEmpty()) {
      Level l = todo.pop();
      for (Node n : l.body()) {
        c.ranks(n.ranks());
        if (n instanceof Loop loop) {
          c.loopDepth(l.depth() + 1);
          valueDepths(loop.trips());
          c.trips(loop.trips(), loop.ranks(), l.runs());
          todo.push(new Level(loop.body(), l.depth() + 1, runsInside(loop.trips(), l.runs())));
        } else {
          Rsd r = (Rsd) n;
          r.params().forEach(CompressedTraceChecks::valueDepths);
          c.rsd(r, l.runs());
          for (ComputeStat s : r.compute()) {
            c.histogram("compute", s.time());
            s.cpu().ifPresent(CompressedTraceChecks::cpu);
          }
          callTime(r.duration().count(), r.duration().count() == 0 ? 0 : r.duration().mean());
        }
      }
    }
  }

  /** The world size, once {@link #world(long)} has been read; -1 before. */
  int world() {
    return world;
  }

  /** Checks the world size; it is set once. */
  int world(long n) {
    if (world >= 0) {
      throw new TraceProblem("a second 'world' line");
    }
    world = WorldSize.check(n, "docs/compressed-format.md, \"Limits\"");
    commSizes.put(0L, world);
    return world;
  }

  /** Checks a communicator: a new id, members distinct world ranks. */
  void comm(CommDef c) {
    requireWorld();
    CommMembers.check(c.id(), c.members().stream().mapToLong(Integer::longValue).toArray(),
        c.remote().stream().mapToLong(Integer::longValue).toArray(), world);
    // Peers address the remote group on an intercommunicator: either group's size bounds them.
    if (commSizes.putIfAbsent(c.id(), Math.max(c.members().size(), c.remote().size()))
        != null) {
      throw new TraceProblem("comm " + c.id() + " defined twice");
    }
  }

  /** Checks that a node may be this deep in loops. */
  static void loopDepth(int depth) {
    if (depth > TraceLimits.MAX_LOOP_DEPTH) {
      throw new TraceProblem("loops nested deeper than " + TraceLimits.MAX_LOOP_DEPTH
          + " (docs/compressed-format.md, \"Limits\")");
    }
  }

  /** Checks that a value sequence's groups may be this deep. */
  static void valueDepth(int depth) {
    if (depth > TraceLimits.MAX_VALUE_DEPTH) {
      throw new TraceProblem("parenthesized groups in a value nested deeper than "
          + TraceLimits.MAX_VALUE_DEPTH + " (docs/compressed-format.md, \"Limits\")");
    }
  }

  /** Checks that a rank list holds world ranks only. */
  void ranks(RankList r) {
    requireWorld();
    if (r.last() >= world) {
      throw new TraceProblem("rank " + r.last() + " is outside the world (" + world + " ranks)");
    }
  }

  /**
   * Checks a loop's trip counts: given for all its ranks, in 0..MAX_TRIPS, no more of them than
   * the loop is entered ({@code entered} times at most on a rank).
   */
  void trips(Param trips, RankList loopRanks, long entered) {
    covers(trips, loopRanks, "the loop's trips");
    lengths(trips, entered, "the loop's trips");
    for (ParamEntry e : trips.entries()) {
      ranks(e.ranks());
      e.values().seq().leaves().forEach(v -> {
        if (v < 0 || v > TraceLimits.MAX_TRIPS) {
          throw new TraceProblem("trip count " + (Sym.isSymbol(v) ? Sym.of(v).text() : v)
              + " is outside 0.." + TraceLimits.MAX_TRIPS);
        }
      });
    }
  }

  /**
   * Checks an RSD's parameters, field by field; it runs {@code runs} times at most on a rank, so
   * no pattern of its values may be longer.
   */
  void rsd(Rsd r, long runs) {
    Op op = r.op();
    int peerRange = peerRange(r);
    for (int i = 0; i < op.fields().size(); i++) {
      Field f = op.fields().get(i);
      Param p = r.params().get(i);
      lengths(p, runs, op.mpiName() + " " + f.key());
      if (op.isRequired(f)) {
        covers(p, r.ranks(), op.mpiName() + " " + f.key());
      }
      for (ParamEntry e : p.entries()) {
        ranks(e.ranks());
        boolean relative = e.values() instanceof EntryValues.Relative;
        e.values().seq().leaves().forEach(v -> value(op, f, v, relative, peerRange));
      }
    }
    buffers(r);
  }

  /**
   * No buffer's bytes may pass 2^62, checked with each field's largest value on any rank: a bound
   * on every call's, so that no pass's count x size wraps (tsize=2^62 with count=4 made 0 bytes).
   */
  private void buffers(Rsd r) {
    Op op = r.op();
    for (BufferBytes.Buffer b : BufferBytes.of(op)) {
      long n = b.count().kind().isList() ? largest(r.param(b.count()), true)
          : largest(r.param(b.count()), false);
      long size = b.size().map(f -> largest(r.param(f), false)).orElse(0L);
      BufferBytes.check(op, b, n, size);
    }
  }

  /** The largest value of {@code p} (numbers only), or of its lists' sums. */
  private long largest(Param p, boolean listSums) {
    long max = 0;
    for (ParamEntry e : p.entries()) {
      for (long v : e.values().seq().leaves().toArray()) {
        if (Sym.isSymbol(v)) {
          continue;
        }
        max = Math.max(max, listSums ? BufferBytes.sum(symbols.list(v)) : v);
      }
    }
    return max;
  }

  /** Checks that {@code p} has an entry for each of {@code ranks}. */
  private static void covers(Param p, RankList ranks, String what) {
    BitSet given = new BitSet();
    for (ParamEntry e : p.entries()) {
      if (e.ranks().equals(ranks)) {
        return;
      }
      e.ranks().stream().forEach(given::set);
    }
    ranks.stream().filter(r -> !given.get(r)).findFirst().ifPresent(r -> {
      throw new TraceProblem(what + " has no value for rank " + r + ", which it requires");
    });
  }

  /**
   * The size of the largest communicator the RSD uses: peers are checked against it here, and
   * against the communicator of each call when ranks are walked (an RSD may alternate
   * communicators).
   */
  private int peerRange(Rsd r) {
    if (!r.op().has(Field.COMM)) {
      return world;
    }
    int max = 0;
    for (long c : r.param(Field.COMM).leaves().toArray()) {
      Integer size = commSizes.get(c);
      if (size == null) {
        throw new TraceProblem(r.op().mpiName() + " uses communicator "
            + (Sym.isSymbol(c) ? Sym.of(c).text() : c) + ", which no 'comm' line defines");
      }
      max = Math.max(max, size);
    }
    return max;
  }

  private void value(Op op, Field f, long v, boolean relative, int peerRange) {
    String what = op.mpiName() + " " + f.key() + "=";
    if (v == Sym.ABSENT.code()) {
      if (op.isRequired(f)) {
        throw new TraceProblem(what + "- : the field is required");
      }
      return;
    }
    FieldKind kind = f.kind();
    if (Sym.isSymbol(v)) {
      Sym s = Sym.of(v);
      // A root's symbols are an intercommunicator's: checked when ranks are walked, where each
      // call's communicator is known.
      if (!kind.symbols().contains(s) || (f == Field.DEST && s == Sym.ANY_SOURCE)) {
        throw new TraceProblem(what + s.text() + " is not a valid value here");
      }
      return;
    }
    if (!kind.isList() && kind != FieldKind.PEER && kind != FieldKind.ROOT) { // checked below
      kind.check(v, op.mpiName() + " " + f.key()); // the range every reader of traces applies
    }
    switch (kind) {
      case INT -> range(what, v, flag(f) ? 0 : Integer.MIN_VALUE,
          flag(f) ? 1 : Integer.MAX_VALUE);
      case PEER, ROOT -> {
        if (relative ? Math.abs(v) >= peerRange : v < 0 || v >= peerRange) {
          throw new TraceProblem(what + (relative && v >= 0 ? "+" : "") + v
              + " is outside its communicator (size " + peerRange + ")");
        }
      }
      case TAG, REQ, COLOR -> range(what, v, 0, Integer.MAX_VALUE);
      case NEWCOMM -> range(what, v, 1, CommMembers.MAX_ID);
      case PEERCOMM -> {
        if (!commSizes.containsKey(v)) {
          throw new TraceProblem(what + v + ": no 'comm' line defines it");
        }
      }
      case LIST, COUNTS -> list(what, op, f, symbols.list(v));
      case REQS -> {
        for (long x : symbols.list(v)) {
          if (x != Sym.NULL.code()) {
            range(what + "[...]", x, 0, Integer.MAX_VALUE);
          }
        }
      }
      default -> { }
    }
  }

  private static void list(String what, Op op, Field f, long[] xs) {
    if (xs.length > TraceLimits.MAX_WORLD) {
      throw new TraceProblem(what + " has " + xs.length + " elements, more than "
          + TraceLimits.MAX_WORLD);
    }
    FieldKind element = f.kind().element();
    for (long x : xs) {
      element.check(x, op.mpiName() + " " + f.key());
    }
  }

  /** A field that is 0 or 1: Iprobe's flag, a large-count call's mark. */
  private static boolean flag(Field f) {
    return f == Field.FLAG || f == Field.LARGE;
  }

  private static void range(String what, long v, long min, long max) {
    if (v < min || v > max) {
      throw new TraceProblem(what + v + " is outside " + min + ".." + max);
    }
  }

  /** Checks a mean CPU time in nanoseconds, and returns it. */
  static double cpu(double ns) {
    if (!Double.isFinite(ns) || ns < 0 || ns > TraceLimits.MAX_TIME_NS) {
      throw new TraceProblem("cpu=" + ns + " is outside 0.." + TraceLimits.MAX_TIME_NS);
    }
    return ns;
  }

  /**
   * A duration line's count and mean: for n=0 no mean, else a finite mean within the times a
   * trace may hold.
   */
  static CallTime callTime(long n, double mean) {
    if (n < 0) {
      throw new TraceProblem("duration: negative count n=" + n);
    }
    if (n == 0 && mean != 0) {
      throw new TraceProblem("duration: a mean for no calls (n=0)");
    }
    if (!Double.isFinite(mean) || mean < 0 || mean > TraceLimits.MAX_TIME_NS) {
      throw new TraceProblem("duration: mean=" + mean + " is outside 0.." + TraceLimits.MAX_TIME_NS);
    }
    return new CallTime(n, mean);
  }

  /** Checks a histogram: finite numbers, times in range, bins that add up to the count. */
  static void histogram(String what, Histogram h) {
    if (!Double.isFinite(h.mean()) || !Double.isFinite(h.sd()) || h.sd() < 0) {
      throw new TraceProblem(what + ": mean and sd must be finite numbers (sd not negative)");
    }
    if (h.count() < 0) {
      throw new TraceProblem(what + ": negative count n=" + h.count());
    }
    if (h.count() == 0) {
      if (!h.bins().isEmpty()) {
        throw new TraceProblem(what + ": bins for no values (n=0)");
      }
      return;
    }
    if (h.min() < 0 || h.min() > h.max() || h.max() > TraceLimits.MAX_TIME_NS) {
      throw new TraceProblem(what + ": need 0 <= min <= max <= " + TraceLimits.MAX_TIME_NS
          + ", found min=" + h.min() + " max=" + h.max());
    }
    // The mean is pooled in floating point: allow its rounding.
    double slack = 1e-6 * h.max() + 1e-3;
    if (h.mean() < h.min() - slack || h.mean() > h.max() + slack) {
      throw new TraceProblem(what + ": mean=" + h.mean() + " is outside min..max");
    }
    long sum = 0;
    int previous = -1;
    for (Histogram.Bin b : h.bins()) {
      if (b.log2() <= previous || b.log2() > 64 || b.count() < 1) {
        throw new TraceProblem(what + ": bad bin " + b.log2() + ":" + b.count()
            + " (bins are LOG2:COUNT with LOG2 increasing in 0..64, COUNT at least 1)");
      }
      previous = b.log2();
      sum += b.count();
      if (sum > h.count()) {
        break;
      }
    }
    if (sum != h.count()) {
      throw new TraceProblem(what + ": the bins count " + (sum > h.count() ? "more" : sum)
          + " values, n=" + h.count());
    }
  }

  /** Checks the nesting of every value sequence of a parameter. */
  private static void valueDepths(Param p) {
    for (ParamEntry e : p.entries()) {
      for (ValueSeq s : seqs(e.values())) {
        valueDepth(depth(s));
      }
    }
  }

  /**
   * How often the body of a loop with {@code trips} runs at most on a rank, when the loop is
   * entered {@code entered} times at most (saturating: the expansion budget bounds the total).
   */
  static long runsInside(Param trips, long entered) {
    long max = 0;
    for (ParamEntry e : trips.entries()) {
      max = Math.max(max, e.values().seq().leaves().filter(v -> !Sym.isSymbol(v)).max()
          .orElse(0));
    }
    return saturatingMultiply(entered, max);
  }

  /**
   * A pattern is one value per run of its node, cycled: one longer than the node runs is never
   * read whole, and is how a file of a few bytes (`(8)*2147483647`) would make a generator build
   * a table of billions of values.
   */
  private static void lengths(Param p, long runs, String what) {
    for (ParamEntry e : p.entries()) {
      for (ValueSeq s : seqs(e.values())) {
        long n = s.length();
        if (n > Math.max(1, runs)) {
          throw new TraceProblem(what + " lists " + (n == Long.MAX_VALUE ? "more than 2^63"
              : String.valueOf(n)) + " values, more than the " + Math.max(1, runs)
              + " times it runs at most");
        }
      }
    }
  }

  private static long saturatingMultiply(long a, long b) {
    return a == 0 || b == 0 ? 0 : a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  private static List<ValueSeq> seqs(EntryValues v) {
    return v instanceof EntryValues.Undecided u ? List.of(u.absolute(), u.relative())
        : List.of(v.seq());
  }

  /** The deepest nesting of groups in {@code s}, without recursion. */
  static int depth(ValueSeq s) {
    record At(VNode node, int depth) {}
    Deque<At> todo = new ArrayDeque<>();
    s.nodes().forEach(n -> todo.push(new At(n, 0)));
    int max = 0;
    while (!todo.isEmpty()) {
      At a = todo.pop();
      if (a.node() instanceof VNode.Rep r) {
        max = Math.max(max, a.depth() + 1);
        r.body().forEach(n -> todo.push(new At(n, a.depth() + 1)));
      }
    }
    return max;
  }

  private void requireWorld() {
    if (world < 0) {
      throw new TraceProblem("'world N' must come first");
    }
  }
}
