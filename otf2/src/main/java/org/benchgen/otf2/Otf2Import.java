package org.benchgen.otf2;

import java.io.IOException;
import java.io.Writer;
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

  /**
   * Bytes of stream per byte of the reader's binary records, for the budget: the streams are
   * about the size of the records as text lines (a line a call either way), which is five times
   * their binary form (a 64-rank archive of 1.29 M calls: 35 MB of records, 157 MB as lines,
   * 173 MB of streams).
   */
  static final long STREAM_PER_RECORD_BYTE = 5;
  /** Ranks imported at once, at most (one a core). */
  private static final int THREADS = 2;

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
   * {@code budget} is asked first, with about the size of the streams, from the size of the
   * records read from the archive ({@link #STREAM_PER_RECORD_BYTE}).
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
      CollectiveShares shares = CollectiveShares.read(bridge, defs);
      WindowReach reach = WindowReach.read(bridge, defs);
      budget.check(defs.ranks(), recordBytes(bridge, defs.ranks()));
      IntConsumer done = progress.apply(defs.ranks());
      // Ranks are independent (a file in, a file out, counts of their own, one thread-safe
      // symbol table whose ids no stream shows): two at a time where there are two cores.
      RuleCounts[] rankNotes = new RuleCounts[defs.ranks()];
      long[] rankCalls = new long[defs.ranks()];
      RuleCounts notes = new RuleCounts();
      AtomicOutput.writeDirectory(out, dir -> {
        SymbolTable symbols = new SymbolTable();
        ParallelRanks.run(defs.ranks(), ParallelRanks.threads(THREADS), r -> {
          rankNotes[r] = new RuleCounts();
          importRank(archive, bridge, defs, shares, reach, r, dir, symbols, rankNotes[r]);
          rankCalls[r] = check(dir, r);
        }, done);
        for (RuleCounts n : rankNotes) {
          notes.addAll(n);
        }
        writeNotes(dir.resolve(NOTES_FILE), archive, notes);
      });
      long calls = java.util.Arrays.stream(rankCalls).sum();
      return new Result(defs.ranks(), calls, notes.counts(), notes.unknowns());
    } finally {
      Otf2Library.deleteTree(bridge);
    }
  }

  /**
   * About the bytes of the streams an import writes, from the records the archive's reader wrote
   * for every rank: {@link #STREAM_PER_RECORD_BYTE} times their binary bytes.
   */
  private static long recordBytes(Path bridge, int ranks) throws IOException {
    long bytes = 0;
    for (int r = 0; r < ranks; r++) {
      Path f = bridge.resolve("rank-" + r);
      bytes += Files.isRegularFile(f) ? Files.size(f) : 0;
    }
    return bytes * STREAM_PER_RECORD_BYTE;
  }

  private static void importRank(Path archive, Path bridge, ImportDefs defs,
      CollectiveShares shares, WindowReach reach, int r, Path dir, SymbolTable symbols,
      RuleCounts notes)
      throws IOException {
    try (RawTraceWriter w = TraceFiles.rankWriter(dir, r, defs.ranks(), false, symbols);
        BridgeRecords in = open(bridge.resolve("rank-" + r), archive, r)) {
      w.comment("imported by benchgen import from " + archive.getFileName()
          + " (docs/otf2.md)");
      try {
        RankImporter ri = new RankImporter(defs, shares, reach, r, symbols, w, notes);
        ri.begin();
        for (BridgeEvent e = in.next(); e != null; e = in.next()) {
          ri.accept(e);
        }
        ri.end();
      } catch (IllegalArgumentException e) {
        long no = in.number();
        throw new TraceProblem(archive + ": rank " + r + (no > 0 ? ", record " + no : "")
            + ": " + e.getMessage());
      }
    }
  }

  /** Rank {@code r}'s records as the native reader wrote them. */
  static BridgeRecords open(Path file, Path archive, int r) throws IOException {
    try {
      return new BridgeRecords(file);
    } catch (IllegalArgumentException e) {
      throw new TraceProblem(archive + ": rank " + r + ": " + e.getMessage());
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
