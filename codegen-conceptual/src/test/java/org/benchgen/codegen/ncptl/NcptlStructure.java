package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An independent check of the coNCePTuaL constructs the generator emits (GUIDE.md §5), written
 * from the language's rules, not from the generator: every word is one of the keywords we use or
 * one of our variables (so no trace text and no reserved word as a name), integers only, no
 * {@code .} inside braces and no THEN before a closing brace or a full stop, no task variable in
 * a message specification, both option names on the parameter, the rank-count assertion, FOR
 * EACH only where its variable is used.
 */
final class NcptlStructure {
  private NcptlStructure() {}

  /** The keywords our programs may use (all in coNCePTuaL 1.5's reserved list). */
  private static final Set<String> KEYWORDS = Set.of("require", "language", "version", "is",
      "and", "comes", "from", "or", "with", "default", "assert", "that", "all", "tasks", "task",
      "synchronize", "synchronizes", "then", "reset", "their", "counters", "for", "repetitions",
      "each", "in", "such", "compute", "computes", "microseconds", "send", "sends", "receive",
      "receives", "asynchronously", "a", "byte", "message", "using", "tag", "to", "unsuspecting",
      "await", "awaits", "completion", "multicast", "multicasts", "reduce", "reduces",
      "doublewords", "other", "mod", "if", "otherwise", "log", "as");

  /** Our variables and the predeclared ones we read. */
  private static final Pattern NAME = Pattern.compile(
      "t|u|i[0-9]+|compute_scale|num_tasks|elapsed_usecs|msgs_sent|bytes_sent|msgs_received"
          + "|bytes_received");

  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern STRING = Pattern.compile("\"[^\"]*\"");

  /** What is wrong with {@code program} for a run of {@code ranks} tasks (empty: nothing). */
  static List<String> problems(String program, int ranks) {
    List<String> out = new ArrayList<>();
    List<String> code = new ArrayList<>();
    for (String line : program.split("\n", -1)) {
      int hash = line.indexOf('#');
      code.add(hash >= 0 ? line.substring(0, hash) : line);
    }
    String all = String.join("\n", code);
    String noStrings = STRING.matcher(all).replaceAll("\"\"");
    for (String s : strings(all)) {
      if (!Set.of("\"1.5\"", "\"Compute time, in percent of the traced time\"",
          "\"--compute-scale\"", "\"-c\"", "\"this benchmark reproduces a run of " + ranks
              + " tasks\"", "\"elapsed (us)\"", "\"messages sent\"", "\"bytes sent\"",
          "\"messages received\"", "\"bytes received\"", "\"compute scale (%)\"").contains(s)) {
        out.add("unexpected string " + s);
      }
    }
    Matcher w = WORD.matcher(noStrings);
    while (w.find()) {
      String word = w.group();
      if (!KEYWORDS.contains(word.toLowerCase()) && !NAME.matcher(word).matches()) {
        out.add("unexpected word '" + word + "'");
      }
    }
    if (Pattern.compile("[0-9]\\.[0-9]|[0-9][eE][0-9]").matcher(noStrings).find()) {
      out.add("a number that is not an integer");
    }
    int depth = 0;
    String scan = noStrings.replace("...", "");
    for (int i = 0; i < scan.length(); i++) {
      char c = scan.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth < 0) {
          out.add("unbalanced }");
        }
      } else if (c == '.' && depth > 0) {
        out.add("'.' inside braces at offset " + i);
      }
    }
    if (depth != 0) {
      out.add("unbalanced braces");
    }
    String flat = noStrings.replaceAll("\\s+", " ");
    if (Pattern.compile("then \\}|then \\.|then$").matcher(flat.strip()).find()) {
      out.add("THEN before a closing brace or a full stop");
    }
    // The message specification (between the verb and TO/FROM) never names a task variable.
    Matcher m = Pattern.compile("(sends?|receives?|multicasts?) (a .*? byte message.*?) (to|from) ")
        .matcher(flat);
    while (m.find()) {
      if (Pattern.compile("\\b[tu]\\b").matcher(m.group(2)).find()) {
        out.add("task variable in a message: " + m.group(2));
      }
    }
    if (!flat.contains("compute_scale is \"\" and comes from \"\" or \"\" with default 100.")) {
      out.add("no --compute-scale/-c parameter");
    }
    if (!flat.contains("with num_tasks = " + ranks + ".")) {
      out.add("no assertion of " + ranks + " tasks");
    }
    Matcher each = Pattern.compile("for each (i[0-9]+) in \\{0, \\.\\.\\., [^}]*\\} \\{").matcher(flat);
    while (each.find()) {
      String body = flat.substring(each.end());
      if (!Pattern.compile("\\b" + each.group(1) + "\\b").matcher(body).find()) {
        out.add("FOR EACH " + each.group(1) + " whose variable is not used");
      }
    }
    return out;
  }

  private static List<String> strings(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = STRING.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
