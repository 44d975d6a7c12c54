package org.benchgen.cli.golden;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Breaks a trace the way strangers' traces are broken: a line lost, repeated or swapped, a token
 * lost, a value replaced by a bad one, a stray character, a cut file, a digit changed. Seeded, so
 * that the same input gives the same broken files. The fuzz test ({@code cli.fuzz}) passes its own
 * hostile changes to the same copying.
 */
public final class Mutator {
  private static final String[] VALUES = {"-1", "0", "", "x", "999", "NaN", "PROC_NULL",
      "ANY_TAG", "1,2", "(1)*2", "+1", "2147483648"};
  private static final String CHARS = "={}()[],;@*#-+0123456789 aZ%";

  /** A change to a file's lines, in place; says what it did. */
  public interface LineMutation {
    String apply(List<String> lines, Random rnd);
  }

  /** Copies trace directory {@code from} to {@code to} with one rank file broken; says how. */
  public String mutateDirectory(Path from, Path to, Random rnd) throws IOException {
    return mutateDirectory(from, to, rnd, Mutator::mutate);
  }

  /** Copies {@code from} to {@code to} (gzip undone) with one rank file changed by {@code m}. */
  public String mutateDirectory(Path from, Path to, Random rnd, LineMutation m)
      throws IOException {
    Files.createDirectories(to);
    List<Path> files;
    try (Stream<Path> s = Files.list(from)) {
      files = s.filter(p -> p.getFileName().toString().matches(".*\\.trace(\\.gz)?")).sorted()
          .toList();
    }
    Path victim = files.get(rnd.nextInt(files.size()));
    String what = "";
    for (Path f : files) {
      List<String> lines = readLines(f);
      String name = f.getFileName().toString().replace(".gz", "");
      if (f.equals(victim)) {
        what = name + ": " + m.apply(lines, rnd);
      }
      Files.write(to.resolve(name), lines);
    }
    return what;
  }

  /** The lines of a file, gzip undone. */
  private static List<String> readLines(Path f) throws IOException {
    if (!f.toString().endsWith(".gz")) {
      return new ArrayList<>(Files.readAllLines(f));
    }
    try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
      return new ArrayList<>(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .toList());
    }
  }

  /** Copies {@code from} to {@code to}, broken; says how. */
  public String mutateFile(Path from, Path to, Random rnd) throws IOException {
    return mutateFile(from, to, rnd, Mutator::mutate);
  }

  /** Copies {@code from} to {@code to}, changed by {@code m}; says how. */
  public String mutateFile(Path from, Path to, Random rnd, LineMutation m) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(from));
    String what = m.apply(lines, rnd);
    Files.write(to, lines);
    return what;
  }

  /** Breaks {@code lines} in place (the header line is spared half of the time). */
  public static String mutate(List<String> lines, Random rnd) {
    int op = rnd.nextInt(8);
    int from = rnd.nextBoolean() ? 1 : 0;
    int i = from + rnd.nextInt(Math.max(1, lines.size() - from));
    String line = lines.get(i);
    switch (op) {
      case 0 -> {
        lines.remove(i);
        return "line " + (i + 1) + " deleted";
      }
      case 1 -> {
        lines.add(i, line);
        return "line " + (i + 1) + " repeated";
      }
      case 2 -> {
        int j = Math.min(lines.size() - 1, i + 1);
        lines.set(i, lines.get(j));
        lines.set(j, line);
        return "lines " + (i + 1) + " and " + (j + 1) + " swapped";
      }
      case 3 -> {
        String[] tok = line.split(" ", -1);
        int t = rnd.nextInt(tok.length);
        List<String> kept = new ArrayList<>(List.of(tok));
        kept.remove(t);
        lines.set(i, String.join(" ", kept));
        return "token " + (t + 1) + " of line " + (i + 1) + " deleted";
      }
      case 4 -> {
        String[] tok = line.split(" ", -1);
        int t = rnd.nextInt(tok.length);
        String v = VALUES[rnd.nextInt(VALUES.length)];
        int eq = tok[t].indexOf('=');
        tok[t] = eq < 0 ? v : tok[t].substring(0, eq + 1) + v;
        lines.set(i, String.join(" ", tok));
        return "token " + (t + 1) + " of line " + (i + 1) + " set to '" + v + "'";
      }
      case 5 -> {
        int at = rnd.nextInt(line.length() + 1);
        char c = CHARS.charAt(rnd.nextInt(CHARS.length()));
        lines.set(i, line.substring(0, at) + c + line.substring(at));
        return "'" + c + "' inserted in line " + (i + 1);
      }
      case 6 -> {
        lines.subList(i, lines.size()).clear();
        return "cut before line " + (i + 1);
      }
      default -> {
        List<Integer> digits = new ArrayList<>();
        for (int k = 0; k < line.length(); k++) {
          if (Character.isDigit(line.charAt(k))) {
            digits.add(k);
          }
        }
        if (digits.isEmpty()) {
          lines.remove(i);
          return "line " + (i + 1) + " deleted";
        }
        int k = digits.get(rnd.nextInt(digits.size()));
        char d = (char) ('0' + rnd.nextInt(10));
        lines.set(i, line.substring(0, k) + d + line.substring(k + 1));
        return "digit " + (k + 1) + " of line " + (i + 1) + " set to " + d;
      }
    }
  }
}
