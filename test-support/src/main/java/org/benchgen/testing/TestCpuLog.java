package org.benchgen.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Where the test suite's CPU goes, class by class (docs/benchmarks.md, "The test suite"): with
 * {@code -Dbenchgen.test.cpu=FILE} on Maven's command line, every test class appends a line to
 * FILE: its wall time, the CPU of the test JVM while it ran, and the CPU of the processes it
 * started and waited for (MPI launchers with their ranks, make and the compiler), read from
 * /proc/self/stat. Surefire's reports give only wall time, which a shared machine stretches; the
 * suite's length on two cores follows its CPU. Without the property it does nothing. The JVM's
 * share is exact only where one class runs at a time in a JVM, as surefire runs them.
 */
public final class TestCpuLog implements TestExecutionListener {
  private static final String PROPERTY = "benchgen.test.cpu";
  /** Clock ticks a second of /proc's times: 100 on Linux for every architecture it runs on. */
  private static final double TICKS = 100.0;

  private final String file = System.getProperty(PROPERTY);
  private final Map<String, long[]> started = new HashMap<>();

  @Override
  public void executionStarted(TestIdentifier id) {
    if (file != null && isClass(id)) {
      started.put(id.getUniqueId(), sample());
    }
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    long[] start = file == null ? null : started.remove(id.getUniqueId());
    if (start == null) {
      return;
    }
    long[] end = sample();
    String cls = ((ClassSource) id.getSource().orElseThrow()).getClassName();
    String line = String.format("%s\t%.2f\t%.2f\t%.2f%n", cls, (end[0] - start[0]) / 1e9,
        (end[1] - start[1]) / TICKS, (end[2] - start[2]) / TICKS);
    try {
      Files.writeString(Path.of(file), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isClass(TestIdentifier id) {
    return id.isContainer() && id.getSource().filter(ClassSource.class::isInstance).isPresent();
  }

  /** Now: wall nanoseconds, this JVM's CPU ticks, its waited-for children's CPU ticks. */
  private static long[] sample() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // Fields after the command's closing parenthesis: utime is the 14th field of the line,
      // the 12th after it; stime, cutime, cstime follow.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long self = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      long children = Long.parseLong(f[13]) + Long.parseLong(f[14]);
      return new long[] {System.nanoTime(), self, children};
    } catch (IOException e) {
      return new long[] {System.nanoTime(), 0, 0};
    }
  }
}
