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
import org.benchgen.compress.ChoiceSection;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.FieldKind;
import org.benchgen.testing.ChoicePrograms;
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
    ChoicePrograms.write(dir, RANKS, 1500, 5, false);
    return dir;
  }
}
