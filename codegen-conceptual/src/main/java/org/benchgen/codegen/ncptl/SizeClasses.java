package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Message sizes rounded to a few classes, for an irregular section whose calls take more sizes
 * than its program can have statements ({@link SectionSteps#MAX_SIZES}). coNCePTuaL's interpreter
 * fixes a statement's size at its first message and matches a receive only with a send of the
 * same size, so a size cannot come from data; rounding is the same function of the size on
 * both sides of every message, so sends and receives still match. The classes split the sizes,
 * in order, into runs of about equally many messages; each class is written as the mean of its
 * messages' sizes, so the bytes of the whole section change little.
 */
final class SizeClasses {
  /** No rounding: every size is its own. */
  static final SizeClasses NONE = new SizeClasses(new TreeMap<>(), 0, 0, 0);

  private final TreeMap<Long, Long> rounded;
  private final int count;
  private final long before;
  private final long after;

  private SizeClasses(TreeMap<Long, Long> rounded, int count, long before, long after) {
    this.rounded = rounded;
    this.count = count;
    this.before = before;
    this.after = after;
  }

  /** At most {@code n} classes for sizes taken by {@code messages.get(size)} messages each. */
  static SizeClasses of(Map<Long, Long> messages, int n) {
    TreeMap<Long, Long> sorted = new TreeMap<>(messages);
    long total = sorted.values().stream().mapToLong(Long::longValue).sum();
    TreeMap<Long, Long> rounded = new TreeMap<>();
    List<Long> members = new ArrayList<>();
    long seen = 0;
    long bytes = 0;
    long calls = 0;
    long before = 0;
    long after = 0;
    int classes = 0;
    for (Map.Entry<Long, Long> e : sorted.entrySet()) {
      members.add(e.getKey());
      bytes += e.getKey() * e.getValue();
      calls += e.getValue();
      seen += e.getValue();
      // Close the class once it holds its share of the messages (the last one takes the rest).
      if (seen * n >= (classes + 1) * total || e.getKey().equals(sorted.lastKey())) {
        long mean = Math.round((double) bytes / calls);
        members.forEach(size -> rounded.put(size, mean));
        before += bytes;
        after += mean * calls;
        classes++;
        members.clear();
        bytes = 0;
        calls = 0;
      }
    }
    return new SizeClasses(rounded, classes, before, after);
  }

  /** The size a message of {@code bytes} is written with. */
  long of(long bytes) {
    Long r = rounded.get(bytes);
    return r == null ? bytes : r;
  }

  /** Whether sizes are rounded at all. */
  boolean rounds() {
    return count > 0;
  }

  /** For people: how many classes, and how much the section's bytes changed. */
  String describe() {
    double change = before == 0 ? 0 : 100.0 * (after - before) / before;
    return count + " classes (each the mean of its sizes; the section's bytes "
        + String.format(java.util.Locale.ROOT, "%+.2f", change) + " %)";
  }
}
