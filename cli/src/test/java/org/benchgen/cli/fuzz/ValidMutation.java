package org.benchgen.cli.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutations that keep a compressed trace valid (it still reads), but may make it wrong as MPI
 * goes (issue 47): sizes swapped between calls or changed on one call or one rank, a count and a
 * receive count swapped, a tag or a peer changed, a loop's trips changed; and some that keep it
 * right (every count doubled, a compute time scaled). What resolve and generate must do with
 * each: refuse it, or generate a benchmark that runs to its end without aborting or hanging.
 */
enum ValidMutation {
  /** One call's count doubled, halved or one more. */
  ONE_COUNT,
  /** Two calls' counts swapped. */
  SWAP_COUNTS_BETWEEN_CALLS,
  /** A call's count and receive count swapped (Sendrecv, Alltoall, Gather...). */
  SWAP_COUNT_AND_RCOUNT,
  /** One call's count made different on rank 0 than on the others. */
  PER_RANK_COUNT,
  /** Every count and receive count in the trace doubled: still consistent. */
  ALL_COUNTS_DOUBLED,
  /** One call's tag one more. */
  TAG,
  /** One call's relative peer reversed (+1 to -1). */
  PEER,
  /** One loop runs one trip more. */
  TRIPS,
  /** One compute time scaled: still consistent. */
  COMPUTE;

  private static final Pattern PLAIN_COUNT = Pattern.compile("(?<= )(r?count)=(\\d+)(?= |$)");
  private static final Pattern PLAIN_TAG = Pattern.compile("(?<= )(r?tag)=(\\d+)(?= |$)");
  private static final Pattern PLAIN_PEER = Pattern.compile("(?<= )(dest|src)=([+-]\\d+)(?= |$)");
  private static final Pattern PLAIN_TRIPS = Pattern.compile("(?<= )trips=(\\d+)(?= )");
  private static final Pattern COMPUTE_VALUE = Pattern.compile(
      "^(\\s*compute \\S+ )(\\d+)(\\*\\d+)?$");

  /** The mutated text and what was done, or none where the trace has nothing to mutate so. */
  record Mutated(String text, String what) {}

  Optional<Mutated> apply(String text, Random rnd) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    return switch (this) {
      case ONE_COUNT -> one(lines, PLAIN_COUNT, rnd, (m, r) -> {
        long v = Long.parseLong(m.group(2));
        long[] choices = {v * 2, v / 2, v + 1};
        return m.group(1) + "=" + choices[r.nextInt(3)];
      });
      case SWAP_COUNTS_BETWEEN_CALLS -> swap(lines, rnd);
      case SWAP_COUNT_AND_RCOUNT -> swapWithin(lines, rnd);
      case PER_RANK_COUNT -> world(lines) < 2 ? Optional.empty() : one(lines,
          Pattern.compile("(?<= )(count)=(\\d+)(?= |$)"), rnd, (m, r) -> m.group(1) + "="
              + m.group(2) + "@0;" + (Long.parseLong(m.group(2)) + 1 + r.nextInt(8)) + "@1.."
              + (world(lines) - 1));
      case ALL_COUNTS_DOUBLED -> all(lines);
      case TAG -> one(lines, PLAIN_TAG, rnd, (m, r) -> m.group(1) + "="
          + (Long.parseLong(m.group(2)) + 1));
      case PEER -> one(lines, PLAIN_PEER, rnd, (m, r) -> m.group(1) + "="
          + (m.group(2).startsWith("+") ? "-" : "+") + m.group(2).substring(1));
      case TRIPS -> one(lines, PLAIN_TRIPS, rnd, (m, r) -> "trips="
          + (Long.parseLong(m.group(1)) + 1));
      case COMPUTE -> compute(lines, rnd);
    };
  }

  private interface Replace {
    String with(Matcher m, Random rnd);
  }

  /** Replaces one match of {@code p}, chosen at random over every line. */
  private static Optional<Mutated> one(List<String> lines, Pattern p, Random rnd, Replace r) {
    List<int[]> at = matches(lines, p);
    if (at.isEmpty()) {
      return Optional.empty();
    }
    int[] pick = at.get(rnd.nextInt(at.size()));
    String line = lines.get(pick[0]);
    Matcher m = p.matcher(line);
    m.find(pick[1]);
    String before = m.group();
    String after = r.with(m, rnd);
    lines.set(pick[0], line.substring(0, m.start()) + after + line.substring(m.end()));
    return Optional.of(new Mutated(String.join("\n", lines), "line " + (pick[0] + 1) + ": "
        + before + " -> " + after));
  }

  private static int world(List<String> lines) {
    return lines.stream().filter(l -> l.startsWith("world ")).mapToInt(l -> Integer.parseInt(
        l.substring(6).strip())).findFirst().orElse(0);
  }

  private static List<int[]> matches(List<String> lines, Pattern p) {
    List<int[]> at = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).stripLeading().startsWith("MPI_") && p != COMPUTE_VALUE
          && !lines.get(i).stripLeading().startsWith("loop")) {
        continue;
      }
      Matcher m = p.matcher(lines.get(i));
      while (m.find()) {
        at.add(new int[] {i, m.start()});
      }
    }
    return at;
  }

  private static Optional<Mutated> swap(List<String> lines, Random rnd) {
    Pattern p = Pattern.compile("(?<= )count=(\\d+)(?= |$)");
    List<int[]> at = matches(lines, p);
    if (at.size() < 2) {
      return Optional.empty();
    }
    int[] a = at.get(rnd.nextInt(at.size()));
    int[] b = at.get(rnd.nextInt(at.size()));
    if (a[0] == b[0]) {
      return Optional.empty();
    }
    Matcher ma = p.matcher(lines.get(a[0]));
    ma.find(a[1]);
    Matcher mb = p.matcher(lines.get(b[0]));
    mb.find(b[1]);
    String va = ma.group(1);
    String vb = mb.group(1);
    lines.set(a[0], lines.get(a[0]).substring(0, ma.start()) + "count=" + vb
        + lines.get(a[0]).substring(ma.end()));
    lines.set(b[0], lines.get(b[0]).substring(0, mb.start()) + "count=" + va
        + lines.get(b[0]).substring(mb.end()));
    return Optional.of(new Mutated(String.join("\n", lines), "lines " + (a[0] + 1) + " and "
        + (b[0] + 1) + ": counts " + va + " and " + vb + " swapped"));
  }

  private static Optional<Mutated> swapWithin(List<String> lines, Random rnd) {
    Pattern c = Pattern.compile("(?<= )count=(\\d+)(?= |$)");
    Pattern rc = Pattern.compile("(?<= )rcount=(\\d+)(?= |$)");
    List<Integer> both = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).stripLeading().startsWith("MPI_") && c.matcher(lines.get(i)).find()
          && rc.matcher(lines.get(i)).find()) {
        both.add(i);
      }
    }
    if (both.isEmpty()) {
      return Optional.empty();
    }
    int i = both.get(rnd.nextInt(both.size()));
    String line = lines.get(i);
    Matcher mc = c.matcher(line);
    mc.find();
    Matcher mr = rc.matcher(line);
    mr.find();
    String vc = mc.group(1);
    String vr = mr.group(1);
    if (vc.equals(vr)) {
      return Optional.empty();
    }
    String out = c.matcher(line).replaceFirst("count=" + vr);
    out = rc.matcher(out).replaceFirst("rcount=" + vc);
    lines.set(i, out);
    return Optional.of(new Mutated(String.join("\n", lines), "line " + (i + 1) + ": count=" + vc
        + " and rcount=" + vr + " swapped"));
  }

  private static Optional<Mutated> all(List<String> lines) {
    boolean any = false;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).stripLeading().startsWith("MPI_")) {
        continue;
      }
      Matcher m = PLAIN_COUNT.matcher(lines.get(i));
      StringBuilder b = new StringBuilder();
      while (m.find()) {
        any = true;
        m.appendReplacement(b, m.group(1) + "=" + Long.parseLong(m.group(2)) * 2);
      }
      m.appendTail(b);
      // A receive's bytes= said what came: twice as much now.
      lines.set(i, Pattern.compile("(?<= )bytes=(\\d+)(?= |$)").matcher(b.toString())
          .replaceAll(x -> "bytes=" + Long.parseLong(x.group(1)) * 2));
    }
    return any ? Optional.of(new Mutated(String.join("\n", lines), "every count doubled"))
        : Optional.empty();
  }

  private static Optional<Mutated> compute(List<String> lines, Random rnd) {
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (COMPUTE_VALUE.matcher(lines.get(i)).matches()) {
        at.add(i);
      }
    }
    if (at.isEmpty()) {
      return Optional.empty();
    }
    int i = at.get(rnd.nextInt(at.size()));
    Matcher m = COMPUTE_VALUE.matcher(lines.get(i));
    m.matches();
    long v = Long.parseLong(m.group(2)) * (1 + rnd.nextInt(3));
    lines.set(i, m.group(1) + v + (m.group(3) == null ? "" : m.group(3)));
    return Optional.of(new Mutated(String.join("\n", lines), "line " + (i + 1) + ": compute "
        + m.group(2) + " -> " + v));
  }
}
