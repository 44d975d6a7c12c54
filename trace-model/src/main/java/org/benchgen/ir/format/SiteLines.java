package org.benchgen.ir.format;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.SiteFrame;
import org.benchgen.ir.SiteTable;
import org.benchgen.trace.Names;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceProblem;

/**
 * The {@code site} lines of a compressed trace (docs/compressed-format.md, "Sites"): {@code site
 * SITE FRAME...}, each frame {@code WHERE|FILE:LINE|FUNCTION}, innermost first, {@code -} for a
 * part not known. Every part is percent-encoded as names are, and {@code |} too, so that no text
 * from a binary can break the line or the frame.
 */
public final class SiteLines {
  private static final String UNKNOWN = "-";

  private SiteLines() {}

  /** The line for {@code site}'s frames, without its line break. */
  public static String line(String site, List<SiteFrame> frames) {
    StringBuilder b = new StringBuilder("site ").append(encode(site));
    for (SiteFrame f : frames) {
      b.append(' ').append(encode(f.where())).append('|')
          .append(f.hasLine() ? encode(f.file()) + ":" + f.line() : UNKNOWN).append('|')
          .append(f.function().isEmpty() ? UNKNOWN : encode(f.function()));
    }
    return b.toString();
  }

  /** The site a {@code site} line names (its tokens, split at spaces). */
  public static String site(String[] tok) {
    if (tok.length < 3) {
      throw new TraceProblem("expected 'site SITE WHERE|FILE:LINE|FUNCTION ...'");
    }
    return Names.decode(tok[1]);
  }

  /** The frames of a {@code site} line. */
  public static List<SiteFrame> frames(String[] tok) {
    List<SiteFrame> out = new ArrayList<>(tok.length - 2);
    for (int i = 2; i < tok.length; i++) {
      String[] p = tok[i].split("\\|", -1);
      if (p.length != 3 || p[0].isEmpty() || p[0].equals(UNKNOWN)) {
        throw new TraceProblem("a site's frame is WHERE|FILE:LINE|FUNCTION (- for what is not"
            + " known), found '" + tok[i] + "'");
      }
      String file = "";
      int line = 0;
      if (!p[1].equals(UNKNOWN)) {
        int colon = p[1].lastIndexOf(':');
        if (colon <= 0) {
          throw new TraceProblem("a site's FILE:LINE needs its line, found '" + p[1] + "'");
        }
        file = Names.decode(p[1].substring(0, colon));
        try {
          line = Integer.parseInt(p[1].substring(colon + 1));
        } catch (NumberFormatException e) {
          line = -1;
        }
        if (line <= 0) {
          throw new TraceProblem("a site's line is a number from 1, found '" + p[1] + "'");
        }
      }
      String function = p[2].equals(UNKNOWN) ? "" : Names.decode(p[2]);
      out.add(new SiteFrame(Names.decode(p[0]), file, line, function));
    }
    return out;
  }

  /** Every site line of {@code table}, each with its line break. */
  public static String lines(SiteTable table) {
    StringBuilder b = new StringBuilder();
    table.frames().forEach((site, fs) -> b.append(line(site, fs)).append('\n'));
    return b.toString();
  }

  /**
   * The site lines at the top of the compressed trace {@code bgc} alone (a directory's streams,
   * compressed again, take their places from it), read up to its first call or block; none where
   * the file is missing. A bad line is an error naming the file and line.
   */
  public static SiteTable readHeader(Path bgc) throws IOException {
    Map<String, List<SiteFrame>> m = new HashMap<>();
    if (!Files.isRegularFile(bgc)) {
      return SiteTable.none();
    }
    try (java.io.Reader r = Files.newBufferedReader(bgc, StandardCharsets.UTF_8)) {
      BoundedLines in = new BoundedLines(bgc, r);
      int no = 0;
      for (String l; (l = in.next()) != null;) {
        no++;
        String s = l.strip();
        if (s.startsWith("site ")) {
          try {
            String[] tok = s.split(" ");
            m.put(site(tok), frames(tok));
          } catch (TraceProblem | IllegalArgumentException e) {
            throw new TraceFormatException(bgc, no, e.getMessage());
          }
        } else if (!s.isEmpty() && !s.startsWith("#") && !s.startsWith("world ")
            && !s.startsWith("comm ") && !s.startsWith(CompressedTraceWriter.FORMAT)) {
          break;
        }
      }
    }
    return new SiteTable(m);
  }

  private static String encode(String s) {
    return Names.encode(s).replace("|", "%7C");
  }
}
