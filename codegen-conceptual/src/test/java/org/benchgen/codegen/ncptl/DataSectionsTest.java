package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.testing.IrregularTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Irregular sections as a data file and one statement per call and size, checked without
 * the coNCePTuaL compiler ({@link NcptlCompilerTest} runs them): the steps are decoded from the
 * file by the layout its first line states, each statement is read from the program's text, and
 * what each task then sends and receives, in order, must be what its raw stream says.
 */
class DataSectionsTest {
  private static final Pattern LEAF = Pattern.compile("if stmt = ([0-9]+) then ");
  private static final Pattern MESSAGE = Pattern.compile("task caller (?:asynchronously )?"
      + "(sends|receives) a ([0-9]+) byte message(?: using tag ([a-z0-9]+))?"
      + " (?:to unsuspecting task|from task) ([a-z0-9]+)");
  private static final Pattern TERM = Pattern.compile("(?:([0-9]+) \\* )?([a-z0-9]+)");

  @TempDir
  Path tmp;

  @Test
  void everyTaskMakesItsTracedMessagesInOrder() throws IOException {
    // 3 ranks, 700 Send/Recv pairs of random peers and tags, in 7 sizes: one section.
    Path d = NcptlRegionsTest.irregular(tmp);
    for (int r = 0; r < 3; r++) {
      Path f = d.resolve("rank-" + r + ".trace");
      Matcher m = Pattern.compile("(count|bytes)=([0-9]+)").matcher(Files.readString(f));
      Files.writeString(f, m.replaceAll(x -> x.group(1) + "="
          + 8 * (Long.parseLong(x.group(2)) % 7 + 1)));
    }
    List<GeneratedFile> files = NcptlTargetTest.generate(NcptlTargetTest.compress(d), "b")
        .files();
    assertEquals(List.of("b.ncptl", "b-L1.dat"), files.stream().map(GeneratedFile::name)
        .toList());
    String program = files.get(0).text();
    assertEquals(List.of(), NcptlStructure.problems(program, 3));
    assertEquals(expected(d, 3), replayed(program, files.get(1).text(), 3));
  }

  @Test
  void sizesBeyondSixteenACallAreRoundedAlikeOnBothSides() throws IOException {
    // Sizes 1 to 5000 bytes: rounded to 16 classes. Peers and tags stay exact, each call takes
    // at most 16 sizes, and every message is received with the size it was sent with.
    Path d = NcptlRegionsTest.irregular(tmp);
    Benchmarks.Generated g = NcptlTargetTest.generate(NcptlTargetTest.compress(d), "b");
    String program = g.files().get(0).text();
    assertTrue(g.approximations().stream().anyMatch(a -> a.contains("rounded to 16 classes")),
        g.approximations().toString());
    List<List<String>> got = replayed(program, g.files().get(1).text(), 3);
    List<List<String>> want = expected(d, 3);
    Map<String, List<String>> sent = new HashMap<>();
    Map<String, List<String>> received = new HashMap<>();
    for (int r = 0; r < 3; r++) {
      assertEquals(want.get(r).size(), got.get(r).size());
      for (int i = 0; i < want.get(r).size(); i++) {
        String[] w = want.get(r).get(i).split(" ");
        String[] m = got.get(r).get(i).split(" ");
        assertEquals(List.of(w[0], w[1], w[3]), List.of(m[0], m[1], m[3]), "rank " + r);
        String pair = m[0].equals("send") ? r + ">" + m[1] : m[1] + ">" + r;
        (m[0].equals("send") ? sent : received).computeIfAbsent(pair, k -> new ArrayList<>())
            .add(m[2]);
      }
    }
    assertEquals(sent, received);
    Matcher sizes = Pattern.compile("a ([0-9]+) byte message").matcher(program);
    java.util.Set<String> distinct = new java.util.HashSet<>();
    while (sizes.find()) {
      distinct.add(sizes.group(1));
    }
    assertTrue(distinct.size() <= 16, distinct.toString());
  }

  @Test
  void theProgramGrowsWithKindsOfCallNotWithCalls() throws IOException {
    // Ten times the steps (random sizes, rounded): the same statements, ten times the rows.
    Path small = NcptlRegionsTest.irregular(tmp);
    Path large = Files.createDirectories(tmp.resolve("large"));
    IrregularTrace.write(large, 3, 7000, false, 18);
    List<GeneratedFile> a = NcptlTargetTest.generate(NcptlTargetTest.compress(small), "b")
        .files();
    List<GeneratedFile> b = NcptlTargetTest.generate(NcptlTargetTest.compress(large), "b")
        .files();
    long lines = a.get(0).text().lines().count();
    assertTrue(Math.abs(b.get(0).text().lines().count() - lines) <= 2, a.get(0).text());
    assertTrue(b.get(1).text().split("[ \n]").length > 9 * a.get(1).text().split("[ \n]").length);
  }

  /** Each rank's Send and Recv calls in its raw stream: "send PEER BYTES TAG". */
  private static List<List<String>> expected(Path dir, int ranks) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      List<String> mine = new ArrayList<>();
      for (String line : Files.readAllLines(dir.resolve("rank-" + r + ".trace"))) {
        Map<String, String> kv = new HashMap<>();
        for (String w : line.split(" ")) {
          int eq = w.indexOf('=');
          if (eq > 0) {
            kv.put(w.substring(0, eq), w.substring(eq + 1));
          }
        }
        if (line.startsWith("MPI_Send ")) {
          mine.add("send " + kv.get("dest") + " " + kv.get("count") + " " + kv.get("tag"));
        } else if (line.startsWith("MPI_Recv ")) {
          mine.add("receive " + kv.get("src") + " " + kv.get("count") + " " + kv.get("tag"));
        }
      }
      out.add(mine);
    }
    return out;
  }

  /**
   * What each task sends and receives when it runs the program's section: the data file's
   * steps in order (several a row), decoded by the layout its first line states ({@code 1000 *
   * stmt + 100 * caller + ...}), each running the messages of its statement's text.
   */
  private static List<List<String>> replayed(String program, String data, int ranks) {
    Map<Integer, List<String[]>> statements = new HashMap<>();
    Matcher leaf = LEAF.matcher(program);
    List<int[]> starts = new ArrayList<>();
    while (leaf.find()) {
      starts.add(new int[] {Integer.parseInt(leaf.group(1)), leaf.end()});
    }
    for (int i = 0; i < starts.size(); i++) {
      int end = i + 1 < starts.size() ? starts.get(i + 1)[1] : program.length();
      Matcher m = MESSAGE.matcher(program.substring(starts.get(i)[1], end));
      List<String[]> messages = new ArrayList<>();
      while (m.find()) {
        messages.add(new String[] {m.group(1).equals("sends") ? "send" : "receive", m.group(4),
            m.group(2), m.group(3) == null ? "0" : m.group(3)});
      }
      statements.put(starts.get(i)[0], messages);
    }
    List<String> lines = data.lines().toList();
    String layout = lines.get(0).substring(lines.get(0).indexOf(", each ") + 7);
    Map<String, Long> scales = new LinkedHashMap<>();
    for (String term : layout.split(" \\+ ")) {
      Matcher t = TERM.matcher(term);
      assertTrue(t.matches(), term);
      scales.put(t.group(2), t.group(1) == null ? 1 : Long.parseLong(t.group(1)));
    }
    List<List<String>> out = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      out.add(new ArrayList<>());
    }
    for (String step : String.join(" ", lines.subList(1, lines.size())).split(" ")) {
      long v = Long.parseLong(step);
      Map<String, Long> parts = new HashMap<>();
      long above = Long.MAX_VALUE;
      for (Map.Entry<String, Long> s : scales.entrySet()) {
        parts.put(s.getKey(), v / s.getValue() % (above / s.getValue()));
        above = s.getValue();
      }
      for (String[] m : statements.get(parts.get("stmt").intValue())) {
        String tag = m[3].matches("[0-9]+") ? m[3] : Long.toString(parts.get(m[3]));
        out.get(parts.get("caller").intValue()).add(m[0] + " " + parts.get(m[1]) + " " + m[2]
            + " " + tag);
      }
    }
    return out;
  }
}
