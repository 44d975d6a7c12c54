package org.benchgen.compress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/**
 * Runs of top-level nodes that loop folding could not fold, whose calls come from a few call
 * shapes (a call at a site): the one rule by which the compressor forms choice sections ({@link
 * ChoiceSections}) and the generators hold irregular sections as data ({@code
 * codegen.IrregularSections}). A run has at least {@link #MIN_RSDS} RSDs and {@link
 * #MIN_RSDS_PER_SHAPE} RSDs a shape, no MPI_Init or MPI_Finalize (which the targets treat apart),
 * and no communicator made or freed at a site that does so fewer times than a shape of a section
 * is: those made once (a set-up) stay as they are; those made again and again (a random split each
 * step) join the run.
 */
public final class UnfoldedRuns {
  /** Fewer RSDs than this in a run are left as they are: few enough to read, and small. */
  public static final int MIN_RSDS = 512;
  /** A run counts only when its RSDs outnumber its shapes this many times. */
  public static final int MIN_RSDS_PER_SHAPE = 8;

  private UnfoldedRuns() {}

  /** Top-level nodes {@code [start, end)}. */
  public record Span(int start, int end) {}

  /** The runs of {@code body} of {@code minNodes} top-level nodes or more, in order. */
  public static List<Span> of(List<Node> body, int minNodes) {
    Map<String, Long> commCalls = commCalls(body);
    List<Span> out = new ArrayList<>();
    int i = 0;
    while (i < body.size()) {
      if (!eligible(body.get(i), commCalls)) {
        i++;
        continue;
      }
      int j = i;
      long rsds = 0;
      Map<String, Boolean> shapes = new HashMap<>();
      while (j < body.size() && eligible(body.get(j), commCalls)) {
        rsds += count(body.get(j), shapes);
        j++;
      }
      if (j - i >= minNodes && rsds >= MIN_RSDS
          && rsds >= (long) MIN_RSDS_PER_SHAPE * shapes.size()) {
        out.add(new Span(i, j));
      }
      i = j;
    }
    return out;
  }

  /** A call shape: its MPI function and site. */
  public static String key(Op op, String site) {
    return op.name() + ' ' + site;
  }

  private static boolean eligible(Node n, Map<String, Long> commCalls) {
    boolean[] ok = {true};
    n.accept(new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        OpKind k = r.op().kind();
        ok[0] &= k != OpKind.INIT && k != OpKind.FINALIZE
            && (!isComm(k) || commCalls.get(key(r.op(), r.site())) >= MIN_RSDS_PER_SHAPE);
      }
    });
    return ok[0];
  }

  private static boolean isComm(OpKind k) {
    return k == OpKind.COMM_CREATE || k == OpKind.COMM_FREE;
  }

  /** How many RSDs of the top level create or free communicators, by call shape. */
  private static Map<String, Long> commCalls(List<Node> body) {
    Map<String, Long> out = new HashMap<>();
    NodeScanner s = new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (isComm(r.op().kind())) {
          out.merge(key(r.op(), r.site()), 1L, Long::sum);
        }
      }
    };
    body.forEach(n -> n.accept(s));
    return out;
  }

  /** The RSDs of {@code n}, recording its shapes. */
  private static long count(Node n, Map<String, Boolean> shapes) {
    long[] c = {0};
    n.accept(new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        c[0]++;
        shapes.put(key(r.op(), r.site()), true);
      }
    });
    return c[0];
  }
}
