package org.benchgen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.benchgen.trace.InputFiles;
import org.benchgen.trace.TraceProblem;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code benchgen} command: subcommands, and the one place where exit codes are decided. */
@Command(name = "benchgen", mixinStandardHelpOptions = true, version = "benchgen 0.1.0",
    description = "Turns the traces of an MPI application into a small, readable proxy benchmark."
        + " Trace an application, compress its per-rank event streams into a merged RSD/PRSD"
        + " trace, align its collectives, resolve its wildcard receives (reporting deadlocks),"
        + " generate a benchmark from it, and verify the benchmark against the original.",
    subcommands = {TraceCommand.class, CompressCommand.class, AlignCommand.class,
        ResolveCommand.class, GenerateCommand.class, VerifyCommand.class, ShowCommand.class,
        ExpandCommand.class, ReportCommand.class, ImportCommand.class, ExportCommand.class,
        StatsCommand.class, SynthCommand.class, ExtrapolateCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:success",
        "1:a problem in the input (bad trace, with file and line) or a file that cannot be read"
            + " or written",
        "2:usage error (unknown option, missing argument)",
        "3:internal error (a bug in benchgen: please report it with the command)"},
    footer = {"", "Run 'benchgen COMMAND --help' for a command's options.",
        "Formats: docs/trace-format.md (per-rank streams), docs/compressed-format.md.",
        "Benchmarks: docs/codegen.md.",
        "Error codes of findings: docs/alignment.md (BG1xx), docs/resolve.md (BG2xx)."})
public final class Benchgen implements Runnable {
  public static final int INPUT_ERROR = 1;
  public static final int INTERNAL_ERROR = 3;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
  }

  /** A command line with benchgen's exit-code mapping; tests call this. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Benchgen());
    // Everything after the launcher is the launcher's: `trace -o d mpirun -np 4 ./app` works without --.
    cl.getSubcommands().get("trace").setStopAtPositional(true);
    cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
      PrintWriter err = cmd.getErr();
      if (ex instanceof TraceProblem || ex instanceof NoSuchFileException
          || ex instanceof FileAlreadyExistsException) {
        err.println("benchgen: error: " + message(ex));
        err.flush();
        return INPUT_ERROR;
      }
      if (ex instanceof IOException) {
        err.println("benchgen: I/O error: " + message(ex));
        err.flush();
        return INPUT_ERROR;
      }
      err.println("benchgen: internal error (please report it with the command line):");
      ex.printStackTrace(err);
      err.flush();
      return INTERNAL_ERROR;
    });
    return cl;
  }

  /**
   * The exception's message, naming the file: Java's file-system errors give only the path when
   * they have no reason (no such file, permission denied), so what happened is added.
   */
  private static String message(Exception ex) {
    if (ex instanceof FileSystemException f && f.getFile() != null && f.getReason() == null) {
      return f.getMessage() + ": " + InputFiles.describe(f);
    }
    return ex.getMessage();
  }

  public static void main(String[] args) {
    try {
      System.exit(commandLine().execute(args));
    } catch (OutOfMemoryError e) {
      System.err.println("benchgen: out of memory; give the JVM more, e.g."
          + " BENCHGEN_JAVA_OPTS=-Xmx16g bin/benchgen ...");
      System.exit(INTERNAL_ERROR);
    }
  }
}
