package org.benchgen.query;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * {@code benchgen query}: one statement on a trace. Its names are found first ({@link
 * StatementNames}), only their tables are filled, the database is locked down, and the statement
 * runs; its result is written in the format asked. DuckDB's errors are problems in the input,
 * reported with DuckDB's message and the views a statement can use.
 */
public final class TraceQuery {
  private TraceQuery() {}

  /** What a statement used and returned. */
  public record Outcome(long rows, List<Views.Name> used, List<TraceDatabase.Filled> filled,
      List<String> notes) {
    public Outcome {
      used = List.copyOf(used);
      filled = List.copyOf(filled);
      notes = List.copyOf(notes);
    }
  }

  /**
   * Runs {@code sql} on {@code input}, writing its result (or, with {@code explain}, the views it
   * used, the tables filled for it and DuckDB's plan) to {@code out}.
   */
  public static Outcome run(TraceInput input, String sql, ResultWriter.Format format,
      boolean explain, PrintWriter out, TraceDatabase.ProgressSink progress) throws IOException {
    try (TraceDatabase db = TraceDatabase.open(input, progress)) {
      try {
        StatementNames.Used statement = StatementNames.used(db.connection(), sql);
        List<Views.Name> used = statement.names();
        db.fill(used, statement.messageTimes());
        db.lockDown();
        long rows;
        if (explain) {
          rows = explain(db, sql, used, out);
        } else {
          try (Statement s = db.connection().createStatement();
              ResultSet r = s.executeQuery(sql)) {
            rows = ResultWriter.write(r, format, out);
          }
        }
        out.flush();
        return new Outcome(rows, used, db.filled(), db.notes());
      } catch (SQLException e) {
        throw new QueryProblem(e.getMessage().strip() + "\nviews of the trace (docs/query.md):"
            + db.describeViews());
      } catch (QueryProblem e) {
        if (e.getMessage().contains("docs/query.md, \"Limits\"")) {
          throw e;
        }
        throw new QueryProblem(e.getMessage() + "\nviews of the trace (docs/query.md):"
            + db.describeViews());
      }
    }
  }

  private static long explain(TraceDatabase db, String sql, List<Views.Name> used,
      PrintWriter out) throws SQLException {
    out.println("views used:" + (used.isEmpty() ? " none" : ""));
    for (Views.Name n : used) {
      out.println("  " + n.name() + ": " + n.about());
    }
    out.println("tables filled:" + (db.filled().isEmpty() ? " none" : ""));
    for (TraceDatabase.Filled f : db.filled()) {
      out.println(String.format(Locale.ROOT, "  %s: %d rows from %s, %.2f s",
          f.table().sqlName(), f.rows(), f.from(), f.nanos() / 1e9));
    }
    out.println("DuckDB's plan:");
    try (Statement s = db.connection().createStatement();
        ResultSet r = s.executeQuery("EXPLAIN " + sql)) {
      while (r.next()) {
        out.println(r.getString(2));
      }
    }
    return 0;
  }
}
