package org.benchgen.codegen.threads;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A block of a threaded rank's calls (see {@link ThreadSplit}): the main thread's calls after
 * phase {@code phase} and before the next ({@code parallel} false; phase 0 is before the first),
 * or, in phase {@code phase} (from 1), the calls of lane {@code lane} (0: the main thread's part,
 * from 1: a thread the benchmark starts). Blocks run in {@link #ORDER}: a phase's lanes at once.
 */
public record ThreadBlock(int phase, int lane, boolean parallel) {
  /** The order the blocks of one rank run in, one after another where not parallel. */
  public static final Comparator<ThreadBlock> ORDER = Comparator.comparingInt(ThreadBlock::phase)
      .thenComparingInt(b -> b.parallel() ? 0 : 1).thenComparingInt(ThreadBlock::lane);

  /**
   * The orders in which the blocks of a phase may be put one after another for alignment and
   * resolution, tried in turn until one resolves: the main thread's part first or last, the
   * lanes up or down. A phase's blocks run at once, so any order that completes shows the
   * threads can; which one is taken changes nothing in the program.
   */
  public static final java.util.List<Comparator<ThreadBlock>> SERIAL_ORDERS = java.util.List.of(
      ORDER, serial(true, false), serial(true, true), serial(false, true));

  private static Comparator<ThreadBlock> serial(boolean mainLast, boolean down) {
    return Comparator.comparingInt(ThreadBlock::phase)
        .thenComparingInt(b -> b.parallel() ? 0 : 1)
        .thenComparingInt(b -> b.main() && b.parallel() ? (mainLast ? 1 : -1) : 0)
        .thenComparingInt(b -> down ? -b.lane() : b.lane());
  }

  private static final Pattern PREFIX = Pattern.compile("^(?:s(\\d{1,6})|p(\\d{1,6})\\.(\\d{1,6})):");

  static ThreadBlock between(int phase) {
    return new ThreadBlock(phase, 0, false);
  }

  static ThreadBlock lane(int phase, int lane) {
    return new ThreadBlock(phase, lane, true);
  }

  /** Whether the block's calls are made by MPI's main thread. */
  public boolean main() {
    return lane == 0;
  }

  /** A call site of this block: the traced site under the block's prefix. */
  String site(String traced) {
    return (parallel ? "p" + phase + "." + lane : "s" + phase) + ":" + traced;
  }

  /** The traced site under a site of {@link #site}: {@code site} itself where it has no prefix. */
  static String traced(String site) {
    Matcher m = PREFIX.matcher(site);
    return m.find() ? site.substring(m.end()) : site;
  }

  /** The block a site of {@link #site} names, if it names one. */
  static Optional<ThreadBlock> of(String site) {
    Matcher m = PREFIX.matcher(site);
    if (!m.find()) {
      return Optional.empty();
    }
    return Optional.of(m.group(1) != null ? between(Integer.parseInt(m.group(1)))
        : lane(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))));
  }

  @Override
  public String toString() {
    return parallel ? (lane == 0 ? "MPI's main thread in phase " + phase : "thread lane " + lane
        + " of phase " + phase) : "MPI's main thread between phases";
  }
}
