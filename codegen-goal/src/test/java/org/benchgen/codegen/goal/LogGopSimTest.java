package org.benchgen.codegen.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schedules in the real LogGOPSim, when {@code LOGGOPSIM} names the directory of its {@code
 * txt2bin} and {@code LogGOPSim} (docs/simulation.md says how to build them; they are not part of
 * this project): each parses, and simulates to the end, every receive matched and every message
 * received. Skipped, saying so, without it.
 */
class LogGopSimTest {
  private static final Pattern HOST = Pattern.compile("Host (\\d+): (\\d+)");

  @TempDir
  Path tmp;

  static List<String> traces() {
    return GoalScheduleTest.traces().toList();
  }

  private static String run(Path dir, String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), String.join(" ", cmd));
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("traces")
  void logGopSimRunsTheScheduleToTheEnd(String name) throws Exception {
    String home = System.getenv("LOGGOPSIM");
    assumeTrue(home != null && !home.isEmpty(), "LOGGOPSIM is not set: the schedules are not"
        + " run in LogGOPSim (GoalScheduleTest still checks them)");
    Path goal = tmp.resolve("s.goal");
    Files.writeString(goal, GoalScheduleTest.schedule(GoalScheduleTest.traceDir(name,
        tmp)));
    run(tmp, Path.of(home, "txt2bin").toString(), "-i", goal.toString(), "-o", "s.bin");
    String out = run(tmp, Path.of(home, "LogGOPSim").toString(), "-f", "s.bin");
    // A deadlock or an unmatched message leaves a queue and prints no finishing times.
    assertFalse(out.contains("queue on host"), out);
    Matcher m = HOST.matcher(out);
    int hosts = 0;
    while (m.find()) {
      hosts++;
      assertTrue(Long.parseLong(m.group(2)) > 0, out);
    }
    assertTrue(hosts > 0 || out.contains("Maximum finishing time"), out);
  }
}
