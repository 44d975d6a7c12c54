package org.benchgen.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.ir.SiteFrame;
import org.benchgen.ir.SiteTable;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.trace.Names;

/**
 * Where a traced run's call sites lie in its source (issue 48): the tracer's {@code trace.sites}
 * (per site, each return address's module and address) resolved by binutils' {@code addr2line},
 * run once per module with all its addresses, and written into {@code trace.bgc} as its site
 * lines. Outside the MPI job, on the machine that ran it, where the binaries are. A module that is
 * not there, or has no debug information, leaves its frames as module and offset (or function and
 * offset). A benchmark generated with {@code --keep-sites} maps its own sites back to the traced
 * program's: see {@link #fromBenchmark}.
 */
final class SourceLocations {
  /** What the tracer writes beside trace.bgc. */
  static final String TRACER_FILE = "trace.sites";
  /** What {@code generate --keep-sites} writes beside the benchmark's source. */
  static final String KEPT_FILE = "benchgen.sites";
  /** A call of the generated C code: its comment names the traced call's site. */
  private static final Pattern GENERATED_CALL = Pattern.compile(
      "/\\* (?:before )?MPI_\\w+ at ([^ */|]+)[^*]*\\*/");
  /** MPI_Init and MPI_Finalize, which the generated code calls without such a comment. */
  private static final Pattern START = Pattern.compile("^\\s*MPI_Init(_thread)?\\(");
  private static final Pattern END = Pattern.compile("^\\s*MPI_Finalize\\(\\);");
  private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-f]+");

  private SourceLocations() {}

  /** One return address as the tracer saw it. */
  private record Raw(String where, String module, String address) {}

  /**
   * Resolves {@code dir}'s trace.sites and writes the sites into {@code dir}'s trace.bgc (a
   * temporary file renamed over it). Returns a sentence for the user, empty where there is
   * nothing to do.
   */
  static Optional<String> annotate(Path dir, Path bgc) throws IOException {
    Path sites = dir.resolve(TRACER_FILE);
    if (!Files.isRegularFile(sites) || !Files.isRegularFile(bgc)) {
      return Optional.empty();
    }
    Map<String, List<Raw>> raw = new TreeMap<>();
    for (String l : Files.readAllLines(sites, StandardCharsets.UTF_8)) {
      String[] t = l.strip().split(" ");
      if (t.length < 4 || (t.length - 1) % 3 != 0) {
        continue; // a line the tracer cut short (out of memory): that site stays a hash
      }
      List<Raw> frames = new ArrayList<>();
      for (int i = 1; i + 2 < t.length; i += 3) {
        frames.add(new Raw(Names.decode(t[i]), Names.decode(t[i + 1]), t[i + 2]));
      }
      raw.put(t[0], frames);
    }
    Map<String, Map<String, SiteFrame>> byModule = resolve(raw);
    Map<String, List<SiteFrame>> table = new TreeMap<>();
    Map<Path, Optional<KeptSites>> kept = new HashMap<>();
    int located = 0;
    for (Map.Entry<String, List<Raw>> e : raw.entrySet()) {
      List<SiteFrame> fs = new ArrayList<>();
      for (Raw r : e.getValue()) {
        fs.add(byModule.getOrDefault(r.module(), Map.of()).getOrDefault(r.address(),
            new SiteFrame(r.where(), "", 0, "")));
      }
      fs = fromBenchmark(fs, kept);
      located += fs.get(0).hasLine() ? 1 : 0;
      table.put(e.getKey(), fs);
    }
    insert(bgc, new SiteTable(table));
    return Optional.of(located + " of " + table.size() + " call sites located in the source"
        + (located < table.size() ? " (the others: built without -g, or addr2line missing)"
        : ""));
  }

  /** Per module, per address, its frame as addr2line tells it. */
  private static Map<String, Map<String, SiteFrame>> resolve(Map<String, List<Raw>> raw)
      throws IOException {
    Map<String, Map<String, Raw>> wanted = new LinkedHashMap<>();
    raw.values().forEach(fs -> fs.forEach(r -> wanted.computeIfAbsent(r.module(),
        m -> new LinkedHashMap<>()).put(r.address(), r)));
    Map<String, Map<String, SiteFrame>> out = new HashMap<>();
    for (Map.Entry<String, Map<String, Raw>> m : wanted.entrySet()) {
      Path module = Path.of(m.getKey());
      if (!module.isAbsolute() || !Files.isRegularFile(module)) {
        continue;
      }
      List<Raw> rs = m.getValue().values().stream()
          .filter(r -> ADDRESS.matcher(r.address()).matches()).toList();
      List<String[]> answers = addr2line(module, rs);
      Map<String, SiteFrame> frames = new HashMap<>();
      for (int i = 0; i < rs.size() && i < answers.size(); i++) {
        String[] a = answers.get(i);
        String function = a[0].equals("??") ? "" : a[0];
        String file = "";
        int line = 0;
        int colon = a[1].lastIndexOf(':');
        if (colon > 0 && !a[1].startsWith("??")) {
          try {
            line = Integer.parseInt(a[1].substring(colon + 1));
            file = a[1].substring(0, colon);
          } catch (NumberFormatException e) {
            line = 0; // "file:?": no line known
          }
        }
        frames.put(rs.get(i).address(), new SiteFrame(rs.get(i).where(), line > 0 ? file : "",
            Math.max(line, 0), function));
      }
      out.put(m.getKey(), frames);
    }
    return out;
  }

  /**
   * addr2line's function and file:line for each address, innermost inlined frame (where the call
   * is written); none where addr2line cannot run. Its output goes to a file: written into a pipe
   * while it still reads, a long answer could block both.
   */
  private static List<String[]> addr2line(Path module, List<Raw> rs) throws IOException {
    List<String[]> out = new ArrayList<>();
    if (rs.isEmpty()) {
      return out;
    }
    Path answers = Files.createTempFile("benchgen-addr2line", ".txt");
    try {
      Process p;
      try {
        p = new ProcessBuilder("addr2line", "-a", "-f", "-C", "-i", "-e", module.toString())
            .redirectOutput(answers.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
      } catch (IOException e) {
        return out; // no binutils: sites stay module and offset
      }
      try (BufferedWriter w = p.outputWriter(StandardCharsets.US_ASCII)) {
        for (Raw r : rs) {
          w.write(r.address() + "\n");
        }
      }
      try {
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
          p.destroyForcibly();
          return out;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
        return out;
      }
      // Each address opens with its own line (-a); -i adds a function and line per inlining.
      String[] current = null;
      for (String l : Files.readAllLines(answers, StandardCharsets.UTF_8)) {
        if (ADDRESS.matcher(l).matches() && (current == null || current[1] != null)) {
          current = new String[2];
          out.add(current);
        } else if (current != null && current[0] == null) {
          current[0] = l.strip();
        } else if (current != null && current[1] == null) {
          current[1] = l.strip().replaceFirst(" \\(discriminator \\d+\\)$", "");
        }
      }
      out.removeIf(a -> a[0] == null || a[1] == null);
      return out.size() == rs.size() ? out : List.of();
    } finally {
      Files.deleteIfExists(answers);
    }
  }

  /**
   * A site of a benchmark generated with {@code --keep-sites}: the first frame (innermost first)
   * on a call line of the generated source, whose comment names the traced call's site, takes that
   * site's frames from the {@code benchgen.sites} beside the source. So the benchmark's trace names
   * the traced program's places, and the report puts the two traces' call paths side by side.
   * Calls made inside the run-time library ({@code bg_waitall}) reach the generated line only
   * with {@code trace --site-depth 2}.
   */
  static List<SiteFrame> fromBenchmark(List<SiteFrame> frames,
      Map<Path, Optional<KeptSites>> kept) throws IOException {
    for (SiteFrame f : frames) {
      if (!f.hasLine()) {
        continue;
      }
      Path src = Path.of(f.file());
      if (!src.isAbsolute() || !Files.isRegularFile(src)) {
        continue;
      }
      Optional<KeptSites> table = kept.computeIfAbsent(src.resolveSibling(KEPT_FILE),
          SourceLocations::kept);
      if (table.isEmpty()) {
        continue;
      }
      KeptSites k = table.get();
      String text = lineOf(src, f.line());
      Matcher m = GENERATED_CALL.matcher(text);
      Optional<List<SiteFrame>> original = m.find()
          ? Optional.ofNullable(k.table().frames().get(Names.decode(m.group(1))))
          : START.matcher(text).find() ? k.frames(k.start())
          : END.matcher(text).find() ? k.frames(k.end()) : Optional.empty();
      if (original.isPresent()) {
        return original.get();
      }
    }
    return frames;
  }

  /** The kept sites beside a source; none where there are none, or they do not read. */
  private static Optional<KeptSites> kept(Path file) {
    try {
      return Files.isRegularFile(file) ? Optional.of(KeptSites.read(file)) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // a bad table: the benchmark's own places are named instead
    }
  }

  private static String lineOf(Path src, int line) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(src, StandardCharsets.ISO_8859_1)) {
      String l = null;
      for (int i = 0; i < line && (l = in.readLine()) != null; i++) {
        // skip to the line
      }
      return l == null ? "" : l;
    }
  }

  /**
   * Writes {@code table} into the compressed trace after its world and communicator lines, where
   * the format has them; the rest of the file is copied a line at a time.
   */
  private static void insert(Path bgc, SiteTable table) throws IOException {
    Path tmp = bgc.resolveSibling(bgc.getFileName() + ".sites.tmp");
    try {
      copyWith(bgc, tmp, table);
      Files.move(tmp, bgc, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp); // left only where the copy failed: trace.bgc is then untouched
    }
  }

  private static void copyWith(Path bgc, Path tmp, SiteTable table) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(bgc, StandardCharsets.UTF_8);
        BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      boolean done = false;
      for (String l; (l = in.readLine()) != null;) {
        if (!done && !l.isEmpty() && !l.startsWith("benchgen-compressed ")
            && !l.startsWith("world ") && !l.startsWith("comm ") && !l.startsWith("#")) {
          out.write(SiteLines.lines(table));
          done = true;
        }
        out.write(l);
        out.write('\n');
      }
      if (!done) {
        out.write(SiteLines.lines(table));
      }
    }
  }
}
