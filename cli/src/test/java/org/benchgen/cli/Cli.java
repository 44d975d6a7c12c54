package org.benchgen.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code benchgen} in process, as a user would from a shell, for the cli's tests. */
public final class Cli {
  private Cli() {}

  /** What a command printed and returned. */
  public record Result(int code, String out, String err) {}

  public static Result run(String... args) {
    CommandLine cl = Benchgen.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }
}
