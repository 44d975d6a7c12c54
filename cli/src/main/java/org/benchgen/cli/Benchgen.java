package org.benchgen.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.Optional;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import org.benchgen.io.OutputFailure;
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

  /** The subcommands, in the order benchgen's help lists them. */
  private static final List<Class<?>> SUBCOMMANDS = List.of(TraceCommand.class,
      CompressCommand.class, AlignCommand.class, ResolveCommand.class, GenerateCommand.class,
      VerifyCommand.class, ShowCommand.class, ExpandCommand.class, ReportCommand.class,
      ImportCommand.class, ExportCommand.class, QueryCommand.class, StatsCommand.class, SynthCommand.class,
      ExtrapolateCommand.class, CommandLine.HelpCommand.class);

  /** A command line with every subcommand and benchgen's exit-code mapping. */
  public static CommandLine commandLine() {
    return commandLine(new String[0]);
  }

  /**
   * A command line for {@code args}, with benchgen's exit-code mapping: where the first word
   * names a subcommand, only that one is built. picocli builds a command's model by reflection
   * over its options; all fifteen took 23 ms (100 ms cold) a run, which every invocation paid,
   * and the tests that run thousands of commands in process most of all.
   */
  public static CommandLine commandLine(String... args) {
    CommandLine cl = new CommandLine(new Benchgen());
    String first = args.length > 0 ? args[0] : "";
    boolean one = !first.equals("help") && SUBCOMMANDS.stream().anyMatch(c -> nameOf(c)
        .equals(first));
    for (Class<?> c : SUBCOMMANDS) {
      if (!one || nameOf(c).equals(first)) {
        cl.addSubcommand(nameOf(c), c);
      }
    }
    // Everything after the launcher is the launcher's: `trace -o d mpirun -np 4 ./app` works without --.
    CommandLine trace = cl.getSubcommands().get("trace");
    if (trace != null) {
      trace.setStopAtPositional(true);
    }
    cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
      PrintWriter err = cmd.getErr();
      if (ex instanceof UncheckedIOException u) {
        ex = u.getCause();
      }
      if (ex instanceof TraceProblem || ex instanceof NoSuchFileException
          || ex instanceof FileAlreadyExistsException || ex instanceof OutputFailure) {
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

  private static String nameOf(Class<?> subcommand) {
    return subcommand.getAnnotation(Command.class).name();
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

  /**
   * Runs {@code benchgen args} with its standard output on {@code stdout} and its errors on
   * {@code stderr}, and returns the exit code. Every write to standard output is checked: one that
   * fails (a full disk under {@code > FILE}, {@code /dev/full}) makes the run exit 1 naming
   * "standard output" and the cause, whatever the command returned, rather than 0 with its output
   * lost.
   */
  public static int run(String[] args, OutputStream stdout, PrintWriter stderr) {
    CheckedOutput checked = new CheckedOutput(stdout);
    PrintWriter out = new PrintWriter(new OutputStreamWriter(checked, STDOUT_CHARSET), true);
    CommandLine cl = commandLine(args);
    cl.setOut(out);
    cl.setErr(stderr);
    int code = cl.execute(args);
    out.flush();
    Optional<IOException> failure = checked.failure();
    // A reader that stopped reading (`benchgen show T | head`) lost nothing it wanted.
    if (failure.isPresent() && !"Broken pipe".equals(failure.get().getMessage())) {
      stderr.println("benchgen: error: cannot write standard output: "
          + InputFiles.describe(failure.get()));
      stderr.flush();
      return code == 0 ? INPUT_ERROR : code;
    }
    return code;
  }

  /** The encoding picocli uses for standard output (the JVM's for the console, else the default). */
  private static final Charset STDOUT_CHARSET = Optional.ofNullable(
      System.getProperty("sun.stdout.encoding")).filter(Charset::isSupported).map(Charset::forName)
      .orElse(Charset.defaultCharset());

  public static void main(String[] args) {
    try {
      PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, STDOUT_CHARSET), true);
      System.exit(run(args, new FileOutputStream(FileDescriptor.out), err));
    } catch (OutOfMemoryError e) {
      System.err.println("benchgen: out of memory; give the JVM more, e.g."
          + " BENCHGEN_JAVA_OPTS=-Xmx16g bin/benchgen ...");
      System.exit(INTERNAL_ERROR);
    }
  }
}
