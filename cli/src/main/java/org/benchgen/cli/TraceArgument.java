package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.report.ReportInput;
import org.benchgen.resolve.WaitAnalysis;
import org.benchgen.resolve.WildcardResolver;
import org.benchgen.stats.TraceStats;
import org.benchgen.stats.WaitTimes;
import org.benchgen.trace.TraceProblem;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The trace a command reads (a picocli mixin): a compressed trace, or a directory of per-rank
 * streams, which is compressed first (progress on the command's stderr).
 */
final class TraceArgument {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Parameters(index = "0", paramLabel = "TRACE", description = "a compressed trace (.bgc), or a"
      + " directory written by benchgen trace (its trace.bgc, or its per-rank streams, which are"
      + " compressed first)")
  Path path;

  /**
   * The trace as a compressed trace, for a command that walks it rank by rank: a compressed file
   * that would take too many steps is refused ({@link ExpansionLimit}).
   */
  CompressedTrace load() throws IOException {
    return load(path, command.commandLine().getErr(), true);
  }

  /** The trace as a compressed trace, for a command that only reads its IR. */
  CompressedTrace loadToShow() throws IOException {
    return load(path, command.commandLine().getErr(), false);
  }

  /** The trace's numbers: a directory's read from its streams, a compressed trace's expanded. */
  TraceStats stats() throws IOException {
    return stats(path, command.commandLine().getErr());
  }

  /**
   * A trace as a compressed trace, for a command that walks it rank by rank: read, or compressed
   * from its directory (progress on {@code err}).
   */
  static CompressedTrace loadToWalk(Path input, PrintWriter err) throws IOException {
    return load(input, err, true);
  }

  /**
   * Reads a compressed trace (refused when {@code walked} and too big to walk), or compresses a
   * trace directory, whose size is that of its streams (progress on {@code err}).
   */
  private static CompressedTrace load(Path given, PrintWriter err, boolean walked)
      throws IOException {
    Path input = TraceDirectory.input(given);
    if (Files.isDirectory(input)) {
      TraceDirectory d = TraceDirectory.open(input);
      // As `compress` writes it: runs that loops could not fold become choice sections; where
      // its sites lie, benchgen trace wrote into its trace.bgc (issue 48).
      return ChoiceSections.form(new TraceCompressor().compress(d, new Progress(err,
          "compressing", d.size())).trace()).withSites(SiteLines.readHeader(
          input.resolve(TraceDirectory.COMPRESSED)));
    }
    return walked ? readToWalk(input) : TraceFiles.readCompressed(input);
  }

  /**
   * Refuses a world whose per-rank state ({@code what}, {@code bytesPerRank} a rank) would take
   * more than half the heap (verify holds two traces' numbers), rather than run out of memory
   * after minutes of work.
   */
  static void checkMemory(Path file, int world, long bytesPerRank, String what) {
    long need = world * bytesPerRank;
    long max = Runtime.getRuntime().maxMemory();
    if (need > max / 2) {
      throw new TraceProblem(String.format(java.util.Locale.ROOT, "%s: %s its %d"
          + " ranks need about %.1f GB, more than half of this Java heap (%.1f GB); give it more,"
          + " e.g. BENCHGEN_JAVA_OPTS=-Xmx%dg", file, what, world, need / 1e9, max / 1e9,
          (2 * need >> 30) + 1));
    }
  }

  /**
   * The trace, for a command that simulates its matching (resolve, generate): refused up front
   * when the simulation of its world would not fit the heap ({@link WildcardResolver}).
   */
  CompressedTrace loadToResolve() throws IOException {
    CompressedTrace t = load();
    checkMemory(path, t.worldSize(), WildcardResolver.BYTES_PER_RANK,
        "the matching simulation of");
    return t;
  }

  /** Where the trace's ranks waited ({@link #waits(Path, PrintWriter)}). */
  WaitTimes waits() throws IOException {
    return waits(path, command.commandLine().getErr());
  }

  /**
   * Where a trace's ranks waited: exactly, from a directory's traced times (compressed first, to
   * simulate its matching); estimated from a compressed trace's summaries.
   */
  static WaitTimes waits(Path input, PrintWriter err) throws IOException {
    return waits(input, load(input, err, true));
  }

  /** Where the ranks of {@code input}, read as {@code t}, waited. */
  private static WaitTimes waits(Path input, CompressedTrace t) throws IOException {
    checkMemory(input, t.worldSize(), WildcardResolver.BYTES_PER_RANK,
        "the matching simulation of");
    if (Files.isDirectory(TraceDirectory.input(input))) {
      return WaitAnalysis.fromTraced(t, TraceDirectory.open(input));
    }
    return WaitAnalysis.fromSummaries(t);
  }

  /** What the report shows of the trace at {@code input}: read (or compressed) once. */
  static ReportInput reportInput(Path input, PrintWriter err) throws IOException {
    return reportInput(input, load(input, err, true), err);
  }

  /**
   * What the report shows of the trace at {@code input}, already read as {@code t}. The page names
   * the trace by its file name only: a report is sent to others, and the path it was made from
   * (a home directory, a project's name) is no part of it (issue 47: {@code generate --report}
   * wrote the trace's absolute path into the page's title).
   */
  static ReportInput reportInput(Path input, CompressedTrace t, PrintWriter err)
      throws IOException {
    Path name = input.toAbsolutePath().normalize().getFileName();
    return new ReportInput(name == null ? "/" : name.toString(), t, stats(input, err),
        waits(input, t));
  }

  /** Reads a compressed trace that a command will walk rank by rank ({@link ExpansionLimit}). */
  static CompressedTrace readToWalk(Path given) throws IOException {
    Path file = TraceDirectory.input(given);
    CompressedTrace t = TraceFiles.readCompressed(file);
    ExpansionLimit.check(t, file);
    return t;
  }

  /** The numbers of a trace directory (read) or of a compressed trace (expanded). */
  static TraceStats stats(Path input, PrintWriter err) throws IOException {
    return stats(input, -1, err);
  }

  /**
   * The numbers of a trace directory (read), with a sample of each rank's compute intervals of
   * at least {@code sampleMinNs} where that is not negative ({@link TraceStats#sampled}), or of
   * a compressed trace (expanded; it has no intervals to sample).
   */
  static TraceStats stats(Path given, long sampleMinNs, PrintWriter err) throws IOException {
    Path input = TraceDirectory.input(given);
    if (Files.isDirectory(input)) {
      TraceDirectory d = TraceDirectory.open(input);
      Progress p = new Progress(err, "reading " + input, d.size());
      return sampleMinNs < 0 ? TraceStats.of(d, p) : TraceStats.sampled(d, sampleMinNs, p);
    }
    CompressedTrace t = readToWalk(input);
    checkMemory(input, t.worldSize(), TraceStats.BYTES_PER_RANK, "the numbers of");
    return TraceStats.of(t, new Progress(err, "expanding " + input, t.worldSize()));
  }
}
