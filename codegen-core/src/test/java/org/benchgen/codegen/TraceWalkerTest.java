package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.testing.CompressedText;
import org.junit.jupiter.api.Test;

class TraceWalkerTest {
  private static final String DURATION = "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1";

  /**
   * 4 ranks. a; b and c on ranks 0,1; d on ranks 2,3; loop 1 { e; loop 2 on ranks 0..2 { f; g
   * on rank 1 } loop 3 { h } } z.
   */
  private static final CompressedTrace TRACE = CompressedText.read(
      "benchgen-compressed 1", "world 4",
      "MPI_Init site=a", DURATION,
      "MPI_Barrier site=b ranks=0,1 comm=0", DURATION,
      "MPI_Barrier site=c ranks=0,1 comm=0", DURATION,
      "MPI_Barrier site=d ranks=2,3 comm=0", DURATION,
      "loop trips=3 {",
      "  MPI_Barrier site=e comm=0", DURATION,
      "  loop ranks=0..2 trips=2 {",
      "    MPI_Barrier site=f comm=0", DURATION,
      "    MPI_Barrier site=g ranks=1 comm=0", DURATION,
      "  }",
      "  loop trips=2 {",
      "    MPI_Barrier site=h comm=0", DURATION,
      "  }",
      "}",
      "MPI_Finalize site=z", DURATION);

  private static final Loop LOOP1 = (Loop) TRACE.body().get(4);
  private static final Loop LOOP2 = (Loop) LOOP1.body().get(1);
  private static final Loop LOOP3 = (Loop) LOOP1.body().get(2);

  /** A statement: the RSD's site. */
  record Stmt(String site) implements OutputModel {}

  /** A loop ("loop N", its context's number) or a guard ("if" and the ranks it holds for). */
  record Block(String head, List<OutputModel> body) implements OutputModel {}

  private static Block block(String head, OutputModel... body) {
    return new Block(head, List.of(body));
  }

  /** An emitter that records what the walk hands it; it leaves out the RSDs at {@code omit}. */
  private static final class Recorder implements Emitter {
    final List<RsdContext> rsds = new ArrayList<>();
    final Map<Loop, LoopContext> loops = new IdentityHashMap<>();
    private final String omit;

    Recorder(String omit) {
      this.omit = omit;
    }

    @Override
    public List<OutputModel> rsd(RsdContext rsd) {
      rsds.add(rsd);
      return rsd.rsd().site().equals(omit) ? List.of() : List.of(new Stmt(rsd.rsd().site()));
    }

    @Override
    public OutputModel loop(LoopContext loop, List<OutputModel> body) {
      loops.put(loop.loop(), loop);
      return new Block("loop " + loop.index(), body);
    }

    @Override
    public OutputModel guard(Condition ranks, List<OutputModel> body) {
      // The ranks for which the condition holds, evaluated as generated code would.
      return new Block("if " + IntStream.range(0, 4).filter(r -> RankConditionsTest.holds(ranks, r))
          .boxed().toList(), body);
    }

    @Override
    public List<GeneratedFile> program(List<OutputModel> body) {
      return List.of();
    }
  }

  private static final Naming NAMING = new PrefixNaming("r", "i", 0, "calls", "entries");

  private static List<OutputModel> walk(Recorder r) {
    Generation g = new Generation(TRACE, new GenerateOptions("t", ComputeMode.MEAN, 0), NAMING);
    return new TraceWalker(g, r).walk();
  }

  @Test
  void theProgramFollowsTheTraceWithOneGuardPerRunOfSiblingsOnFewerRanks() {
    assertEquals(List.of(
        new Stmt("a"),
        block("if [0, 1]", new Stmt("b"), new Stmt("c")),
        block("if [2, 3]", new Stmt("d")),
        block("loop 1", new Stmt("e"),
            block("if [0, 1, 2]", block("loop 2", new Stmt("f"), block("if [1]", new Stmt("g")))),
            block("loop 3", new Stmt("h"))),
        new Stmt("z")), walk(new Recorder("")));
  }

  @Test
  void rsdsAreHandedOverInProgramOrderNumberedFromOne() {
    Recorder r = new Recorder("");
    walk(r);
    assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h", "z"),
        r.rsds.stream().map(c -> c.rsd().site()).toList());
    assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), r.rsds.stream().map(RsdContext::index)
        .toList());
  }

  @Test
  void loopsAreNumberedInProgramOrderWithTheirDepth() {
    Recorder r = new Recorder("");
    walk(r);
    assertEquals(List.of(1, 2, 3), List.of(r.loops.get(LOOP1).index(), r.loops.get(LOOP2).index(),
        r.loops.get(LOOP3).index()));
    assertEquals(List.of(0, 1, 1), List.of(r.loops.get(LOOP1).depth(), r.loops.get(LOOP2).depth(),
        r.loops.get(LOOP3).depth()));
    assertEquals("i1", r.loops.get(LOOP2).variable());
  }

  @Test
  void contextsAreGivenTheirEnclosingLoopsOutermostFirst() {
    Recorder r = new Recorder("");
    walk(r);
    Map<String, List<Loop>> enclosing = new HashMap<>();
    r.rsds.forEach(c -> enclosing.put(c.rsd().site(), c.enclosing()));
    assertEquals(List.of(), enclosing.get("a"));
    assertEquals(List.of(LOOP1), enclosing.get("e"));
    assertEquals(List.of(LOOP1, LOOP2), enclosing.get("g"));
    assertEquals(List.of(LOOP1, LOOP3), enclosing.get("h"));
    assertEquals(List.of(), enclosing.get("z"));
    assertEquals(List.of(), r.loops.get(LOOP1).enclosing());
    assertEquals(List.of(LOOP1), r.loops.get(LOOP2).enclosing());
  }

  @Test
  void anRsdTheTargetLeavesOutMakesNoEmptyGuard() {
    List<OutputModel> program = walk(new Recorder("d"));
    assertEquals(List.of(new Stmt("a"), block("if [0, 1]", new Stmt("b"), new Stmt("c"))),
        program.subList(0, 2));
    assertEquals(block("loop 1", new Stmt("e"),
        block("if [0, 1, 2]", block("loop 2", new Stmt("f"), block("if [1]", new Stmt("g")))),
        block("loop 3", new Stmt("h"))), program.get(2));
  }
}
