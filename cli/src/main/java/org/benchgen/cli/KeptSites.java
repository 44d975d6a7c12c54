package org.benchgen.cli;

import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.trace.Names;
import org.benchgen.trace.OpKind;

/**
 * What {@code generate --keep-sites} writes beside a benchmark ({@code benchgen.sites}): the
 * traced program's site lines, as in the compressed trace, and which of its sites made {@code
 * MPI_Init} and {@code MPI_Finalize} ({@code start SITE}, {@code end SITE}), which the generated
 * code calls without a comment naming them. The tracer reads it when the benchmark is traced
 * ({@code tracer/src/site_kept.c}, docs/codegen.md).
 */
final class KeptSites {
  /** The file's first line. */
  static final String HEADER = "benchgen-sites 1";

  private KeptSites() {}

  /** The file for {@code t}'s sites. */
  static String text(CompressedTrace t) {
    String[] ends = new String[2];
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        int i = r.op().kind() == OpKind.INIT ? 0 : r.op().kind() == OpKind.FINALIZE ? 1 : -1;
        if (i >= 0 && ends[i] == null) {
          ends[i] = r.site();
        }
      }
    }.scan(t.body());
    return HEADER + "\n" + SiteLines.lines(t.sites())
        + (ends[0] == null ? "" : "start " + Names.encode(ends[0]) + "\n")
        + (ends[1] == null ? "" : "end " + Names.encode(ends[1]) + "\n");
  }
}
