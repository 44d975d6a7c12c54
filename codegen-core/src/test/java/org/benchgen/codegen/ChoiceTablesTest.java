package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.FieldKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A choice section is its own irregular-section table (issue 50): the table read off its guards
 * holds, rank by rank, the calls and values that the table walked from the unformed trace held.
 */
class ChoiceTablesTest {
  private static final int RANKS = 3;

  @TempDir
  Path tmp;

  @Test
  void aChoiceSectionGivesTheTableThatTheUnformedRunGave() throws IOException {
    Path dir = streams();
    CompressedTrace folded = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    CompressedTrace formed = ChoiceSections.form(folded);
    List<IrregularSections.Span> spans = IrregularSections.spans(formed);
    assertEquals(1, spans.size(), spans.toString());
    IrregularSections.Span span = spans.get(0);
    assertEquals(1, span.end() - span.start(), "one node, the section");
    assertTrue(ChoiceSection.of(formed.body().get(span.start())).isPresent());

    // Its calls, counted on the guards (GOAL's bound before it unrolls): every rank's calls
    // between MPI_Init and MPI_Finalize in its stream.
    long raw = 0;
    for (int r = 0; r < RANKS; r++) {
      raw += Files.readAllLines(dir.resolve("rank-" + r + ".trace")).stream()
          .filter(l -> l.startsWith("MPI_") && !l.startsWith("MPI_Init")
              && !l.startsWith("MPI_Finalize")).count();
    }
    assertEquals(raw, ChoiceSection.of(formed.body().get(span.start())).orElseThrow().calls());

    IrregularSections.Section table = IrregularSections.find(formed).get(0);
    // The walked table of the unformed run: independent code, every call expanded.
    List<IrregularSections.Section> walked = IrregularSections.find(folded);
    assertEquals(1, walked.size());
    for (int r = 0; r < RANKS; r++) {
      assertEquals(calls(folded, walked.get(0), r), calls(formed, table, r), "rank " + r);
    }
  }

  /**
   * Rank {@code r}'s calls in the section's table: each step's shape and its values, names by
   * {@code t}'s symbols (a trace read back from its text numbers them anew).
   */
  private static List<String> calls(CompressedTrace t, IrregularSections.Section s, int r) {
    long steps = s.steps().trips().entryFor(r).orElseThrow().values().seq().iterator().nextLong();
    PrimitiveIterator.OfLong sel = s.selector().entryFor(r).orElseThrow().values().seq()
        .iterator();
    Map<Rsd, List<PrimitiveIterator.OfLong>> values = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (long k = 0; k < steps; k++) {
      Rsd shape = s.shapes().get((int) sel.nextLong());
      List<PrimitiveIterator.OfLong> v = values.computeIfAbsent(shape, x -> {
        List<PrimitiveIterator.OfLong> its = new ArrayList<>();
        for (Param p : x.params()) {
          its.add(p.entryFor(r).map(ParamEntry::values).map(e -> e.seq().iterator())
              .orElse(null));
        }
        return its;
      });
      StringBuilder b = new StringBuilder(shape.op().mpiName() + " " + shape.site());
      for (int i = 0; i < v.size(); i++) {
        PrimitiveIterator.OfLong it = v.get(i);
        long x = it == null ? 0 : it.nextLong();
        b.append(' ').append(it == null ? "-" : shape.op().fields().get(i).kind()
            == FieldKind.NAME ? t.symbols().name(x) : Long.toString(x));
      }
      out.add(b.toString());
    }
    return out;
  }

  /**
   * Each step every rank draws one of three paths, from its own generator: a Barrier; an
   * Allreduce of a random count; a Send to a random rank and a Recv from one. Nothing folds.
   */
  private Path streams() throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("choice"));
    for (int rank = 0; rank < RANKS; rank++) {
      Random g = new Random(5 + rank);
      StringBuilder b = new StringBuilder("# benchgen-trace 1 rank=" + rank + " size=" + RANKS
          + "\nMPI_Init site=init enter=1000 exit=2000\n");
      long now = 3000;
      for (int k = 0; k < 1500; k++) {
        int path = g.nextInt(3);
        now += 1000 + g.nextInt(100);
        if (path == 0) {
          b.append("MPI_Barrier site=b.c:1 enter=").append(now).append(" exit=")
              .append(now += 300).append(" comm=0\n");
        } else if (path == 1) {
          b.append("MPI_Allreduce site=a.c:2 enter=").append(now).append(" exit=")
              .append(now += 400).append(" comm=0 count=").append(1 << g.nextInt(4))
              .append(" type=MPI_INT tsize=4 op=MPI_SUM\n");
        } else {
          int peer = g.nextInt(RANKS);
          b.append("MPI_Send site=s.c:3 enter=").append(now).append(" exit=").append(now += 200)
              .append(" comm=0 dest=").append(peer).append(" tag=5 count=2 type=MPI_INT")
              .append(" tsize=4\n");
          b.append("MPI_Recv site=s.c:4 enter=").append(now += 100).append(" exit=")
              .append(now += 200).append(" comm=0 src=").append(peer)
              .append(" tag=5 count=2 type=MPI_INT tsize=4 bytes=8\n");
        }
      }
      b.append("MPI_Finalize site=fin enter=").append(now + 500).append(" exit=")
          .append(now + 900).append('\n');
      Files.writeString(dir.resolve("rank-" + rank + ".trace"), b);
    }
    return dir;
  }
}
