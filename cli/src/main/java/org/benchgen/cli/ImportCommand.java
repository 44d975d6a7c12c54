package org.benchgen.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.benchgen.otf2.Otf2Import;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen import ARCHIVE.otf2 -o DIR}. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = {"Reads an OTF2 archive (Score-P's traces, or benchgen export's) and writes its"
        + " MPI calls as a trace directory of per-rank streams, which every other command reads:"
        + " a benchmark from an application traced with Score-P, without running it again.",
        "OTF2 carries no datatypes, reduction operations or posted wildcards: sizes become"
            + " MPI_BYTE counts, receives get the source that matched, and the other rules of"
            + " docs/otf2.md fill in what the records do not say. DIR/" + Otf2Import.NOTES_FILE
            + " and the summary list how often each rule applied; calls whose bytes or peers the"
            + " archive does not say are counted there too, and printed as warnings.",
        "Reads with bg-otf2-read (C on libotf2, built with benchgen when libotf2-trace-dev is"
            + " installed); without it, import stops and says what to install.", ""})
final class ImportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "ARCHIVE.otf2", description = "the archive's anchor file (e.g."
      + " scorep-*/traces.otf2)")
  Path archive;

  @Mixin
  NewDirectory output;

  @Option(names = "--force", description = "write even above 256 MB (about the size of the"
      + " archive's records), 16,384 rank files or the free space where DIR goes, which are"
      + " refused otherwise (docs/otf2.md, \"Import\")")
  boolean force;

  @Override
  public Integer call() throws Exception {
    Otf2Import.Result r = Otf2Import.run(archive, output.dir,
        n -> new Progress(spec.commandLine().getErr(), "importing", n), (ranks, bytes) -> {
          if (!force) {
            OutputBudget.check(archive + ": importing", ranks, bytes, output.dir,
                "docs/otf2.md, \"Import\"");
          }
        });
    var out = spec.commandLine().getOut();
    out.println(output + ": " + r.ranks() + " rank streams, " + r.calls() + " MPI calls");
    if (r.rules().isEmpty()) {
      out.println("every call as recorded (no rule of docs/otf2.md was needed)");
    } else {
      out.println("rules of docs/otf2.md applied (calls):");
      for (Map.Entry<String, Long> e : r.rules().entrySet()) {
        out.println("  " + e.getValue() + "  " + e.getKey());
      }
    }
    // On stderr, so that a script sees them even when it keeps only the summary's first line.
    var err = spec.commandLine().getErr();
    for (Map.Entry<String, Long> e : r.unknown().entrySet()) {
      err.println("benchgen import: warning: " + e.getValue() + " " + e.getKey());
    }
    err.flush();
    return 0;
  }
}
