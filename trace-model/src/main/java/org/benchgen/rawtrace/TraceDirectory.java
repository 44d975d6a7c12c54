package org.benchgen.rawtrace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.trace.InputFiles;
import org.benchgen.trace.TraceFormatException;

/**
 * A trace directory: one {@code rank-R.trace} (or {@code .trace.gz}) per rank of the world. Opening
 * checks that every rank is there exactly once and that all headers agree; each must be a regular
 * file, or a link to one ({@link InputFiles}). A traced run's directory may instead hold only the
 * ranks' own compressed trace ({@link #COMPRESSED}), which commands read in its place
 * ({@link #input}).
 */
public final class TraceDirectory {
  private static final Pattern NAME = Pattern.compile("rank-(\\d+)\\.trace(\\.gz)?");
  /**
   * What the tracer leaves of a rank cut short before MPI_Finalize: what it folded until then,
   * a compressed trace of that rank alone (docs/tracer.md).
   */
  public static final Pattern TRUNCATED = Pattern.compile("rank-(\\d{1,9})\\.truncated\\.bgc");

  private final Path dir;
  private final List<Path> files;

  private TraceDirectory(Path dir, List<Path> files) {
    this.dir = dir;
    this.files = files;
  }

  /**
   * The compressed trace that the ranks of a traced run write into its directory themselves
   * ({@code benchgen trace}, docs/compression.md).
   */
  public static final String COMPRESSED = "trace.bgc";
  /** What rank 0 writes in its place when some rank has no trace: one line per such rank. */
  public static final String PROBLEMS = "trace.problems";

  /**
   * What a command reads for {@code input}: a directory that holds no per-rank streams but the
   * ranks' own compressed trace is read as that file; anything else as it is.
   */
  public static Path input(Path input) throws IOException {
    if (!Files.isDirectory(input) || !Files.isRegularFile(input.resolve(COMPRESSED))) {
      return input;
    }
    try (Stream<Path> s = Files.list(input)) {
      return s.anyMatch(p -> NAME.matcher(p.getFileName().toString()).matches()) ? input
          : input.resolve(COMPRESSED);
    } catch (UncheckedIOException e) {
      throw InputFiles.named(input, e.getCause());
    }
  }

  /**
   * Refuses a directory that holds only what ranks cut short left, saying so: a run that did not
   * reach MPI_Finalize gives no trace, only each rank's part until then.
   */
  private static void cutShort(Path dir) throws IOException {
    List<String> cut;
    try (Stream<Path> s = Files.list(dir)) {
      cut = s.map(p -> p.getFileName().toString()).filter(n -> TRUNCATED.matcher(n).matches())
          .sorted().toList();
    }
    if (!cut.isEmpty() && !Files.isRegularFile(dir.resolve(COMPRESSED))) {
      throw new TraceFormatException(dir + ": not a trace: its traced run was cut short before"
          + " MPI_Finalize, and it holds only what " + cut.size() + " rank(s) did until then ("
          + String.join(", ", cut.subList(0, Math.min(3, cut.size())))
          + (cut.size() > 3 ? ", ..." : "") + "; each a compressed trace of its rank, which"
          + " `benchgen show` reads). Trace a run that ends with MPI_Finalize.");
    }
  }

  /** The file name for a rank's stream. */
  public static String fileName(int rank, boolean gzip) {
    return "rank-" + rank + ".trace" + (gzip ? ".gz" : "");
  }

  public static TraceDirectory open(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new TraceFormatException(dir + ": not a directory of per-rank streams"
          + (Files.exists(dir) ? "" : " (it does not exist)"));
    }
    List<Path> found = new ArrayList<>();
    List<Integer> ranks = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s.sorted()::iterator) {
        Matcher m = NAME.matcher(p.getFileName().toString());
        if (m.matches()) {
          found.add(p);
          ranks.add(parseRank(p, m.group(1)));
        }
      }
    } catch (IOException e) {
      throw InputFiles.named(dir, e);
    } catch (UncheckedIOException e) {
      throw InputFiles.named(dir, e.getCause());
    }
    if (found.isEmpty()) {
      cutShort(dir);
      Path why = dir.resolve(PROBLEMS);
      throw new TraceFormatException(dir + ": no rank-R.trace files in this directory"
          + (Files.isRegularFile(dir.resolve(COMPRESSED)) ? ": it holds the compressed trace its"
              + " ranks wrote, " + COMPRESSED + ", which every other command reads as " + dir
              + " (benchgen trace --raw keeps the per-rank streams too)"
              : Files.isRegularFile(why) ? ", and no " + COMPRESSED + ": "
                  + String.join("; ", firstLines(why, 10)) : ""));
    }
    int size = -1;
    Path sizeFrom = null;
    Path[] byRank = null;
    for (int i = 0; i < found.size(); i++) {
      Path p = found.get(i);
      RawTraceReader.Header h = RawTraceReader.readHeader(p);
      if (h.rank() != ranks.get(i)) {
        throw new TraceFormatException(p, 1, "the header says rank " + h.rank()
            + " but the file name says rank " + ranks.get(i));
      }
      if (size < 0) {
        size = h.size();
        sizeFrom = p;
        byRank = new Path[size];
      } else if (h.size() != size) {
        throw new TraceFormatException(p, 1, "world size " + h.size() + " disagrees with "
            + sizeFrom.getFileName() + " (size " + size + ")");
      }
      if (byRank[h.rank()] != null) {
        throw new TraceFormatException(p, 1, "rank " + h.rank() + " has two files: "
            + byRank[h.rank()].getFileName() + " and " + p.getFileName());
      }
      byRank[h.rank()] = p;
    }
    for (int r = 0; r < size; r++) {
      if (byRank[r] == null) {
        String part = fileName(r, false) + ".part";
        throw new TraceFormatException(dir + ": " + fileName(r, false)
            + " is missing (the world has " + size + " ranks)"
            + (java.nio.file.Files.exists(dir.resolve(part)) ? "; " + part + " is there: rank " + r
                + " ended without MPI_Finalize and without a flush (killed?), so its stream is"
                + " incomplete" : ""));
      }
    }
    return new TraceDirectory(dir, List.of(byRank));
  }

  /** Up to {@code n} lines of a short text file (opened as every input is, {@link InputFiles}). */
  private static List<String> firstLines(Path file, int n) throws IOException {
    try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(
        InputFiles.open(file), java.nio.charset.StandardCharsets.UTF_8))) {
      return r.lines().filter(l -> !l.isBlank()).limit(n).toList();
    }
  }

  /** The rank in a file's name; a number too large for a rank is no rank of any world. */
  private static int parseRank(Path p, String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new TraceFormatException(p + ": rank " + digits + " in the file name is too large");
    }
  }

  public Path path() {
    return dir;
  }

  public int size() {
    return files.size();
  }

  /** The stream of each rank, by rank. */
  public List<Path> rankFiles() {
    return files;
  }
}
