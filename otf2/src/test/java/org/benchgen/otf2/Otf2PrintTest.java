package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An exported archive as the OTF2 tools see it: {@code otf2-print}'s own text, parsed here
 * independently of benchgen's code, shows per rank the calls (regions entered), the bytes of the
 * messages sent and the collectives that {@code benchgen stats} counts for the trace imported
 * back.
 */
class Otf2PrintTest {
  private static final Pattern LINE = Pattern.compile(
      "^(\\S+)\\s+(\\d+)\\s+\\d+\\s+(.*)$");
  private static final Pattern REGION = Pattern.compile("Region: \"([^\"]*)\"");
  private static final Pattern LENGTH = Pattern.compile("Length: (\\d+)");

  @TempDir
  Path tmp;

  @ParameterizedTest
  @EnumSource(Synth.Pattern.class)
  void otf2PrintShowsTheCallsAndBytesOfTheImportedTrace(Synth.Pattern p) throws Exception {
    Path original = Files.createDirectory(tmp.resolve("t"));
    new Synth(p, 5, 3, 11).write(original, false, r -> { });
    Path archive = tmp.resolve("a");
    Otf2Export.run(Otf2Export.of(TraceDirectory.open(original).rankFiles()), archive, r -> { });
    Path back = tmp.resolve("b");
    Otf2Import.run(archive.resolve(Otf2Export.ANCHOR), back, n -> r -> { });
    TraceStats st = TraceStats.of(TraceDirectory.open(back), r -> { });

    Printed printed = Printed.of(archive.resolve(Otf2Export.ANCHOR));
    Map<String, Long> enters = printed.enters();
    Map<Integer, Long> sent = printed.sent();
    Map<Integer, Long> collectives = printed.collectives();
    Map<String, Long> calls = new HashMap<>();
    for (int r = 0; r < st.worldSize(); r++) {
      long coll = 0;
      for (Map.Entry<Op, long[]> e : st.rank(r).byOp().entrySet()) {
        calls.put(r + " " + e.getKey().mpiName(), e.getValue()[0]);
        coll += e.getKey().isCollective() ? e.getValue()[0] : 0;
      }
      long bytes = st.rank(r).sentTo().values().stream().mapToLong(Long::longValue).sum();
      assertEquals(bytes, sent.getOrDefault(r, 0L), p + " rank " + r + " bytes sent");
      assertEquals(coll, collectives.getOrDefault(r, 0L), p + " rank " + r + " collectives");
    }
    assertEquals(calls, enters, p + ": calls per rank and MPI function");
  }

  /**
   * What {@code otf2-print} shows, per location: regions entered whose name starts with MPI_
   * ("LOC NAME"), bytes of MPI_SEND and MPI_ISEND records, collective end records.
   */
  record Printed(Map<String, Long> enters, Map<Integer, Long> sent,
      Map<Integer, Long> collectives) {
    static Printed of(Path anchor) throws IOException, InterruptedException {
      Map<String, Long> enters = new HashMap<>();
      Map<Integer, Long> sent = new HashMap<>();
      Map<Integer, Long> collectives = new HashMap<>();
      Process pr = new ProcessBuilder("otf2-print", anchor.toString())
          .redirectErrorStream(true).start();
      String text = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, pr.waitFor(), text);
      for (String line : text.split("\n")) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
          continue;
        }
        int loc = Integer.parseInt(m.group(2));
        switch (m.group(1)) {
          case "ENTER" -> {
            Matcher r = REGION.matcher(m.group(3));
            assertTrue(r.find(), line);
            if (r.group(1).startsWith("MPI_")) {
              enters.merge(loc + " " + r.group(1), 1L, Long::sum);
            }
          }
          case "MPI_SEND", "MPI_ISEND" -> {
            Matcher l = LENGTH.matcher(m.group(3));
            assertTrue(l.find(), line);
            sent.merge(loc, Long.parseLong(l.group(1)), Long::sum);
          }
          case "MPI_COLLECTIVE_END", "NON_BLOCKING_COLLECTIVE_COMPLETE" ->
              collectives.merge(loc, 1L, Long::sum);
          default -> { }
        }
      }
      return new Printed(enters, sent, collectives);
    }
  }
}
