package org.benchgen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.compress.ChoiceSections;
import org.benchgen.compress.RankCompressor;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.TraceSummary;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.rawtrace.TraceDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen compress DIR -o FILE}. */
@Command(name = "compress", mixinStandardHelpOptions = true,
    description = {"Compresses a directory of per-rank event streams (rank-R.trace[.gz]) into one"
        + " merged RSD/PRSD trace: loops become loops, ranks that do the same become one rank"
        + " list. Prints one summary line.", ""})
final class CompressCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "the trace directory (see docs/trace-format.md)")
  Path dir;

  @Mixin
  CompressedOutput output;

  @Option(names = "--window", paramLabel = "N", defaultValue = "" + RankCompressor.DEFAULT_WINDOW,
      description = "how many trailing nodes the loop search looks back over (default: ${DEFAULT-VALUE})")
  int window;

  @Option(names = {"-j", "--threads"}, paramLabel = "N",
      description = "worker threads (default: all cores)")
  Integer threads;

  @Override
  public Integer call() throws Exception {
    long t0 = System.nanoTime();
    TraceDirectory d = TraceDirectory.open(dir);
    TraceCompressor c = new TraceCompressor(window,
        threads != null ? threads : Runtime.getRuntime().availableProcessors());
    TraceCompressor.Result r = c.compress(d, new Progress(spec.commandLine().getErr(),
        "compressing", d.size()));
    // Runs that loops could not fold become choice sections (docs/compressed-format.md); where
    // its sites lie, benchgen trace wrote into the directory's trace.bgc (issue 48).
    CompressedTrace t = ChoiceSections.form(r.trace()).withSites(SiteLines.readHeader(
        dir.resolve(TraceDirectory.COMPRESSED)));
    output.write(t);
    long out = Files.size(output.file);
    TraceSummary s = TraceSummary.of(t);
    double secs = (System.nanoTime() - t0) / 1e9;
    spec.commandLine().getOut().printf("%s: %d ranks, %d events -> %d RSDs, %d loops; %d bytes"
        + " -> %d bytes (%.1fx) in %.2f s (%,.0f events/s)%n", output, s.ranks(), r.events(),
        s.rsds(), s.loops(), r.inputBytes(), out, out == 0 ? 0.0 : (double) r.inputBytes() / out,
        secs, r.events() / secs);
    return 0;
  }
}
