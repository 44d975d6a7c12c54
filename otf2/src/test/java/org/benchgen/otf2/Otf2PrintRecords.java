package org.benchgen.otf2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the OTF2 library's own {@code otf2-print} shows of an archive's MPI records, per rank, as
 * the bridge's lines ({@code enter T REGION}, {@code send T PEER COMM TAG BYTES}, ...): a reference
 * for the native reader that shares no code with it. Ranks are the members of otf2-print's MPI
 * locations group ({@code otf2-print -G}), in order; a field is the number after its label, or
 * the reference in {@code <>} of a named one, or an operation's name ({@code NONE} or {@code
 * UNDEFINED}: OTF2's undefined 32-bit value).
 */
final class Otf2PrintRecords {
  /** otf2-print's event names, as the bridge's keywords. */
  private static final Map<String, String> KINDS = Map.ofEntries(Map.entry("ENTER", "enter"),
      Map.entry("LEAVE", "leave"), Map.entry("MPI_SEND", "send"), Map.entry("MPI_ISEND", "isend"),
      Map.entry("MPI_ISEND_COMPLETE", "isend_done"), Map.entry("MPI_IRECV_REQUEST", "irecv_req"),
      Map.entry("MPI_RECV", "recv"), Map.entry("MPI_IRECV", "irecv"),
      Map.entry("MPI_REQUEST_TEST", "req_test"), Map.entry("MPI_REQUEST_CANCELLED", "req_cancel"),
      Map.entry("MPI_COLLECTIVE_BEGIN", "coll_begin"),
      Map.entry("MPI_COLLECTIVE_END", "coll_end"),
      Map.entry("NON_BLOCKING_COLLECTIVE_REQUEST", "nbc_req"),
      Map.entry("NON_BLOCKING_COLLECTIVE_COMPLETE", "nbc_done"),
      Map.entry("COMM_CREATE", "comm_create"), Map.entry("COMM_DESTROY", "comm_destroy"));
  private static final Pattern EVENT = Pattern.compile("^(\\S+)\\s+(\\d+)\\s+(\\d+)\\s*(.*)$");
  private static final Pattern FIELD = Pattern.compile(
      "(?:^|, )\\w+: (?:\"[^\"]*\" <(\\d+)>|(\\d+)|([A-Z][A-Z0-9_]*))");
  /** How otf2-print shows OTF2's undefined 32-bit value (a collective without root). */
  private static final java.util.Set<String> UNDEFINED = java.util.Set.of("UNDEFINED", "NONE");
  private static final Pattern MEMBER = Pattern.compile("<(\\d+)>");
  private static final Pattern ATTRIBUTE = Pattern.compile(
      "\\(\"benchgen::(request|unmatched_bytes|recordless_requests)\" <\\d+>; \\w+; (\\d+)\\)");

  private Otf2PrintRecords() {}

  /** Each rank's records, in the order otf2-print gives them. */
  static List<List<String>> of(Path anchor) throws IOException, InterruptedException {
    Map<Long, Integer> rankOf = ranks(anchor);
    List<List<String>> out = new ArrayList<>();
    for (int r = 0; r < rankOf.size(); r++) {
      out.add(new ArrayList<>());
    }
    for (String line : run("otf2-print", anchor.toString())) {
      Matcher m = EVENT.matcher(line);
      if (!m.matches() || !KINDS.containsKey(m.group(1))) {
        continue;
      }
      Integer rank = rankOf.get(Long.parseLong(m.group(2)));
      if (rank == null) {
        continue;
      }
      StringBuilder b = new StringBuilder(KINDS.get(m.group(1))).append(' ').append(m.group(3));
      Matcher f = FIELD.matcher(m.group(4));
      while (f.find()) {
        String v = f.group(1) != null ? f.group(1) : f.group(2) != null ? f.group(2)
            : UNDEFINED.contains(f.group(3)) ? Long.toString(Otf2Names.NO_ROOT) : f.group(3);
        b.append(' ').append(v);
      }
      out.get(rank).add(b.toString());
    }
    return out;
  }

  /** Rank {@code rank}'s benchgen attributes on its enters, as {@code key=value}, in order. */
  static List<String> attributes(Path anchor, int rank) throws IOException,
      InterruptedException {
    Map<Long, Integer> rankOf = ranks(anchor);
    List<String> out = new ArrayList<>();
    Integer current = null;
    for (String line : run("otf2-print", anchor.toString())) {
      Matcher m = EVENT.matcher(line);
      if (m.matches()) {
        current = m.group(1).equals("ENTER") ? rankOf.get(Long.parseLong(m.group(2))) : null;
      } else if (current != null && current == rank && line.contains("ADDITIONAL ATTRIBUTES")) {
        Matcher a = ATTRIBUTE.matcher(line);
        while (a.find()) {
          out.add(a.group(1).replaceFirst("_.*", "") + "=" + a.group(2));
        }
      }
    }
    return out;
  }

  /** Location reference to rank: the MPI locations group's members, in order. */
  private static Map<Long, Integer> ranks(Path anchor) throws IOException, InterruptedException {
    for (String line : run("otf2-print", "-G", anchor.toString())) {
      if (line.startsWith("GROUP ") && line.contains("Type: COMM_LOCATIONS")
          && (line.contains("Paradigm: \"MPI\"") || line.contains("Paradigm: MPI,"))) {
        Map<Long, Integer> rankOf = new HashMap<>();
        Matcher m = MEMBER.matcher(line.substring(line.indexOf("Members:")));
        while (m.find()) {
          rankOf.put(Long.parseLong(m.group(1)), rankOf.size());
        }
        return rankOf;
      }
    }
    throw new AssertionError("otf2-print shows no MPI locations group in " + anchor);
  }

  private static List<String> run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + text);
    }
    return text.lines().toList();
  }
}
