package org.benchgen.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.benchgen.ir.ValueSeq;
import org.benchgen.ir.format.ValueText;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The folder's steps on the cases that the tracer's C unit test reads too (tracer/test/cases,
 * README.md there): value sequences, loop detection and the stable sort, against the Java
 * classes. The same file fails both sides where they part. trace-model's TwinCasesTest runs the
 * histogram, decimal and rank-list cases.
 */
class TwinCasesTest {
  static final Path CASES = Path.of("../tracer/test/cases");

  /** One line of a cases file: INPUT => EXPECTED. */
  record Case(String file, int line, String input, String expected) {
    DynamicTest test(java.util.function.Function<String, String> run) {
      return DynamicTest.dynamicTest(file + ":" + line + ": " + input,
          () -> assertEquals(expected, run.apply(input), file + ":" + line));
    }
  }

  static List<Case> cases(String file) throws IOException {
    List<String> lines = Files.readAllLines(CASES.resolve(file));
    List<Case> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (!l.isBlank() && !l.startsWith("#")) {
        int arrow = l.indexOf(" => ");
        out.add(new Case(file, i + 1, arrow < 0 ? l : l.substring(0, arrow),
            arrow < 0 ? "(no ' => ')" : l.substring(arrow + 4)));
      }
    }
    assertFalse(out.isEmpty(), file + " holds no case");
    return out;
  }

  /** The words of an input, {@code [WORDS]xN} written out N times. */
  static List<String> words(String input) {
    List<String> out = new ArrayList<>();
    int group = -1;
    for (String w : input.trim().split(" +")) {
      if (w.isEmpty()) {
        continue;
      }
      if (w.startsWith("[")) {
        group = out.size();
        w = w.substring(1);
      }
      int close = group >= 0 ? w.indexOf("]x") : -1;
      out.add(close >= 0 ? w.substring(0, close) : w);
      if (close >= 0) {
        List<String> body = List.copyOf(out.subList(group, out.size()));
        for (int t = 1; t < Integer.parseInt(w.substring(close + 2)); t++) {
          out.addAll(body);
        }
        group = -1;
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> valueSequences() throws IOException {
    return cases("values.cases").stream().map(c -> c.test(TwinCasesTest::values));
  }

  @TestFactory
  Stream<DynamicTest> loopDetection() throws IOException {
    return cases("folder.cases").stream().map(c -> c.test(TwinCasesTest::folder));
  }

  @TestFactory
  Stream<DynamicTest> stableSort() throws IOException {
    return cases("sort.cases").stream().map(c -> c.test(TwinCasesTest::sort));
  }

  /** VALUES, or A | B: B's builder appended to A's. */
  private static String values(String input) {
    List<String> w = words(input);
    int bar = w.indexOf("|");
    ValueSeqBuilder a = builder(bar < 0 ? w : w.subList(0, bar));
    if (bar >= 0) {
      a.appendAll(builder(w.subList(bar + 1, w.size())));
    }
    StringBuilder b = new StringBuilder();
    new ValueText(new SymbolTable()).seq(b, a.build(), FieldKind.INT, false, "");
    return b.toString();
  }

  private static ValueSeqBuilder builder(List<String> values) {
    ValueSeqBuilder b = new ValueSeqBuilder();
    for (String v : values) {
      b.push(Arrays.stream(Sym.values()).filter(s -> s != Sym.ABSENT && s.text().equals(v))
          .findFirst().map(Sym::code).orElseGet(() -> Long.parseLong(v)));
    }
    return b;
  }

  /** WINDOW: TOKENS, folded as the folder leaves them once finished. */
  private static String folder(String input) {
    int colon = input.indexOf(':');
    LoopFolder<TokenNode> f = new LoopFolder<>(TokenNode.POLICY,
        Integer.parseInt(input.substring(0, colon)));
    for (String t : words(input.substring(colon + 1))) {
      f.push(new TokenNode(t));
    }
    f.finish();
    return f.nodes().stream().map(TokenNode::toString).collect(Collectors.joining(" "));
  }

  /** MEAN:TAG..., sorted by mean as ComputeClasses sorts its classes. */
  private static String sort(String input) {
    List<String> w = new ArrayList<>(words(input));
    w.sort(Comparator.comparingDouble(k -> Double.parseDouble(k.substring(0, k.indexOf(':')))));
    return String.join(" ", w);
  }

  /**
   * A call of a name, or a loop of them with the trip count of each instance: merged with a loop
   * of its shape instance by instance and body node by body node, as FoldLoop merges. The C test
   * (tracer/test/fold_unit_folder.c) has the same nodes, so the cases compare the folders.
   */
  private static final class TokenNode {
    static final FoldPolicy<TokenNode> POLICY = new FoldPolicy<>() {
      @Override
      public long shape(TokenNode n) {
        return n.shape;
      }

      @Override
      public boolean sameShape(TokenNode a, TokenNode b) {
        return a.sameShape(b);
      }

      @Override
      public int bodySize(TokenNode n) {
        return n.body.size();
      }

      @Override
      public TokenNode bodyAt(TokenNode loop, int i) {
        return loop.body.get(i);
      }

      @Override
      public TokenNode fold(List<TokenNode> first, List<TokenNode> second) {
        TokenNode loop = new TokenNode(new ArrayList<>(first));
        return absorb(loop, second);
      }

      @Override
      public TokenNode absorb(TokenNode loop, List<TokenNode> iteration) {
        loop.open++;
        for (int i = 0; i < loop.body.size(); i++) {
          loop.body.get(i).merge(iteration.get(i));
        }
        return loop;
      }
    };

    private final String token;
    private final List<TokenNode> body;
    private final long shape;
    private final List<Long> trips = new ArrayList<>();
    private long open;

    TokenNode(String token) {
      this.token = token;
      this.body = List.of();
      this.shape = token.hashCode();
    }

    TokenNode(List<TokenNode> body) {
      this.token = null;
      this.body = body;
      this.shape = 31 * body.stream().mapToLong(n -> n.shape).reduce(17, (h, s) -> 31 * h + s);
      this.open = 1;
      body.forEach(TokenNode::settle);
    }

    boolean sameShape(TokenNode o) {
      if (shape != o.shape || (token == null) != (o.token == null)
          || body.size() != o.body.size()) {
        return false;
      }
      if (token != null) {
        return token.equals(o.token);
      }
      for (int i = 0; i < body.size(); i++) {
        if (!body.get(i).sameShape(o.body.get(i))) {
          return false;
        }
      }
      return true;
    }

    void settle() {
      if (token == null && open > 0) {
        trips.add(open);
        open = 0;
      }
    }

    void merge(TokenNode o) {
      if (token != null) {
        return;
      }
      settle();
      o.settle();
      trips.addAll(o.trips);
      for (int i = 0; i < body.size(); i++) {
        body.get(i).merge(o.body.get(i));
      }
    }

    @Override
    public String toString() {
      if (token != null) {
        return token;
      }
      settle();
      return "(" + body.stream().map(TokenNode::toString).collect(Collectors.joining(" "))
          + ")*" + trips.stream().map(String::valueOf).collect(Collectors.joining("/"));
    }
  }
}
