package org.benchgen.compress;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;

/**
 * Choice sections (issue 50): a long run of top-level nodes that loop folding could not fold,
 * whose calls are drawn from a few call shapes (a call at a site) in an order that is random on
 * every rank (MPICH's comm/ctxsplit: each step a split with color 1 and its free, or a split with
 * MPI_UNDEFINED, as {@code rand()} says), becomes one loop over the run's steps whose body holds,
 * per shape, a guard loop of 0 or 1 trips around the shape's one merged RSD:
 *
 * <pre>
 * loop trips=STEPS {              one trip a call of the run, per rank
 *   loop trips=0/1... { shape 0 } the guard: 1 where the step calls shape 0
 *   loop trips=0/1... { shape 1 }
 * }
 * </pre>
 *
 * Each shape's RSD holds, per rank, the values of all its calls in the run, in order, folded
 * again, and the pooled compute paths and call time of the RSDs it merges. Expanding gives every
 * rank the same calls with the same values, and the same compute in total, so every pass reads
 * the section as it reads any loop (docs/compressed-format.md, "Choice sections"). The section's
 * text grows with the choices (the guards' 0/1 sequences), not with the calls' lines: ctxsplit's
 * 106,117 RSDs become 4.
 *
 * <p>The runs are those that {@code codegen.IrregularSections} takes for data ({@link
 * UnfoldedRuns}) that are also {@link #MIN_NODES} top-level nodes or more. A regular code's trace has no
 * such run and comes back as it was (the same object). Time: the run's calls, walked once.
 */
public final class ChoiceSections {
  /**
   * Nor with fewer top-level nodes than this: a run that loops did not fold is many nodes, where
   * one loop with a long body folded well and stays as it is.
   */
  public static final int MIN_NODES = 128;

  private ChoiceSections() {}

  /**
   * {@code trace} with each run of top-level nodes that did not fold made a choice section. The
   * trace is one as compressed, each call with its own compute (not one read from a file with
   * shared blocks, whose copies share a pool: {@link CompressedTrace#perPlace()} first).
   */
  public static CompressedTrace form(CompressedTrace given) {
    if (spans(given.body()).isEmpty()) {
      return given;
    }
    // The sections pool each call's own times as a file without shared blocks holds them
    // (means and deviations at the digits written): formed before the blocks, as the tracer
    // forms them in the job (tracer/src/fold_choices.c), so that its trace.bgc and `compress`
    // of the same streams are the same bytes and no pass has to share out a block's pooled
    // times. The writer is canonical, so a trace read from a file comes back the same.
    CompressedTrace trace = asWritten(given);
    List<int[]> spans = spans(trace.body());
    List<Node> body = trace.body();
    List<Node> out = new ArrayList<>();
    int at = 0;
    for (int[] s : spans) {
      out.addAll(body.subList(at, s[0]));
      out.add(section(trace, body.subList(s[0], s[1])));
      at = s[1];
    }
    out.addAll(body.subList(at, body.size()));
    return trace.withBody(out);
  }

  private static CompressedTrace asWritten(CompressedTrace t) {
    try {
      return CompressedTraceReader.read(Path.of("trace.bgc"),
          new StringReader(CompressedTraceWriter.unsharedText(t)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The runs {@code [start, end)} of top-level nodes that become sections, in order. */
  static List<int[]> spans(List<Node> body) {
    return UnfoldedRuns.of(body, MIN_NODES).stream().map(x -> new int[] {x.start(), x.end()})
        .toList();
  }

  private static String key(Rsd r) {
    return UnfoldedRuns.key(r.op(), r.site());
  }

  /** The section of {@code run}'s nodes: walked rank by rank, each call given to its shape. */
  private static Loop section(CompressedTrace trace, List<Node> run) {
    Map<String, Shape> shapes = new LinkedHashMap<>();
    RankList ranks = RankList.empty();
    for (Node n : run) {
      ranks = ranks.union(n.ranks());
      n.accept(new NodeScanner() {
        @Override
        public void visitRsd(Rsd r) {
          shapes.computeIfAbsent(key(r), k -> new Shape(r)).absorb(r);
        }
      });
    }
    List<Shape> byNumber = List.copyOf(shapes.values());
    CompressedTrace walked = trace.withBody(run);
    // The world's steps with few configurations, where the run has them (StepChoices).
    Map<String, StepChoices.Shape> merged = new LinkedHashMap<>();
    shapes.forEach((k, s) -> merged.put(k, new StepChoices.Shape(s.first.op(), s.first.site(),
        s.compute, s.duration)));
    Optional<Loop> steps = StepChoices.section(walked, ranks.toArray(), merged);
    if (steps.isPresent()) {
      return steps.get();
    }
    List<Integer> stepRanks = new ArrayList<>();
    List<EntryValues> calls = new ArrayList<>();
    for (int r : ranks.toArray()) {
      TraversalContext ctx = new TraversalContext(walked, r);
      long n = 0;
      for (Shape s : byNumber) {
        s.startRank();
      }
      while (ctx.hasNext()) {
        Step step = ctx.next();
        Shape taken = shapes.get(key(step.rsd()));
        for (Shape s : byNumber) {
          s.guard.push(s == taken ? 1 : 0);
        }
        taken.add(step.values());
        n++;
      }
      if (n > 0) {
        stepRanks.add(r);
        calls.add(new EntryValues.Plain(ValueSeq.of(n)));
        for (Shape s : byNumber) {
          s.endRank(r);
        }
      }
    }
    List<Node> guards = new ArrayList<>();
    for (Shape s : byNumber) {
      if (!s.ranks.isEmpty()) {
        guards.add(s.guarded());
      }
    }
    int[] sr = stepRanks.stream().mapToInt(Integer::intValue).toArray();
    return new Loop(RankList.of(sr), Param.grouped(sr, calls), guards);
  }

  /** One call shape of a section: the RSDs it merges and, per rank, its calls' values. */
  private static final class Shape {
    final Rsd first;
    List<ComputeStat> compute = List.of();
    RankList pooled = RankList.empty();
    CallTime duration;
    /** The ranks that called it, and per such rank its guard and its values by field. */
    final List<Integer> ranks = new ArrayList<>();
    final List<EntryValues> guards = new ArrayList<>();
    final List<List<EntryValues>> fields = new ArrayList<>();
    /** The rank being walked: its guard, its values by field, and whether it called this. */
    ValueSeqBuilder guard;
    ValueSeqBuilder[] values;
    boolean[] present;
    long calls;

    Shape(Rsd first) {
      this.first = first;
      for (int i = 0; i < first.op().fields().size(); i++) {
        fields.add(new ArrayList<>());
      }
    }

    void absorb(Rsd r) {
      compute = ComputeClasses.merge(compute, pooled, r.compute(), r.ranks());
      pooled = pooled.union(r.ranks());
      duration = duration == null ? r.duration() : duration.merge(r.duration());
    }

    void startRank() {
      guard = new ValueSeqBuilder();
      values = new ValueSeqBuilder[fields.size()];
      present = new boolean[fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = new ValueSeqBuilder();
      }
      calls = 0;
    }

    void add(long[] v) {
      for (int i = 0; i < v.length; i++) {
        values[i].push(v[i]);
        present[i] |= v[i] != Sym.ABSENT.code();
      }
      calls++;
    }

    void endRank(int rank) {
      if (calls == 0) {
        return;
      }
      ranks.add(rank);
      guards.add(new EntryValues.Plain(guard.build()));
      List<Field> fs = first.op().fields();
      for (int i = 0; i < values.length; i++) {
        // A field the rank never had stays absent (no entry), as in the RSDs merged.
        fields.get(i).add(!present[i] ? null : fs.get(i).isPeer()
            ? new EntryValues.Absolute(values[i].build())
            : new EntryValues.Plain(values[i].build()));
      }
    }

    /** The guard loop around this shape's merged RSD. */
    Loop guarded() {
      int[] r = ranks.stream().mapToInt(Integer::intValue).toArray();
      List<Param> params = new ArrayList<>();
      for (List<EntryValues> f : fields) {
        List<Integer> has = new ArrayList<>();
        List<EntryValues> vals = new ArrayList<>();
        for (int k = 0; k < r.length; k++) {
          if (f.get(k) != null) {
            has.add(r[k]);
            vals.add(f.get(k));
          }
        }
        params.add(has.isEmpty() ? Param.none()
            : Param.grouped(has.stream().mapToInt(Integer::intValue).toArray(), vals));
      }
      RankList rl = RankList.of(r);
      Rsd merged = new Rsd(first.op(), first.site(), rl, params, compute, duration);
      return new Loop(rl, Param.grouped(r, guards), List.of(merged));
    }
  }
}
