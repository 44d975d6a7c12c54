package org.benchgen.otf2;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.benchgen.io.AtomicOutput;
import org.benchgen.io.TraceFiles;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceProblem;

/**
 * {@code benchgen import}: an OTF2 archive's MPI records to a directory of per-rank streams
 * (docs/otf2.md, "Import"). The archive is read by the OTF2 library ({@link Otf2Library}); each
 * rank's records become calls ({@link RankImporter}); the streams are then read back by the
 * trace reader, so an archive whose records do not add up is refused, never half imported.
 */
public final class Otf2Import {
  /** The file of the output directory that says where the trace came from and what rules did. */
  public static final String NOTES_FILE = "IMPORT.txt";

  /**
   * What an import made: ranks, calls, how often each rule filled in a field, and how many calls
   * of each kind have bytes or peers that the archive does not say ({@code unknown}: warnings).
   */
  public record Result(int ranks, long calls, Map<String, Long> rules,
      Map<String, Long> unknown) {}

  private Otf2Import() {}

  /**
   * Asked, before anything is written, whether {@code ranks} rank files of about {@code bytes}
   * in all may be written: it throws to refuse.
   */
  @FunctionalInterface
  public interface Budget {
    void check(int ranks, long bytes) throws IOException;
  }

  /** As {@link #run(Path, Path, IntFunction, Budget)}, writing whatever the archive holds. */
  public static Result run(Path archive, Path out, IntFunction<IntConsumer> progress)
      throws IOException {
    return run(archive, out, progress, (ranks, bytes) -> { });
  }

  /**
   * Imports {@code archive} (its {@code .otf2} anchor file) into the new directory {@code out};
   * {@code progress} is given the rank count once known, and its consumer each rank done;
   * {@code budget} is asked first, with the size of the records read from the archive, which the
   * streams written are about (a line a call each).
   */
  public static Result run(Path archive, Path out, IntFunction<IntConsumer> progress,
      Budget budget) throws IOException {
    if (!Files.isRegularFile(archive)) {
      throw new TraceProblem(archive + ": not an OTF2 anchor file (name the archive's .otf2"
          + " file, e.g. scorep-*/traces.otf2)");
    }
    Path bridge = Files.createTempDirectory("bg_otf2-read");
    try {
      Otf2Library.run("read", archive, bridge, archive.toString());
      ImportDefs defs;
      try {
        defs = ImportDefs.read(bridge.resolve("defs"));
      } catch (IllegalArgumentException e) {
        throw new TraceProblem(archive + ": " + e.getMessage());
      }
      RuleCounts notes = new RuleCounts();
      long[] calls = new long[1];
      CollectiveShares shares = CollectiveShares.read(bridge, defs);
      budget.check(defs.ranks(), recordBytes(bridge, defs.ranks()));
      IntConsumer done = progress.apply(defs.ranks());
      AtomicOutput.writeDirectory(out, dir -> {
        SymbolTable symbols = new SymbolTable();
        for (int r = 0; r < defs.ranks(); r++) {
          importRank(archive, bridge, defs, shares, r, dir, symbols, notes);
          calls[0] += check(dir, r);
          done.accept(r + 1);
        }
        writeNotes(dir.resolve(NOTES_FILE), archive, notes);
      });
      return new Result(defs.ranks(), calls[0], notes.counts(), notes.unknowns());
    } finally {
      Otf2Library.deleteTree(bridge);
    }
  }

  /** The bytes of the records the archive's reader wrote, for every rank. */
  private static long recordBytes(Path bridge, int ranks) throws IOException {
    long bytes = 0;
    for (int r = 0; r < ranks; r++) {
      Path f = bridge.resolve("rank-" + r);
      bytes += Files.isRegularFile(f) ? Files.size(f) : 0;
    }
    return bytes;
  }

  private static void importRank(Path archive, Path bridge, ImportDefs defs,
      CollectiveShares shares, int r, Path dir, SymbolTable symbols, RuleCounts notes)
      throws IOException {
    try (RawTraceWriter w = TraceFiles.rankWriter(dir, r, defs.ranks(), false, symbols);
        BufferedReader in = Files.newBufferedReader(bridge.resolve("rank-" + r),
            StandardCharsets.UTF_8)) {
      w.comment("imported by benchgen import from " + archive.getFileName()
          + " (docs/otf2.md)");
      String line;
      long no = 0;
      try {
        RankImporter ri = new RankImporter(defs, shares, r, symbols, w, notes);
        ri.begin();
        while ((line = in.readLine()) != null) {
          no++;
          ri.accept(BridgeLines.parse(line));
        }
        ri.end();
      } catch (IllegalArgumentException e) {
        throw new TraceProblem(archive + ": rank " + r + (no > 0 ? ", record " + no : "")
            + ": " + e.getMessage());
      }
    }
  }

  /** Reads rank {@code r}'s new stream back: the reader's checks hold for every import. */
  private static long check(Path dir, int r) throws IOException {
    long[] n = new long[1];
    Path file = dir.resolve(org.benchgen.rawtrace.TraceDirectory.fileName(r, false));
    try {
      RawTraceReader.read(file, new SymbolTable(), new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {}

        @Override
        public void event(RawEvent event) {
          n[0]++;
        }
      });
    } catch (TraceFormatException e) {
      throw new TraceProblem("the archive's records of rank " + r + " do not make a valid"
          + " trace: " + e.getMessage());
    }
    return n[0];
  }

  private static void writeNotes(Path file, Path archive, RuleCounts notes) throws IOException {
    try (Writer w = AtomicOutput.newWriter(file)) {
      w.write("Imported by benchgen import from " + archive + "\n");
      w.write("Rules that filled in what OTF2 does not carry (docs/otf2.md), with their calls:\n");
      if (notes.counts().isEmpty()) {
        w.write("  none: every call is as recorded\n");
      }
      for (Map.Entry<String, Long> e : notes.counts().entrySet()) {
        w.write("  " + e.getValue() + "  " + e.getKey() + "\n");
      }
      w.write("Calls whose bytes or peers the archive does not say (warnings):\n");
      if (notes.unknowns().isEmpty()) {
        w.write("  none\n");
      }
      for (Map.Entry<String, Long> e : notes.unknowns().entrySet()) {
        w.write("  " + e.getValue() + "  " + e.getKey() + "\n");
      }
    }
  }
}
