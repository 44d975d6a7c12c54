package org.benchgen.query;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user's statement is, by DuckDB's own parser ({@code json_serialize_sql}): exactly one
 * query (a SELECT, or what DuckDB reads as one: DESCRIBE, SUMMARIZE, SHOW, a VALUES list), and
 * the views and macros of {@link Views} it names, so that only their tables are filled (and
 * whether it may read the times of messages). Anything else (COPY, ATTACH, INSTALL, CREATE, SET,
 * PRAGMA, two statements) is refused before it runs: the first of the two guards that keep a
 * query from writing (docs/query.md, "Read-only").
 */
final class StatementNames {
  private static final Pattern TABLE = Pattern.compile("\"table_name\":\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern FUNCTION =
      Pattern.compile("\"function_name\":\"((?:[^\"\\\\]|\\\\.)*)\"");

  private static final Pattern COLUMN_NAMES =
      Pattern.compile("\"column_names\":\\[((?:\"(?:[^\"\\\\]|\\\\.)*\",?)*)\\]");
  private static final Pattern LAST_NAME = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"$");
  /** What only messages' times give: the statement then needs calls. */
  private static final List<String> TIMES = List.of("t_send", "t_recv");

  private StatementNames() {}

  /**
   * What a statement uses: the names of {@link Views}, and whether it may read the times of
   * {@code messages} (which join {@code calls}).
   */
  record Used(List<Views.Name> names, boolean messageTimes) {
    Used {
      names = List.copyOf(names);
    }
  }

  /** What {@code sql}, one query, uses; refused otherwise. */
  static Used used(Connection c, String sql) throws SQLException {
    String json;
    try (PreparedStatement p = c.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
      p.setString(1, sql);
      try (ResultSet r = p.executeQuery()) {
        r.next();
        json = r.getString(1);
      }
    }
    if (json.startsWith("{\"error\":true")) {
      Matcher m = Pattern.compile("\"error_message\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
      String why = m.find() ? unescape(m.group(1)) : json;
      if (why.startsWith("Only SELECT statements")) {
        throw new QueryProblem("only a query can run on a trace (SELECT, WITH, DESCRIBE,"
            + " SUMMARIZE, ...): the trace is read-only, and export writes files"
            + " (docs/query.md, \"Read-only\")");
      }
      throw new QueryProblem(why);
    }
    long statements = statements(json);
    if (statements != 1) {
      throw new QueryProblem("one statement at a time: this holds " + statements);
    }
    Set<String> found = new LinkedHashSet<>();
    for (Pattern p : List.of(TABLE, FUNCTION)) {
      Matcher m = p.matcher(json);
      while (m.find()) {
        found.add(unescape(m.group(1)));
      }
    }
    List<Views.Name> names = new ArrayList<>();
    for (String f : found) {
      Views.named(f).ifPresent(names::add);
    }
    return new Used(names, mayReadTimes(json, knownColumns(c)));
  }

  /**
   * Whether a statement, serialized as {@code json}, may read {@code messages.t_send} or {@code
   * t_recv}. No, only where nothing could reach them unnamed: the words appear nowhere (not as a
   * column, alias or string), no {@code *} or {@code COLUMNS(...)}, no column by position, no
   * natural join, no sample, and every column it names is a column of a view other than the
   * times (a name that is not one, a whole row such as {@code SELECT messages FROM messages}, a
   * lambda's parameter, counts as reading them). Erring towards yes only costs filling calls.
   */
  static boolean mayReadTimes(String json, Set<String> known) {
    String lower = json.toLowerCase(java.util.Locale.ROOT);
    if (TIMES.stream().anyMatch(lower::contains) || lower.contains("\"class\":\"star\"")
        || lower.contains("positional_reference") || lower.contains("natural")
        || lower.contains("\"sample\":{") || lower.contains("show_ref")) {
      return true;
    }
    Matcher m = COLUMN_NAMES.matcher(json);
    while (m.find()) {
      Matcher last = LAST_NAME.matcher(m.group(1));
      if (!last.find() || !known.contains(unescape(last.group(1)).toLowerCase(
          java.util.Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** The columns of the views and tables, but messages' times, in lower case. */
  private static Set<String> knownColumns(Connection c) throws SQLException {
    Set<String> known = new java.util.HashSet<>();
    try (PreparedStatement p = c.prepareStatement(
        "SELECT DISTINCT lower(column_name) FROM information_schema.columns");
        ResultSet r = p.executeQuery()) {
      while (r.next()) {
        known.add(r.getString(1));
      }
    }
    known.removeAll(TIMES);
    return known;
  }

  /** The elements of the serialized {@code "statements"} array: objects at its top level. */
  private static long statements(String json) {
    int at = json.indexOf("\"statements\":[");
    if (at < 0) {
      return 0;
    }
    long n = 0;
    int depth = 0;
    boolean inString = false;
    for (int i = at + "\"statements\":[".length(); i < json.length(); i++) {
      char c = json.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        if (depth == 0 && c == '{') {
          n++;
        }
        depth++;
      } else if (c == '}' || c == ']') {
        if (depth == 0) {
          break; // the array's end
        }
        depth--;
      }
    }
    return n;
  }

  private static String unescape(String s) {
    return s.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\");
  }
}
