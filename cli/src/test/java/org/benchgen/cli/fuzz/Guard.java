package org.benchgen.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.benchgen.cli.Benchgen;
import org.benchgen.cli.Cli;
import org.benchgen.testing.CpuDeadline;

/**
 * Runs one {@code benchgen} command in process on a worker thread with a deadline in CPU time
 * (CpuDeadline: a loaded machine does not make a command late), and judges it as a user of a
 * hostile input would: exit 0, 1 or 2; no stack trace on stderr (the command's or the JVM's);
 * finished in time; on failure no output, and never a temporary or hidden file left anywhere in
 * the case's directory.
 */
final class Guard {
  /** The share of the heap whose use by live data stops a command (OutOfMemoryError). */
  private static final double HEAP_SHARE = 0.7;
  private static volatile boolean unstopped;
  private static final String[] TRACE_MARKS = {"\tat ", "Exception in thread", "java.lang."};

  private Guard() {}

  /**
   * What went wrong: a category to group by, and the detail of this occurrence; {@code fatal}
   * when the command's thread could not be stopped. Compiled loops do not always take
   * Thread.stop's exception; such a thread holds a core and its memory for the rest of the test,
   * and would make every later run look hung or out of memory, so the test ends there.
   */
  record Problem(String category, String detail, boolean fatal) {
    Problem(String category, String detail) {
      this(category, detail, false);
    }
  }

  /**
   * What a run did. {@code thrown} is what escaped {@code Cli.run} (an Error: none should), or
   * where a hung command was when it was stopped.
   */
  private record Outcome(int code, String err, Throwable thrown, boolean hung,
      boolean stopped) {
    Outcome(int code, String err, Throwable thrown, boolean hung) {
      this(code, err, thrown, hung, true);
    }
  }

  /**
   * Runs {@code args} with {@code caseDir} holding the input and the output {@code output} (a
   * path under it, or null for commands that write nothing); removes the output afterwards.
   */
  static Optional<Problem> check(Path caseDir, Path output, Duration limit, String... args)
      throws IOException {
    Set<String> before = listing(caseDir);
    Outcome o = run(limit, args);
    Set<String> after = listing(caseDir);
    Optional<Problem> p = judge(o);
    if (p.isEmpty()) {
      p = leftovers(caseDir, output, o.code(), before, after);
    }
    if (output != null) {
      deleteTree(output);
    }
    for (String extra : after) {
      if (!before.contains(extra)) {
        deleteTree(caseDir.resolve(extra));
      }
    }
    return p;
  }

  private static Optional<Problem> judge(Outcome o) {
    String unstopped = o.stopped() ? "" : "; could not be stopped, the test ends here";
    if (o.hung()) {
      return Optional.of(new Problem("hang in " + where(o.thrown()).replaceAll(".* at ", ""),
          o.thrown().getMessage() + unstopped, !o.stopped()));
    }
    if (o.thrown() != null) {
      String what = o.thrown() instanceof OutOfMemoryError ? "out of memory" : "uncaught";
      return Optional.of(new Problem(what + " " + where(o.thrown()), o.thrown() + unstopped,
          !o.stopped()));
    }
    if (o.code() == Benchgen.INTERNAL_ERROR) {
      return Optional.of(new Problem("exit 3 " + where(o.err()), firstLines(o.err())));
    }
    if (o.code() < 0 || o.code() > 2) {
      return Optional.of(new Problem("exit " + o.code(), firstLines(o.err())));
    }
    for (String mark : TRACE_MARKS) {
      if (o.err().contains(mark)) {
        return Optional.of(new Problem("stack trace on stderr " + where(o.err()),
            firstLines(o.err())));
      }
    }
    return Optional.empty();
  }

  /** On failure nothing new; on success only the output. */
  private static Optional<Problem> leftovers(Path caseDir, Path output, int code,
      Set<String> before, Set<String> after) {
    String out = output == null ? null : caseDir.relativize(output).toString();
    Set<String> left = new TreeSet<>();
    for (String p : after) {
      boolean isOutput = out != null && (p.equals(out) || p.startsWith(out + "/"));
      if (!before.contains(p) && !(code == 0 && isOutput)) {
        left.add(p);
      }
    }
    if (left.isEmpty()) {
      return Optional.empty();
    }
    String kind = code != 0 && out != null && left.contains(out) ? "output written on exit "
        + code : "left behind on exit " + code;
    return Optional.of(new Problem(kind, String.join(", ", left)));
  }

  private static Outcome run(Duration limit, String[] args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream jvmErr = new ByteArrayOutputStream();
    Cli.Result[] result = new Cli.Result[1];
    Throwable[] thrown = new Throwable[1];
    // The JVM's own messages (an uncaught exception in a command's thread) go to System.err.
    System.setErr(new PrintStream(jvmErr, true, StandardCharsets.UTF_8));
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    // Default stack size, as the launcher gives benchgen's main thread.
    Thread t = new Thread(() -> {
      try {
        result[0] = Cli.run(args);
      } catch (Throwable e) {
        thrown[0] = e;
      }
    }, "fuzz-run");
    t.setDaemon(true);
    t.start();
    try {
      CpuDeadline deadline = CpuDeadline.ofThisJvm(limit);
      while (t.isAlive() && !deadline.passed() && !heapNearlyFull()) {
        t.join(50);
      }
      if (t.isAlive()) {
        // Where it was, before stopping it: that is where the time or the memory goes.
        Throwable where = heapNearlyFull()
            ? new OutOfMemoryError("live data past " + HEAP_SHARE + " of the heap; stopped")
            : new Throwable("still running: " + deadline.why());
        where.setStackTrace(t.getStackTrace());
        boolean stopped = stop(t);
        return new Outcome(-1, "", where, !(where instanceof OutOfMemoryError), stopped);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(-1, "", new Throwable("interrupted"), true, stop(t));
    } finally {
      System.setErr(oldErr);
      System.setOut(oldOut);
    }
    if (thrown[0] != null) {
      return new Outcome(-1, "", thrown[0], false);
    }
    String err = result[0].err() + jvmErr.toString(StandardCharsets.UTF_8);
    return new Outcome(result[0].code(), err, null, false);
  }

  /**
   * Whether the data that survived the last collection fills most of the heap: a command that
   * gets there is stopped before it takes the test's own threads down with an OutOfMemoryError.
   */
  private static boolean heapNearlyFull() {
    if (liveAfterCollection() < Runtime.getRuntime().maxMemory() * HEAP_SHARE) {
      return false;
    }
    // The figure may be an earlier command's, from before its data became garbage: collect now.
    System.gc();
    return liveAfterCollection() > Runtime.getRuntime().maxMemory() * HEAP_SHARE;
  }

  private static long liveAfterCollection() {
    long live = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage after = pool.getCollectionUsage();
      if (pool.getType() == MemoryType.HEAP && after != null) {
        live += after.getUsed();
      }
    }
    return live;
  }

  /**
   * Ends a hung command so that the next runs get the machine: interrupt, then Thread.stop (the
   * only way to end a thread that does not look at interrupts; Java 17 still has it).
   */
  /** Whether a command's thread could not be stopped: this JVM's later runs are not judged. */
  static boolean compromised() {
    return unstopped;
  }

  @SuppressWarnings("deprecation")
  private static boolean stop(Thread t) {
    t.interrupt();
    try {
      t.join(1000);
      if (t.isAlive()) {
        t.stop();
        t.join(5000);
      }
    } catch (InterruptedException | UnsupportedOperationException e) {
      // Checked below.
    }
    unstopped |= t.isAlive();
    return !t.isAlive();
  }


  /** Where an internal error happened: its class and first benchgen frame, from stderr. */
  private static String where(String err) {
    String exception = err.lines().filter(l -> !l.startsWith("benchgen:") && !l.isBlank())
        .findFirst().orElse("?").replaceAll(":.*", "").replaceAll(".*\\.", "");
    String frame = err.lines().filter(l -> l.startsWith("\tat org.benchgen.")).findFirst()
        .map(l -> l.substring("\tat org.benchgen.".length()).replaceAll("\\(.*", ""))
        .orElse("?");
    return exception + " at " + frame;
  }

  private static String where(Throwable e) {
    String frame = Stream.of(e.getStackTrace())
        .filter(f -> f.getClassName().startsWith("org.benchgen."))
        .findFirst().map(f -> f.getClassName().substring("org.benchgen.".length()) + "."
            + f.getMethodName()).orElse("?");
    return e.getClass().getSimpleName() + " at " + frame;
  }

  private static String firstLines(String err) {
    return err.lines().limit(3).map(l -> l.length() > 200 ? l.substring(0, 200) + "..." : l)
        .collect(Collectors.joining(" | "));
  }

  /** Every path under {@code dir}, relative to it. */
  private static Set<String> listing(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }
}
