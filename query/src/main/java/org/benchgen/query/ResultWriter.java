package org.benchgen.query;

import java.io.PrintWriter;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's result as text: an aligned table for people, CSV (RFC 4180, a header line) or JSON
 * (an array of objects, numbers as numbers, lists as arrays, SQL NULL as null) for programs.
 */
public final class ResultWriter {
  /** The formats of a result. */
  public enum Format { table, csv, json }

  private ResultWriter() {}

  /** Writes every row of {@code r} to {@code out}; returns how many. */
  public static long write(ResultSet r, Format f, PrintWriter out) throws SQLException {
    ResultSetMetaData m = r.getMetaData();
    int n = m.getColumnCount();
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      names.add(m.getColumnLabel(i));
    }
    return switch (f) {
      case table -> table(r, names, out);
      case csv -> csv(r, names, out);
      case json -> json(r, names, out);
    };
  }

  private static long table(ResultSet r, List<String> names, PrintWriter out)
      throws SQLException {
    List<String[]> rows = new ArrayList<>();
    int n = names.size();
    int[] width = new int[n];
    boolean[] numeric = new boolean[n];
    for (int i = 0; i < n; i++) {
      width[i] = names.get(i).length();
      numeric[i] = true;
    }
    while (r.next()) {
      String[] row = new String[n];
      for (int i = 0; i < n; i++) {
        Object v = r.getObject(i + 1);
        row[i] = v == null ? "NULL" : text(v);
        numeric[i] &= v == null || v instanceof Number;
        width[i] = Math.max(width[i], row[i].length());
      }
      rows.add(row);
    }
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < n; i++) {
      line.append(i == 0 ? "" : "  ").append(pad(names.get(i), width[i], numeric[i]));
    }
    out.println(line.toString().stripTrailing());
    line.setLength(0);
    for (int i = 0; i < n; i++) {
      line.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
    }
    out.println(line);
    for (String[] row : rows) {
      line.setLength(0);
      for (int i = 0; i < n; i++) {
        line.append(i == 0 ? "" : "  ").append(pad(row[i], width[i], numeric[i]));
      }
      out.println(line.toString().stripTrailing());
    }
    out.println("(" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"));
    return rows.size();
  }

  private static String pad(String s, int w, boolean right) {
    String fill = " ".repeat(w - s.length());
    return right ? fill + s : s + fill;
  }

  private static long csv(ResultSet r, List<String> names, PrintWriter out) throws SQLException {
    out.println(String.join(",", names.stream().map(ResultWriter::csvField).toList()));
    long rows = 0;
    while (r.next()) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < names.size(); i++) {
        Object v = r.getObject(i + 1);
        b.append(i == 0 ? "" : ",").append(v == null ? "" : csvField(text(v)));
      }
      out.println(b);
      rows++;
    }
    return rows;
  }

  private static String csvField(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0
        && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }

  private static long json(ResultSet r, List<String> names, PrintWriter out)
      throws SQLException {
    out.print("[");
    long rows = 0;
    while (r.next()) {
      out.print(rows == 0 ? "\n  {" : ",\n  {");
      for (int i = 0; i < names.size(); i++) {
        out.print((i == 0 ? "" : ", ") + jsonString(names.get(i)) + ": "
            + jsonValue(r.getObject(i + 1)));
      }
      out.print("}");
      rows++;
    }
    out.println(rows == 0 ? "]" : "\n]");
    return rows;
  }

  private static String jsonValue(Object v) throws SQLException {
    if (v == null) {
      return "null";
    }
    if (v instanceof Boolean) {
      return v.toString();
    }
    if (v instanceof Double d && (d.isNaN() || d.isInfinite())
        || v instanceof Float f && (f.isNaN() || f.isInfinite())) {
      return "null";
    }
    if (v instanceof Number) {
      return v.toString();
    }
    if (v instanceof Array a) {
      Object[] xs = (Object[]) a.getArray();
      List<String> parts = new ArrayList<>();
      for (Object x : xs) {
        parts.add(jsonValue(x));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    return jsonString(v.toString());
  }

  private static String text(Object v) throws SQLException {
    if (v instanceof Array a) {
      Object[] xs = (Object[]) a.getArray();
      List<String> parts = new ArrayList<>();
      for (Object x : xs) {
        parts.add(x == null ? "NULL" : text(x));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    return v.toString();
  }

  private static String jsonString(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
