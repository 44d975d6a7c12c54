package org.benchgen.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import picocli.CommandLine;

/** Runs {@code benchgen} in process, as a user would from a shell, for the cli's tests. */
public final class Cli {
  private Cli() {}

  /** What a command printed and returned. */
  public record Result(int code, String out, String err) {}

  /** Runs {@code benchgen args}; a {@code trace} holds the MPI tests' lock (MpiLock). */
  public static Result run(String... args) {
    if (args.length > 0 && args[0].equals("trace")) {
      return MpiLock.holdUnchecked(() -> runNow(args));
    }
    return runNow(args);
  }

  private static Result runNow(String... args) {
    CommandLine cl = Benchgen.commandLine(args);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  /**
   * Runs a command that must succeed, such as {@code trace} of a sample. Its messages go on to
   * the test's output as they would, and a failure quotes them: CI keeps only a log's tail.
   */
  public static Result ok(List<String> args) {
    Result r = run(args.toArray(String[]::new));
    System.out.print(r.out());
    System.err.print(r.err());
    Assertions.assertEquals(0, r.code(), () -> "benchgen "
        + String.join(" ", args) + " said:\n" + r.err());
    return r;
  }
}
