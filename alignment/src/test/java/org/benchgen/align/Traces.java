package org.benchgen.align;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.testing.Calls;

/** Test helpers: per-rank streams written from call lines, compressed for real; outlines. */
final class Traces {
  private Traces() {}

  /** One rank's calls, each an event line without times ({@code MPI_Barrier site=a.c:1 comm=0}). */
  static final class Rank {
    final List<String> lines = new ArrayList<>();
    private long clock = 1_000_000;

    Rank call(String line) {
      int sp = line.indexOf(' ', line.indexOf("site="));
      String head = sp < 0 ? line : line.substring(0, sp);
      String tail = sp < 0 ? "" : line.substring(sp);
      lines.add(head + " enter=" + clock + " exit=" + (clock + 1000) + tail);
      clock += 5000;
      return this;
    }

    /** A definition line ({@code comm id=7 members=0,1}). */
    Rank def(String line) {
      lines.add(line);
      return this;
    }
  }

  /** Writes the ranks' streams into {@code dir} and compresses them. */
  static CompressedTrace compress(Path dir, List<Rank> ranks) throws IOException {
    Files.createDirectories(dir);
    for (int r = 0; r < ranks.size(); r++) {
      List<String> text = new ArrayList<>();
      text.add("# benchgen-trace 1 rank=" + r + " size=" + ranks.size());
      text.addAll(ranks.get(r).lines);
      Files.write(dir.resolve("rank-" + r + ".trace"), text);
    }
    return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
  }

  /**
   * The structure in one line: {@code MPI_X[ranks]} per RSD (with {@code @site} when asked),
   * {@code loop[ranks]xN(...)} per loop ({@code x?} when the trip count is not one constant).
   */
  static String outline(List<Node> nodes, boolean sites) {
    return nodes.stream().map(n -> {
      if (n instanceof Loop l) {
        String trips = l.trips().entries().size() == 1
            && l.trips().entries().get(0).values().seq().constant().isPresent()
            ? "" + l.trips().entries().get(0).values().seq().constant().getAsLong() : "?";
        return "loop[" + l.ranks() + "]x" + trips + "(" + outline(l.body(), sites) + ")";
      }
      Rsd r = (Rsd) n;
      return r.op().mpiName() + "[" + r.ranks() + "]" + (sites ? "@" + r.site() : "");
    }).collect(Collectors.joining(" "));
  }

  /** Every RSD of {@code nodes}, loops' included, in document order, into {@code out}. */
  static void rsds(List<Node> nodes, List<Rsd> out) {
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        rsds(l.body(), out);
      } else {
        out.add((Rsd) n);
      }
    }
  }

  /** Rank {@code r}'s calls as op and parameters (sites and times left out), in order. */
  static List<String> calls(CompressedTrace t, int r) {
    return Calls.signatures(t, r);
  }
}
