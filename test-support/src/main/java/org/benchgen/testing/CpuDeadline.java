package org.benchgen.testing;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A test's deadline in CPU time, which a loaded machine does not stretch: CI shares its machine,
 * and a command that takes 6 s of CPU alone may take 30 s of wall time beside another job. What is
 * counted is either this JVM's CPU time (all its threads: a command run in process, with the
 * worker threads it starts and the garbage it makes) or that of this JVM's child processes (an
 * MPI launcher and its ranks). A run that blocks uses no CPU, so a wall-clock backstop, a fixed
 * multiple of the CPU budget, still ends a hang.
 */
public final class CpuDeadline {
  /** How many times the CPU budget a run may take in wall time, however loaded the machine. */
  public static final int WALL_FACTOR = 8;

  private final Duration budget;
  private final LongSupplier cpuNanos;
  private final long cpuStart;
  private final long wallEnd;

  private CpuDeadline(Duration budget, LongSupplier cpuNanos) {
    this.budget = budget;
    this.cpuNanos = cpuNanos;
    this.cpuStart = cpuNanos.getAsLong();
    this.wallEnd = System.nanoTime() + budget.toNanos() * WALL_FACTOR;
  }

  /** {@code budget} of this JVM's CPU time from now (every thread of it). */
  public static CpuDeadline ofThisJvm(Duration budget) {
    return new CpuDeadline(budget, CpuDeadline::jvmCpuNanos);
  }

  /**
   * {@code budget} of the CPU time of this JVM's child processes and theirs, from now: processes
   * that end meanwhile keep counting with the time they were last seen to have used.
   */
  public static CpuDeadline ofChildProcesses(Duration budget) {
    Map<Long, Long> seen = new HashMap<>();
    return new CpuDeadline(budget, () -> {
      ProcessHandle.current().descendants().forEach(p -> p.info().totalCpuDuration()
          .ifPresent(d -> seen.merge(p.pid(), d.toNanos(), Math::max)));
      return seen.values().stream().mapToLong(Long::longValue).sum();
    });
  }

  /** Whether the CPU budget is spent, or the wall-clock backstop reached. */
  public boolean passed() {
    return cpuUsed() > budget.toNanos() || System.nanoTime() > wallEnd;
  }

  /** CPU time used since the deadline was set, in nanoseconds. */
  public long cpuUsed() {
    return cpuNanos.getAsLong() - cpuStart;
  }

  /** Why the deadline passed, for a failure message. */
  public String why() {
    long used = cpuUsed();
    return used > budget.toNanos()
        ? String.format("used %.1f s of CPU, past its %d s", used / 1e9, budget.toSeconds())
        : String.format("still running after %d s of wall time (%.1f s of CPU): blocked",
            budget.toSeconds() * WALL_FACTOR, used / 1e9);
  }

  /** This JVM's CPU time, every thread's, in nanoseconds. */
  public static long jvmCpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    // Without the JDK's extension: the sum of the live threads' CPU times.
    var threads = ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long id : threads.getAllThreadIds()) {
      sum += Math.max(0, threads.getThreadCpuTime(id));
    }
    return sum;
  }
}
