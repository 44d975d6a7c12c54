package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.compress.ComputeClasses;
import org.benchgen.compress.UnfoldedRuns;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * Irregular sections: long runs of top-level nodes that the compressor could not fold into a few
 * loops (random peers, sizes and call orders). Code that follows such a run node by node grows with
 * the trace; here the run becomes data instead. Each call shape (a call at a site) becomes one
 * merged RSD whose parameters hold, per rank, every value it takes in the run, in order (the
 * counter-indexed patterns of {@link ParamExpressions}, only long); and a per-rank table of shape
 * numbers says which shape each step of the run calls. The program is then a loop over that table
 * with one case per shape, its size set by the number of shapes, not of calls.
 */
public final class IrregularSections {
  private IrregularSections() {}

  /**
   * Where a section is: top-level nodes {@code [start, end)}. Found without expanding anything,
   * so that a target that writes sections node by node still numbers them ({@link Regions}).
   */
  public record Span(int start, int end) {}

  /**
   * A section at {@code span}, executed as a loop of {@code steps} (trip count per rank) whose
   * iteration {@code k} calls shape {@code selector[k]}.
   */
  public record Section(Span span, Loop steps, Param selector, List<Rsd> shapes) {
    public Section {
      shapes = List.copyOf(shapes);
    }

    /** The first top-level node of the section. */
    public int start() {
      return span.start();
    }

    /** The top-level node after the section. */
    public int end() {
      return span.end();
    }
  }

  /** The sections of {@code trace}'s top level, in order, not overlapping, built. */
  public static List<Section> find(CompressedTrace trace) {
    return build(trace, spans(trace));
  }

  /**
   * The data of the sections at {@code spans} (of {@link #spans}): each run is expanded rank by
   * rank, which takes time in proportion to its calls.
   */
  public static List<Section> build(CompressedTrace trace, List<Span> spans) {
    return spans.stream().map(s -> build(trace, s)).toList();
  }

  /** Where {@code trace}'s top level has sections, in order, not overlapping ({@link
   * UnfoldedRuns}, of any length), and each choice section outside those, one node. */
  public static List<Span> spans(CompressedTrace trace) {
    List<Span> runs = UnfoldedRuns.of(trace.body(), 0).stream()
        .map(x -> new Span(x.start(), x.end())).toList();
    List<Span> out = new ArrayList<>(runs);
    List<Node> body = trace.body();
    for (int i = 0; i < body.size(); i++) {
      int at = i;
      if (ChoiceSection.of(body.get(i)).isPresent()
          && runs.stream().noneMatch(s -> s.start() <= at && at < s.end())) {
        out.add(new Span(i, i + 1));
      }
    }
    if (out.size() > runs.size()) {
      out.sort(java.util.Comparator.comparingInt(Span::start));
    }
    return out;
  }

  /** A call shape: its MPI function and site (CommSlots pools creating calls by it too). */
  static String key(Op op, String site) {
    return UnfoldedRuns.key(op, site);
  }

  /**
   * Expands the span's nodes rank by rank and gathers each shape's values; a choice section
   * already holds them, and only its selector is read off its guards.
   */
  private static Section build(CompressedTrace trace, Span span) {
    if (span.end() - span.start() == 1) {
      Optional<ChoiceSection> c = ChoiceSection.of(trace.body().get(span.start()));
      if (c.isPresent()) {
        return ChoiceTables.section(trace.worldSize(), span, c.get());
      }
    }
    CompressedTrace run = trace.withBody(trace.body().subList(span.start(), span.end()));
    Map<String, Shape> shapes = new LinkedHashMap<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        shapes.computeIfAbsent(key(r.op(), r.site()), k -> new Shape(r.op(), r.site(),
            trace.worldSize(), shapes.size())).absorb(r);
      }
    }.scan(run.body());
    int world = trace.worldSize();
    Longs[] selector = new Longs[world];
    RankList ranks = RankList.empty();
    for (Node n : run.body()) {
      ranks = ranks.union(n.ranks());
    }
    for (int r : ranks.toArray()) {
      TraversalContext ctx = new TraversalContext(run, r);
      Longs sel = new Longs();
      while (ctx.hasNext()) {
        Step s = ctx.next();
        Shape sh = shapes.get(key(s.rsd().op(), s.rsd().site()));
        sel.add(sh.number);
        sh.add(r, s.values());
      }
      selector[r] = sel;
    }
    Param trips = perRank(world, r -> selector[r] == null ? null : new Longs(selector[r].size()),
        false);
    Param sel = perRank(world, r -> selector[r], false);
    List<Rsd> rsds = shapes.values().stream().map(Shape::rsd).toList();
    return new Section(span, new Loop(ranks, trips, List.of()), sel, rsds);
  }

  /**
   * A parameter with one entry per rank that has values ({@code values.apply(r)} non-null), ranks
   * with the same values sharing one entry.
   */
  static Param perRank(int world, java.util.function.IntFunction<Longs> values,
      boolean peer) {
    List<Integer> ranks = new ArrayList<>();
    List<EntryValues> seqs = new ArrayList<>();
    for (int r = 0; r < world; r++) {
      Longs v = values.apply(r);
      if (v != null && v.size() > 0) {
        ranks.add(r);
        ValueSeq seq = v.seq();
        seqs.add(peer ? new EntryValues.Absolute(seq) : new EntryValues.Plain(seq));
      }
    }
    return Param.grouped(ranks.stream().mapToInt(Integer::intValue).toArray(), seqs);
  }

  /** One call shape of a section: the RSDs it merges and, per rank and slot, its values. */
  private static final class Shape {
    final Op op;
    final String site;
    final int number;
    final Longs[][] values;
    List<ComputeStat> compute = List.of();
    CallTime duration;
    RankList ranks = RankList.empty();

    Shape(Op op, String site, int world, int number) {
      this.op = op;
      this.site = site;
      this.number = number;
      this.values = new Longs[world][];
    }

    void absorb(Rsd r) {
      compute = ComputeClasses.merge(compute, ranks, r.compute(), r.ranks());
      ranks = ranks.union(r.ranks());
      duration = duration == null ? r.duration() : duration.merge(r.duration());
    }

    void add(int rank, long[] v) {
      if (values[rank] == null) {
        values[rank] = new Longs[v.length];
        for (int i = 0; i < v.length; i++) {
          values[rank][i] = new Longs();
        }
      }
      for (int i = 0; i < v.length; i++) {
        values[rank][i].add(v[i]);
      }
    }

    Rsd rsd() {
      List<Field> fields = op.fields();
      List<Param> params = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        int slot = i;
        params.add(perRank(values.length, r -> values[r] == null ? null
            : absentAll(values[r][slot]) ? null : values[r][slot], fields.get(i).isPeer()));
      }
      return new Rsd(op, site, ranks, params, compute, duration);
    }

    /** Whether a rank never had this parameter (it is absent, not a value). */
    private static boolean absentAll(Longs l) {
      for (int i = 0; i < l.size(); i++) {
        if (l.at(i) != org.benchgen.trace.Sym.ABSENT.code()) {
          return false;
        }
      }
      return true;
    }
  }
}
