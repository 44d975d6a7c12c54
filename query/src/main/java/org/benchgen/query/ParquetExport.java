package org.benchgen.query;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code benchgen export --format parquet}: the views of a query written as Parquet files, one a
 * view ({@code calls.parquet}, ...), in a stable order, by DuckDB's {@code COPY ... (FORMAT
 * parquet)}, for pandas, Polars and Pipit. Macros are left out: they are SQL, not data.
 */
public final class ParquetExport {
  /** The views written, and the order of their rows. */
  static final List<String[]> FILES = List.of(
      new String[] {"calls", "rank, seq"},
      new String[] {"messages", "src, send_seq, dst, recv_seq"},
      new String[] {"collectives", "comm, instance"},
      new String[] {"compute", "rank, seq"},
      new String[] {"comms", "id"},
      new String[] {"fan", "rank"},
      new String[] {"comm_time", "rank"});

  private ParquetExport() {}

  /** A file written: its view and rows. */
  public record Written(String view, long rows) {}

  /** What the export wrote, and what the filling said beside it. */
  public record Result(List<Written> files, List<String> notes) {
    public Result {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
    }
  }

  /** Writes every view of {@code input} into {@code dir}, which exists and is empty. */
  public static Result write(TraceInput input, Path dir, TraceDatabase.ProgressSink progress)
      throws IOException {
    try (TraceDatabase db = TraceDatabase.open(input, progress)) {
      db.fillAll();
      List<Written> out = new ArrayList<>();
      try (Statement s = db.connection().createStatement()) {
        for (String[] f : FILES) {
          Path file = dir.resolve(f[0] + ".parquet");
          s.execute("COPY (SELECT * FROM " + f[0] + " ORDER BY " + f[1] + ") TO '"
              + file.toString().replace("'", "''") + "' (FORMAT parquet)");
          try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + f[0])) {
            r.next();
            out.add(new Written(f[0], r.getLong(1)));
          }
        }
      }
      return new Result(out, db.notes());
    } catch (SQLException e) {
      throw new IOException(dir + ": " + e.getMessage(), e);
    }
  }
}
