package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.RankList;
import org.benchgen.testing.CompressedText;
import org.junit.jupiter.api.Test;

class RegionsTest {
  private static final String DURATION = "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1";

  /** 4 ranks: loop A { loop B { f } loop C { h } } loop D { x }. */
  private static final String[] TEXT = {
      "benchgen-compressed 1", "world 4",
      "MPI_Init site=a", DURATION,
      "loop trips=3 {",
      "  loop ranks=0..2 trips=2 {",
      "    MPI_Barrier site=f comm=0", DURATION,
      "  }",
      "  loop trips=2 {",
      "    MPI_Barrier site=h comm=0", DURATION,
      "  }",
      "}",
      "loop trips=5 {",
      "  MPI_Barrier site=x comm=0", DURATION,
      "}",
      "MPI_Finalize site=z", DURATION};
  private static final CompressedTrace TRACE = CompressedText.read(TEXT);

  /** An emitter that keeps only the numbers the walk gives each loop. */
  private static final class Numbers implements Emitter {
    final Map<Loop, Integer> loops = new IdentityHashMap<>();
    final List<Integer> sections = new ArrayList<>();
    int unnumbered;

    @Override
    public List<OutputModel> rsd(RsdContext rsd) {
      return List.of();
    }

    @Override
    public OutputModel loop(LoopContext loop, List<OutputModel> body) {
      loop.region().ifPresentOrElse(n -> loops.put(loop.loop(), n), () -> unnumbered++);
      return new Value.Num(0);
    }

    @Override
    public List<OutputModel> section(int number, IrregularSections.Span span,
        java.util.function.Supplier<List<OutputModel>> nodeByNode) {
      sections.add(number);
      return nodeByNode.get();
    }

    @Override
    public OutputModel guard(Condition ranks, List<OutputModel> body) {
      return new Value.Num(0);
    }

    @Override
    public OutputModel dispatch(Value selector, List<List<OutputModel>> cases) {
      return new Value.Num(0);
    }

    @Override
    public List<GeneratedFile> program(List<OutputModel> body) {
      return List.of();
    }
  }

  /** The numbers the traversal hands the target, as the generated program names its loops. */
  private static Map<Loop, Integer> walked(CompressedTrace t,
      List<IrregularSections.Span> spans) {
    return walk(t, spans, true).loops;
  }

  /** What the traversal hands a target with data tables or ({@code asData} false) without. */
  private static Numbers walk(CompressedTrace t, List<IrregularSections.Span> spans,
      boolean asData) {
    Generation g = new Generation(t, new GenerateOptions("t", ComputeMode.MEAN, 0),
        new PrefixNaming("r", "i", 0, "calls", "entries"), spans, asData);
    Numbers n = new Numbers();
    new TraceWalker(g, n).walk();
    return n;
  }

  @Test
  void loopsAreNumberedDepthFirstInProgramOrder() {
    Regions r = Regions.of(TRACE, List.of());
    Loop a = (Loop) TRACE.body().get(1);
    Loop b = (Loop) a.body().get(0);
    Loop c = (Loop) a.body().get(1);
    Loop d = (Loop) TRACE.body().get(2);
    assertEquals(4, r.count());
    assertEquals(List.of(1, 2, 3, 4), List.of(r.number(a), r.number(b), r.number(c),
        r.number(d)));
    assertEquals(List.of(0, 1, 1, 0), r.all().stream().map(Regions.Region::depth).toList());
    assertEquals(List.of(0, 1, 1, 0), r.all().stream().map(Regions.Region::parent).toList());
    assertEquals(a.body(), r.all().get(0).nodes());
    // The traversal numbers each loop as the regions do: one numbering.
    Map<Loop, Integer> w = walked(TRACE, List.of());
    assertEquals(List.of(1, 2, 3, 4), List.of(w.get(a), w.get(b), w.get(c), w.get(d)));
    Loop other = (Loop) CompressedText.read("benchgen-compressed 1", "world 4", "loop trips=3 {",
        "  MPI_Barrier site=f comm=0", DURATION, "}").body().get(0);
    assertThrows(IllegalArgumentException.class, () -> r.number(other), "equal is not same");
  }

  @Test
  void anIrregularSectionIsOneRegionAtItsPlace() {
    // 4 ranks: loop A { loop B {} loop C {} }, a communicator made, 600 barriers from two sites
    // (an irregular run: 512 RSDs or more, 8 or more a shape), the communicator freed, loop D.
    List<String> lines = new ArrayList<>(List.of("benchgen-compressed 1", "world 4",
        "comm 1 members=0..3", "MPI_Init site=a", DURATION));
    List<String> loops = List.of(TEXT).subList(4, 14);
    lines.addAll(loops);
    lines.addAll(List.of("MPI_Comm_dup site=k comm=0 newcomm=1", DURATION));
    for (int i = 0; i < 600; i++) {
      lines.addAll(List.of("MPI_Barrier site=s" + i % 2 + " comm=0", DURATION));
    }
    lines.addAll(List.of("MPI_Comm_free site=k2 comm=1", DURATION));
    lines.addAll(List.of(TEXT).subList(14, 18));
    lines.addAll(List.of("MPI_Finalize site=z", DURATION));
    CompressedTrace t = CompressedText.read(lines.toArray(String[]::new));
    List<IrregularSections.Span> spans = IrregularSections.spans(t);
    assertEquals(List.of(new IrregularSections.Span(3, 603)), spans);
    IrregularSections.Section s = IrregularSections.build(t, spans).get(0);
    Regions r = Regions.of(t, spans);
    assertEquals(5, r.count());
    Regions.Region section = r.all().get(3);
    assertTrue(section.section());
    assertEquals(t.body().subList(3, 603), section.nodes());
    assertEquals(RankList.range(0, 4), section.ranks());
    assertEquals(4, r.number(spans.get(0)));
    assertEquals(List.of(0, 1, 1, 0, 0), r.all().stream().map(Regions.Region::parent).toList());
    Loop a = (Loop) t.body().get(1);
    Loop d = (Loop) t.body().get(604);
    assertEquals(List.of(1, 5), List.of(r.number(a), r.number(d)));
    // With data tables the section is a loop over its steps (built by the generation), L4.
    Map<Loop, Integer> w = walked(t, spans);
    assertEquals(List.of(1, 2, 3, 4, 5), w.values().stream().sorted().toList());
    assertEquals(List.of(1, 5), List.of(w.get(a), w.get(d)));
    assertEquals(List.of(s.steps()), w.keySet().stream().filter(l -> w.get(l) == 4).toList());
    assertEquals(spans, r.spans());
    // Without data tables the section's nodes are walked one by one: still region L4, handed
    // to the target as such; the loops the compressor found inside it (if any) are no regions.
    Numbers plain = walk(t, spans, false);
    assertEquals(List.of(4), plain.sections);
    assertEquals(List.of(1, 2, 3, 5), List.of(plain.loops.get(a),
        plain.loops.get((Loop) a.body().get(0)), plain.loops.get((Loop) a.body().get(1)),
        plain.loops.get(d)));
    assertEquals(4, plain.loops.size());
    long inside = t.body().subList(3, 603).stream().filter(Loop.class::isInstance).count();
    assertEquals(inside, plain.unnumbered);
    t.body().subList(3, 603).stream().filter(Loop.class::isInstance)
        .forEach(l -> assertTrue(r.region((Loop) l).isEmpty()));
  }
}
