package org.benchgen.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.SiteFrame;
import org.benchgen.ir.SiteTable;
import org.benchgen.ir.format.SiteLines;
import org.benchgen.trace.Names;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;

/**
 * What {@code generate --keep-sites} writes beside a benchmark ({@code benchgen.sites}): the
 * traced program's site lines, as in the compressed trace, and which of its sites made {@code
 * MPI_Init} and {@code MPI_Finalize} ({@code start SITE}, {@code end SITE}), which the generated
 * code calls without a comment naming them.
 */
record KeptSites(SiteTable table, Optional<String> start, Optional<String> end) {
  /** The file's first line. */
  static final String HEADER = "benchgen-sites 1";

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

  /** The frames of the site that made {@code MPI_Init} ({@code start}) or MPI_Finalize. */
  Optional<List<SiteFrame>> frames(Optional<String> site) {
    return site.map(s -> table.frames().get(s));
  }

  /** Reads such a file; a bad line is an error naming the file and line. */
  static KeptSites read(Path file) throws IOException {
    Map<String, List<SiteFrame>> m = new HashMap<>();
    Optional<String> start = Optional.empty();
    Optional<String> end = Optional.empty();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String header = in.readLine();
      if (header == null || !header.strip().equals(HEADER)) {
        throw new TraceFormatException(file, 1, "not a site table: the first line must be '"
            + HEADER + "'");
      }
      int no = 1;
      for (String l; (l = in.readLine()) != null;) {
        no++;
        String s = l.strip();
        if (s.isEmpty() || s.startsWith("#")) {
          continue;
        }
        if (s.length() > TraceLimits.MAX_COMPRESSED_LINE) {
          throw new TraceFormatException(file, no, "a line longer than "
              + TraceLimits.MAX_COMPRESSED_LINE + " characters");
        }
        try {
          String[] tok = s.split(" ");
          switch (tok[0]) {
            case "site" -> m.put(SiteLines.site(tok), SiteLines.frames(tok));
            case "start", "end" -> {
              if (tok.length != 2) {
                throw new TraceProblem("expected '" + tok[0] + " SITE'");
              }
              Optional<String> site = Optional.of(Names.decode(tok[1]));
              if (tok[0].equals("start")) {
                start = site;
              } else {
                end = site;
              }
            }
            default -> throw new TraceProblem("expected a 'site', 'start' or 'end' line");
          }
        } catch (TraceProblem | IllegalArgumentException e) {
          throw new TraceFormatException(file, no, e.getMessage());
        }
      }
    }
    return new KeptSites(new SiteTable(m), start, end);
  }
}
