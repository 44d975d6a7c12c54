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
 * EACH and LET only where their variables are used; region parameters declared once each with a
 * long option of their name and a short one (one lowercase letter or digit, none twice, as the
 * compiler wants), default -1, and each bound as {@code compute_scale} only by the LET of its own
 * region.
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
      "doublewords", "other", "mod", "if", "otherwise", "log", "as", "let", "be", "while", "max",
      "static_file_data");

  /** Our variables and the predeclared ones we read. */
  private static final Pattern NAME = Pattern.compile(
      "t|u|i[0-9]+|[xk][0-9]+(_[0-9]+)?|sz|tg|peer|compute_scale|scale_L[1-9][0-9]*|num_tasks"
          + "|s|row|stmt|caller|peer2|tg2" // an irregular section's steps (DataSections)
          + "|elapsed_usecs|msgs_sent|bytes_sent|msgs_received|bytes_received");

  /** A region's parameter: its name, description, long and short options. */
  private static final Pattern SCALE = Pattern.compile("scale_L([0-9]+) is \"Compute time in"
      + " loop region L([0-9]+), in percent of the traced time \\(-1: as the enclosing"
      + " region\\)\" and comes from \"--scale-L([0-9]+)\" or \"-([a-z0-9])\" with default -1\\.");

  /** Where {@code compute_scale} is bound to a region's parameter. */
  private static final Pattern BINDING = Pattern.compile("let compute_scale be \\(scale_L([0-9]+)"
      + " if scale_L([0-9]+) >= 0 otherwise compute_scale\\) while (for|\\{)");

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
    List<String> declared = new ArrayList<>();
    Set<String> shortOptions = new java.util.HashSet<>(Set.of("c"));
    Matcher sc = SCALE.matcher(all);
    while (sc.find()) {
      if (!sc.group(1).equals(sc.group(2)) || !sc.group(1).equals(sc.group(3))) {
        out.add("parameter scale_L" + sc.group(1) + " named for another region");
      }
      if (declared.contains(sc.group(1))) {
        out.add("parameter scale_L" + sc.group(1) + " declared twice");
      }
      if (!shortOptions.add(sc.group(4))) {
        out.add("short option -" + sc.group(4) + " used twice");
      }
      declared.add(sc.group(1));
    }
    for (String s : strings(all)) {
      if (s.matches("\"(--scale-L[0-9]+|-[a-z0-9]|Compute time in loop region L[0-9]+, in"
          + " percent of the traced time \\(-1: as the enclosing region\\))\"")
          || s.matches("\"[A-Za-z_][A-Za-z0-9_]*-L[0-9]+\\.dat\"")) {
        continue;
      }
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
    List<String> bound = new ArrayList<>();
    Matcher b = BINDING.matcher(flat);
    while (b.find()) {
      if (!b.group(1).equals(b.group(2))) {
        out.add("compute_scale bound to scale_L" + b.group(1) + " unless scale_L" + b.group(2));
      }
      bound.add(b.group(1));
    }
    if (!bound.equals(declared)) {
      out.add("region parameters " + declared + " but bindings " + bound);
    }
    for (String n : declared) {
      // Once declared, twice in its binding, nowhere else.
      Matcher use = Pattern.compile("\\bscale_L" + n + "\\b").matcher(noStrings);
      int uses = 0;
      while (use.find()) {
        uses++;
      }
      if (uses != 3) {
        out.add("scale_L" + n + " appears " + uses + " times, not once declared, twice bound");
      }
    }
    Matcher any = Pattern.compile("\\bscale_L([0-9]+)\\b").matcher(noStrings);
    while (any.find()) {
      if (!declared.contains(any.group(1))) {
        out.add("scale_L" + any.group(1) + " is not declared");
      }
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
    Matcher such = Pattern.compile("tasks ([tu]) such that (.*?) (compute|send|receive|await"
        + "|synchronize|multicast|reduce|output|asynchronously)").matcher(flat);
    while (such.find()) {
      if (!Pattern.compile("\\b" + such.group(1) + "\\b").matcher(such.group(2)).find()) {
        out.add("TASKS " + such.group(1) + " SUCH THAT a condition without it: " + such.group(2));
      }
    }
    Matcher let = Pattern.compile("(?:let|and) ([a-z][a-z0-9_]*) be ").matcher(flat);
    while (let.find()) {
      String rest = flat.substring(let.end());
      if (!Pattern.compile("\\b" + let.group(1) + "\\b").matcher(rest).find()) {
        out.add("LET " + let.group(1) + " whose variable is not used");
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
