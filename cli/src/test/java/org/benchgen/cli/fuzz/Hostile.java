package org.benchgen.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.benchgen.cli.golden.Mutator.LineMutation;

/**
 * Breaks a trace the way a hostile or careless stranger would, beyond the golden test's small
 * slips (issue 18): huge or empty worlds, deep nesting of loops and of value parentheses, huge or
 * negative trip counts, counts and sizes, NaN, infinities and numbers past 64 bits, ranks, peers
 * and members outside the world, invalid bins, very long lines. Whole files: binary garbage, empty
 * files, truncated gzip. Seeded: the same {@code Random} gives the same change.
 */
final class Hostile {
  private Hostile() {}

  /** Numbers no field should accept as they are (past 64 bits, not finite, negative). */
  private static final String[] NUMBERS = {"-5", "-1", "0", "2147483647", "2147483648",
      "4611686018427387904", "9223372036854775807", "99999999999999999999999", "NaN",
      "Infinity", "-Infinity", "1e308", "-0", "0x10", "1.5", "-9223372036854775808"};
  private static final String[] WORLDS = {"0", "-1", "2147483647", "100000", "1000000000",
      "99999999999", "NaN"};
  private static final String[] PEERS = {"100000", "-7", "2147483647", "-2147483648", "+99999",
      "-99999", "4611686018427387904"};
  private static final String[] BINS = {"99:1", "-1:3", "5:-2", "64:1", "65:1",
      "0:9223372036854775807", "1:", ":", "3:1:2", "4:1,4:1", "200000000000:1", "NaN:1"};
  private static final String[] RANK_LISTS = {"0..99999", "7", "-1", "2147483647", "0..5:0",
      "0..3/100000x4", "0..2147483647", "5..1"};
  private static final Pattern FIELD = Pattern.compile(" ([a-z]+)=([^ ]*)");

  /** A hostile change to a per-rank stream (header first). */
  static LineMutation raw(Random rnd) {
    return switch (rnd.nextInt(8)) {
      case 0 -> (lines, r) -> header(lines, "size", pick(WORLDS, r));
      case 1 -> (lines, r) -> setField(lines, r, "count|tsize|rcount|rtsize|bytes",
          pick(NUMBERS, r));
      case 2 -> (lines, r) -> setField(lines, r, "enter|exit", pick(NUMBERS, r));
      case 3 -> (lines, r) -> setField(lines, r, "dest|src|root|comm|newcomm|color|tag",
          pick(PEERS, r));
      case 4 -> (lines, r) -> setField(lines, r, "req|reqs|done|counts|members",
          r.nextBoolean() ? "NULL," + "1,".repeat(100_000) + "2" : pick(NUMBERS, r));
      case 5 -> Hostile::longLine;
      case 6 -> (lines, r) -> repeatEvent(lines, r, 20_000);
      default -> (lines, r) -> setField(lines, r, "[a-z]+",
          "(".repeat(50_000) + "1" + ")".repeat(50_000));
    };
  }

  /** A hostile change to a compressed trace's lines. */
  static LineMutation compressed(Random rnd) {
    return switch (rnd.nextInt(11)) {
      case 0 -> (lines, r) -> replaceLine(lines, "world ", "world " + pick(WORLDS, r));
      case 1 -> (lines, r) -> nest(lines, 20_000, "1");
      case 2 -> (lines, r) -> nest(lines, 500, "2");
      case 3 -> (lines, r) -> nest(lines, 2, "1000000");
      case 4 -> (lines, r) -> nest(lines, 1, pick(NUMBERS, r));
      case 5 -> (lines, r) -> setField(lines, r, "trips|count|tsize|rcount|root|tag|req|color",
          pick(NUMBERS, r));
      case 6 -> (lines, r) -> setField(lines, r, "n|min|max|mean|sd", pick(NUMBERS, r));
      case 7 -> (lines, r) -> setField(lines, r, "bins", pick(BINS, r));
      case 8 -> (lines, r) -> r.nextBoolean()
          ? setField(lines, r, "dest|src|asrc|root|comm", pick(PEERS, r))
          : setField(lines, r, "ranks|members", pick(RANK_LISTS, r));
      case 9 -> (lines, r) -> setField(lines, r, "count|tag|dest|trips",
          r.nextBoolean() ? "(".repeat(50_000) + "8" + ")*1".repeat(50_000)
              : "(8)*2147483647,(9)*2147483647");
      default -> Hostile::longLine;
    };
  }

  /**
   * Replaces a file with broken bytes: garbage, nothing, or its gzip cut short (then as
   * {@code NAME.gz}, the file itself removed); says which.
   */
  static String bytes(Path file, Random rnd) throws IOException {
    byte[] text = Files.readAllBytes(file);
    switch (rnd.nextInt(5)) {
      case 0 -> {
        byte[] junk = new byte[rnd.nextInt(4096)];
        rnd.nextBytes(junk);
        Files.write(file, junk);
        return "replaced by " + junk.length + " random bytes";
      }
      case 1 -> {
        Files.write(file, new byte[0]);
        return "emptied";
      }
      case 2 -> {
        byte[] junk = new byte[64];
        rnd.nextBytes(junk);
        int at = rnd.nextInt(text.length + 1);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(text, 0, at);
        b.write(junk);
        b.write(text, at, text.length - at);
        Files.write(file, b.toByteArray());
        return "64 random bytes inserted at byte " + at;
      }
      default -> {
        // The suffix makes the readers gunzip it.
        byte[] gz = gzip(text);
        int keep = rnd.nextInt(gz.length);
        Path cut = file.resolveSibling(file.getFileName() + ".gz");
        Files.write(cut, Arrays.copyOf(gz, keep));
        Files.delete(file);
        return "gzipped as " + cut.getFileName() + " and cut to " + keep + " of " + gz.length
            + " bytes";
      }
    }
  }

  /** The gzip form of {@code text}. */
  static byte[] gzip(byte[] text) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(b)) {
      out.write(text);
    }
    return b.toByteArray();
  }

  private static String pick(String[] values, Random rnd) {
    return values[rnd.nextInt(values.length)];
  }

  /** Sets a {@code key=} of the first line (a raw stream's header). */
  private static String header(List<String> lines, String key, String value) {
    if (lines.isEmpty()) {
      return "nothing to change";
    }
    lines.set(0, lines.get(0).replaceAll(" " + key + "=[^ ]*", " " + key + "=" + value));
    return "header " + key + "=" + value;
  }

  private static String replaceLine(List<String> lines, String prefix, String line) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        lines.set(i, line);
        return "line " + (i + 1) + " set to '" + line + "'";
      }
    }
    return "no '" + prefix + "' line";
  }

  /**
   * Sets one field whose key matches {@code keys} on a line that has one, chosen at random;
   * values longer than 40 characters are described by their length.
   */
  private static String setField(List<String> lines, Random rnd, String keys, String value) {
    Pattern key = Pattern.compile(keys);
    List<int[]> places = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = FIELD.matcher(lines.get(i));
      while (m.find()) {
        if (key.matcher(m.group(1)).matches()) {
          places.add(new int[] {i, m.start(2), m.end(2)});
        }
      }
    }
    if (places.isEmpty()) {
      return "no field " + keys;
    }
    int[] p = places.get(rnd.nextInt(places.size()));
    String line = lines.get(p[0]);
    String name = line.substring(line.lastIndexOf(' ', p[1]) + 1, p[1]);
    lines.set(p[0], line.substring(0, p[1]) + value + line.substring(p[2]));
    String shown = value.length() > 40 ? "(" + value.length() + " characters)" : "'" + value + "'";
    return "line " + (p[0] + 1) + ": " + name + shown;
  }

  /** Wraps everything after the header lines in {@code depth} loops of {@code trips} trips. */
  private static String nest(List<String> lines, int depth, String trips) {
    int from = 0;
    while (from < lines.size() && (lines.get(from).startsWith("benchgen-compressed")
        || lines.get(from).startsWith("world ") || lines.get(from).startsWith("comm ")
        || lines.get(from).startsWith("#"))) {
      from++;
    }
    lines.addAll(from, Collections.nCopies(depth, "loop trips=" + trips + " {"));
    lines.addAll(Collections.nCopies(depth, "}"));
    return depth + " nested loops of trips=" + trips;
  }

  /** A line of 200,000 characters: one huge site name, or 20,000 repeated fields. */
  private static String longLine(List<String> lines, Random rnd) {
    int i = Math.min(lines.size() - 1, 1 + rnd.nextInt(Math.max(1, lines.size() - 1)));
    if (i < 0) {
      return "nothing to change";
    }
    String line = lines.get(i);
    if (rnd.nextBoolean()) {
      lines.set(i, line.replaceFirst(" site=", " site=" + "s".repeat(200_000)));
      return "line " + (i + 1) + ": a site name of 200,000 characters";
    }
    lines.set(i, line + " tag=1".repeat(20_000));
    return "line " + (i + 1) + ": 20,000 extra 'tag=1' fields";
  }

  /** Repeats one event line (not the header) {@code times} times. */
  private static String repeatEvent(List<String> lines, Random rnd, int times) {
    if (lines.size() < 2) {
      return "nothing to repeat";
    }
    int i = 1 + rnd.nextInt(lines.size() - 1);
    lines.addAll(i, Collections.nCopies(times, lines.get(i)));
    return "line " + (i + 1) + " repeated " + times + " times";
  }
}
