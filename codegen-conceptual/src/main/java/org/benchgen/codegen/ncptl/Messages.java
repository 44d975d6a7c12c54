package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.benchgen.codegen.ExecIndex;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;

/**
 * The messages of one part of a point-to-point call as clauses: a message (size and tag), its
 * peer, and the condition on the loop variables under which a task sends or receives it. Where
 * size or tag changes, and size, tag and peer repeat a short pattern with few runs, one clause
 * per run, each all constants ({@code i2 < 4}, {@code i2 >= 4}). Otherwise tag and peer are
 * expressions of the execution count ({@link PartValues#value}), bound to {@code tg} and
 * {@code peer} when several statements read them, and the size is split in constants: by the
 * runs of its pattern where few, else by its value ({@code sz = 512}), because coNCePTuaL's
 * interpreter (1.5.1b) evaluates a message size once (tags and peers it evaluates every time);
 * with too many sizes, the size is an expression, right in compiled programs.
 */
final class Messages {
  /** The most clauses one part is written as, and the longest pattern written out in runs. */
  static final int MAX_CLAUSES = 8;
  private static final int MAX_PERIOD = 64;

  /** What a message size of more than {@link #MAX_CLAUSES} values becomes. */
  static final String SIZE_EXPRESSION = "a message size that takes more than " + MAX_CLAUSES
      + " values in a call is an expression of how many times it ran: compiled programs send"
      + " each size, coNCePTuaL's interpreter (1.5.1b) the first one every time";

  private final Emission e;

  Messages(Emission e) {
    this.e = e;
  }

  /** A message, its peer, and when a task of the part sends or receives it (none: always). */
  record Clause(NModel.Message message, Value peer, List<Atom> when) {}

  /** The clauses, and the names they read ({@code LET}). */
  record Said(List<NModel.Binding> bindings, List<Clause> clauses) {
    /** The part's statements, under the bindings they read. */
    List<OutputModel> around(List<OutputModel> statements) {
      if (bindings.isEmpty()) {
        return statements;
      }
      return List.of(new NModel.Let(bindings, statements.size() == 1 ? statements.get(0)
          : new NModel.Block(statements)));
    }
  }

  /**
   * The part's messages: peers from {@code peer}, tags from {@code tag}, sizes from
   * {@code received} (bytes as received) or else {@code count * tsize}.
   */
  Said of(Part p, Field peer, Field tag, Optional<Field> received, Field count, Field tsize) {
    Optional<Said> few = fewRuns(p, peer, tag, received, count, tsize);
    if (few.isPresent()) {
      return few.get();
    }
    List<NModel.Binding> bindings = new ArrayList<>();
    Value bytes = received.isPresent() ? e.values.value(p, received.get(), Expressions::lit)
        : e.values.bytes(p, count, tsize);
    Optional<List<Run>> runs = runs(bytes, List.of());
    long[] sizes = runs.isPresent() ? new long[0] : received.isPresent()
        ? e.values.distinct(p, received.get(), MAX_CLAUSES)
        : e.values.bytesValues(p, count, tsize, MAX_CLAUSES);
    // Tag and peer are named where several statements read them.
    boolean several = runs.map(List::size).orElse(sizes.length) > 1;
    Value tg = e.values.tag(p, tag);
    Value pv = e.values.peer(p, peer);
    if (several) {
      tg = named(bindings, "tg", tg);
      pv = Expressions.uses(pv, TaskSets.SELF) ? pv : named(bindings, "peer", pv);
    }
    List<Value> tags = tg instanceof Value.Num n && n.value() == 0 ? List.of() : List.of(tg);
    List<Clause> out = new ArrayList<>();
    if (runs.isPresent()) {
      for (Run r : runs.get()) {
        out.add(new Clause(NModel.Message.of(Expressions.lit(r.bytes()), tags), pv, r.when()));
      }
      return new Said(bindings, out);
    }
    if (sizes.length == 0) {
      e.note(SIZE_EXPRESSION);
      return new Said(bindings, List.of(new Clause(NModel.Message.of(bytes, tags), pv,
          List.of())));
    }
    Value sz = sizes.length > 1 ? named(bindings, "sz", bytes) : bytes;
    for (long v : sizes) {
      out.add(new Clause(NModel.Message.of(Expressions.lit(v), tags), pv,
          sizes.length > 1 ? List.of(new Atom.Is(sz, v)) : List.of()));
    }
    return new Said(bindings, out);
  }

  /** {@code v} bound to {@code name} where it chooses (a long expression), else {@code v}. */
  private static Value named(List<NModel.Binding> bindings, String name, Value v) {
    if (!chooses(v)) {
      return v;
    }
    bindings.add(new NModel.Binding(name, v));
    return Expressions.var(name);
  }

  private static boolean chooses(Value v) {
    if (v instanceof Value.Pick || v instanceof Value.Max) {
      return true;
    }
    return v instanceof Value.Arith a && (chooses(a.a()) || chooses(a.b()));
  }

  /** A constant size and the choices by index that lead to it. */
  private record Run(long bytes, List<Atom> when) {}

  /**
   * The constant sizes of {@code bytes} with the conditions of the choices that lead to each
   * (under {@code when}), where its only choices are by index; empty if it has another form or
   * more than {@link #MAX_CLAUSES} constants.
   */
  private static Optional<List<Run>> runs(Value bytes, List<Atom> when) {
    if (bytes instanceof Value.Num n) {
      return Optional.of(List.of(new Run(n.value(), when)));
    }
    if (bytes instanceof Value.Pick p) {
      List<Atom> below = and(when, new Atom.Below(p.index(), p.bound()));
      List<Atom> above = and(when, new Atom.AtLeast(p.index(), p.bound()));
      Optional<List<Run>> a = runs(p.then(), below);
      Optional<List<Run>> b = runs(p.otherwise(), above);
      if (a.isEmpty() || b.isEmpty() || a.get().size() + b.get().size() > MAX_CLAUSES) {
        return Optional.empty();
      }
      List<Run> both = new ArrayList<>(a.get());
      both.addAll(b.get());
      return Optional.of(both);
    }
    if (bytes instanceof Value.Arith a && a.op() == Value.Operator.MUL
        && a.b() instanceof Value.Num k) {
      return runs(a.a(), when).map(rs -> rs.stream()
          .map(r -> new Run(r.bytes() * k.value(), r.when())).toList());
    }
    return Optional.empty();
  }

  /** {@code when} and {@code a}; of two bounds of one kind on one value, the tighter. */
  private static List<Atom> and(List<Atom> when, Atom a) {
    List<Atom> out = new ArrayList<>();
    boolean add = true;
    for (Atom w : when) {
      if (w instanceof Atom.Below x && a instanceof Atom.Below y && x.left().equals(y.left())) {
        add &= x.value() > y.value();
        if (x.value() <= y.value()) {
          out.add(w);
        }
      } else if (w instanceof Atom.AtLeast x && a instanceof Atom.AtLeast y
          && x.left().equals(y.left())) {
        add &= x.value() < y.value();
        if (x.value() >= y.value()) {
          out.add(w);
        }
      } else {
        out.add(w);
      }
    }
    if (add) {
      out.add(a);
    }
    return out;
  }

  /**
   * Where size, tag and peer each repeat a pattern of at most {@link #MAX_PERIOD} values and
   * together change at most {@link #MAX_CLAUSES} times in their common period: one clause per
   * run of equal (size, tag, peer), under a condition on the execution count modulo the period.
   */
  private Optional<Said> fewRuns(Part p, Field peer, Field tag, Optional<Field> received,
      Field count, Field tsize) {
    Optional<long[]> bytes = received.isPresent() ? cycle(p, received.get())
        : product(cycle(p, count), cycle(p, tsize), p.has(count) && p.has(tsize));
    Optional<long[]> tags = !p.has(tag) ? Optional.of(new long[] {0})
        : p.seq(tag).leaves().noneMatch(v -> v == Sym.ANY_TAG.code()) ? cycle(p, tag)
        : p.has(Field.ATAG) && p.seq(Field.ATAG).leaves().noneMatch(Sym::isSymbol)
        ? cycle(p, Field.ATAG) : Optional.empty();
    Optional<long[]> peers = cycle(p, peer);
    if (bytes.isEmpty() || tags.isEmpty() || peers.isEmpty()) {
      return Optional.empty();
    }
    long[] b = bytes.get();
    long[] t = tags.get();
    long[] q = peers.get();
    if (b.length == 1 && t.length == 1) {
      // Only the peer changes: one statement, the peer an expression.
      return Optional.empty();
    }
    long period = lcm(lcm(b.length, t.length), q.length);
    if (period > MAX_PERIOD) {
      return Optional.empty();
    }
    int n = (int) period;
    List<Integer> starts = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      if (k == 0 || b[k % b.length] != b[(k - 1) % b.length]
          || t[k % t.length] != t[(k - 1) % t.length] || q[k % q.length] != q[(k - 1) % q.length]) {
        starts.add(k);
      }
    }
    if (starts.size() > MAX_CLAUSES) {
      return Optional.empty();
    }
    ExecIndex at = n == 1 ? ExecIndex.zero()
        : e.counts.index(e.here, p.ranks().first()).mod(n);
    Value index = at.value();
    e.counts.mark(e.here, index);
    java.util.function.LongFunction<Value> leaf = e.values.peerLeaf(p, peer);
    List<Clause> out = new ArrayList<>();
    for (int i = 0; i < starts.size(); i++) {
      int from = starts.get(i);
      int to = i + 1 < starts.size() ? starts.get(i + 1) : n;
      List<Atom> when = new ArrayList<>();
      if (from > 0 && to < n && to - from == 1) {
        when.add(new Atom.Is(index, from));
      } else {
        if (from > 0) {
          when.add(new Atom.AtLeast(index, from));
        }
        if (to < n) {
          when.add(new Atom.Below(index, to));
        }
      }
      long tg = t[from % t.length];
      out.add(new Clause(NModel.Message.of(Expressions.lit(b[from % b.length]),
          tg == 0 ? List.of() : List.of(Expressions.lit(tg))), leaf.apply(q[from % q.length]),
          when));
    }
    return Optional.of(new Said(List.of(), out));
  }

  /** One cycle of the part's values of {@code f}, if at most {@link #MAX_PERIOD} long. */
  private static Optional<long[]> cycle(Part p, Field f) {
    if (!p.has(f)) {
      return Optional.empty();
    }
    if (p.seq(f).constant().isPresent()) {
      return Optional.of(new long[] {p.seq(f).constant().getAsLong()});
    }
    if (p.seq(f).length() > MAX_PERIOD) {
      return Optional.empty();
    }
    List<Long> xs = new ArrayList<>();
    for (PrimitiveIterator.OfLong it = p.seq(f).once(); it.hasNext(); ) {
      xs.add(it.nextLong());
    }
    return Optional.of(xs.stream().mapToLong(Long::longValue).toArray());
  }

  /** {@code count * size} for each execution of their common period. */
  private static Optional<long[]> product(Optional<long[]> count, Optional<long[]> size,
      boolean present) {
    if (!present) {
      return Optional.of(new long[] {0});
    }
    if (count.isEmpty() || size.isEmpty()) {
      return Optional.empty();
    }
    long[] n = count.get();
    long[] s = size.get();
    long period = lcm(n.length, s.length);
    if (period > MAX_PERIOD) {
      return Optional.empty();
    }
    long[] out = new long[(int) period];
    for (int k = 0; k < out.length; k++) {
      out[k] = n[k % n.length] * s[k % s.length];
    }
    return Optional.of(out);
  }

  private static long lcm(long a, long b) {
    return a / gcd(a, b) * b;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
