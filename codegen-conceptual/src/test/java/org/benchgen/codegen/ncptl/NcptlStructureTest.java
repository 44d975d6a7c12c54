package org.benchgen.codegen.ncptl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The structural checker itself: it passes a good program and names what the rules forbid. */
class NcptlStructureTest {
  private static final String HEAD = "Require language version \"1.5\".\n"
      + "compute_scale is \"Compute time, in percent of the traced time\" and comes from"
      + " \"--compute-scale\" or \"-c\" with default 100.\n"
      + "Assert that \"this benchmark reproduces a run of 4 tasks\" with num_tasks = 4.\n";

  private static List<String> check(String body) {
    return NcptlStructure.problems(HEAD + body, 4);
  }

  @Test
  void aGoodProgramPasses() {
    assertEquals(List.of(), check("for 3 repetitions {\n  # a comment. with a dot\n"
        + "  all tasks t asynchronously send a 8 byte message to unsuspecting task (t + 1) mod"
        + " num_tasks then\n  all tasks await completion\n}.\n"));
  }

  /** Region {@code n}'s parameter with short option {@code o}. */
  private static String scale(int n, String o) {
    return "scale_L" + n + " is \"Compute time in loop region L" + n + ", in percent of the traced"
        + " time (-1: as the enclosing region)\" and comes from \"--scale-L" + n + "\" or \"-"
        + o + "\" with default -1.\n";
  }

  private static String bind(int n, int unless) {
    return "let compute_scale be (scale_L" + n + " if scale_L" + unless + " >= 0 otherwise"
        + " compute_scale) while\n";
  }

  private static final String REGION_BODY = "for 3 repetitions {\n  all tasks compute for"
      + " 5*compute_scale/100 microseconds\n}.\n";

  @Test
  void aProgramWithRegionsPasses() {
    assertEquals(List.of(), check(scale(1, "a") + scale(2, "b") + bind(1, 1) + REGION_BODY
        + bind(2, 2) + REGION_BODY));
  }

  @Test
  void everyRegionRuleCanFail() {
    assertTrue(check(scale(1, "a") + scale(2, "a") + bind(1, 1) + REGION_BODY + bind(2, 2)
        + REGION_BODY).contains("short option -a used twice"));
    assertTrue(check(scale(1, "c") + bind(1, 1) + REGION_BODY)
        .contains("short option -c used twice"));
    assertTrue(check(scale(1, "a") + bind(1, 2) + REGION_BODY).stream()
        .anyMatch(p -> p.startsWith("compute_scale bound to scale_L1 unless scale_L2")));
    assertTrue(check(scale(1, "a") + REGION_BODY)
        .contains("region parameters [1] but bindings []"));
    assertTrue(check(bind(1, 1) + REGION_BODY).contains("scale_L1 is not declared"));
    assertTrue(check(scale(1, "a") + bind(1, 1) + "all tasks compute for scale_L1"
        + " microseconds.\n").contains("scale_L1 appears 4 times, not once declared, twice"
            + " bound"));
    assertTrue(check(scale(1, "a").replace("--scale-L1", "--scale-L2") + bind(1, 1)
        + REGION_BODY).contains("parameter scale_L1 named for another region"));
  }

  @Test
  void everyRuleCanFail() {
    assertTrue(check("for 3 repetitions {\n  all tasks synchronize.\n}.\n").stream()
        .anyMatch(p -> p.startsWith("'.' inside braces")));
    assertTrue(check("for 3 repetitions {\n  all tasks synchronize then\n}.\n")
        .contains("THEN before a closing brace or a full stop"));
    assertTrue(check("all tasks t send a t byte message to unsuspecting task 0.\n").stream()
        .anyMatch(p -> p.startsWith("task variable in a message")));
    assertTrue(check("all tasks compute for 1.5 microseconds.\n")
        .contains("a number that is not an integer"));
    assertTrue(check("all tasks output \"x\".\n").contains("unexpected word 'output'"));
    assertTrue(check("for each i1 in {0, ..., 3} {\n  tasks t such that i1 >= 2 await completion"
        + "\n}.\n").stream().anyMatch(p -> p.startsWith("TASKS t SUCH THAT a condition")));
    assertTrue(check("for each i1 in {0, ..., 3} {\n  all tasks synchronize\n}.\n")
        .contains("FOR EACH i1 whose variable is not used"));
    assertTrue(NcptlStructure.problems(HEAD, 8).contains("no assertion of 8 tasks"));
    assertTrue(NcptlStructure.problems(HEAD.replace(" or \"-c\"", ""), 4)
        .contains("no --compute-scale/-c parameter"));
  }
}
