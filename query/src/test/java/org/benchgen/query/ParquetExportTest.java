package org.benchgen.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --format parquet} read back: by DuckDB ({@code read_parquet}) and by Apache
 * Parquet's own Java reader, independent of DuckDB, each file gives the rows of its view.
 */
class ParquetExportTest {
  @TempDir
  Path tmp;

  @Test
  void filesReadBackGiveTheViewsRows() throws Exception {
    Path dir = Path.of("..", "samples", "traces", "comm-split");
    TraceDirectory d = TraceDirectory.open(dir);
    CompressedTrace t = new TraceCompressor().compress(d, n -> { }).trace();
    TraceInput in = new TraceInput.Streams(d, t);
    ParquetExport.Result r = ParquetExport.write(in, tmp, (w, n) -> x -> { });
    assertEquals(ParquetExport.FILES.size(), r.files().size());
    try (TraceDatabase db = TraceDatabase.open(in, (w, n) -> x -> { });
        Connection reader = DriverManager.getConnection("jdbc:duckdb:")) {
      db.fillAll();
      for (String[] f : ParquetExport.FILES) {
        List<String> view = QueryAgainstStreamsTest.rows(db, "SELECT * FROM " + f[0]
            + " ORDER BY " + f[1]);
        assertFalse(view.isEmpty(), f[0]);
        Path file = tmp.resolve(f[0] + ".parquet");
        List<String> byDuckDb = new ArrayList<>();
        try (var s = reader.createStatement(); var rs = s.executeQuery("SELECT * FROM"
            + " read_parquet('" + file + "')")) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            StringBuilder b = new StringBuilder();
            for (int i = 1; i <= n; i++) {
              b.append(i == 1 ? "" : " ").append(rs.getString(i));
            }
            byDuckDb.add(b.toString());
          }
        }
        assertEquals(view, byDuckDb, f[0] + " read back by DuckDB");
        assertEquals(view, readWithParquet(file), f[0] + " read back by Apache Parquet");
      }
    }
  }

  /**
   * Every row of {@code file} as DuckDB prints a row (fields by spaces, NULL as "null", lists as
   * [a, b]), read with Apache Parquet's reader on a local file (no Hadoop file system).
   */
  private static List<String> readWithParquet(Path file) throws Exception {
    List<String> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration())
            .withCodecFactory(new SnappyCodecs()).build())) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      PageReadStore pages;
      while ((pages = r.readNextRowGroup()) != null) {
        RecordReader<Group> rows = new ColumnIOFactory().getColumnIO(schema)
            .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = 0; i < pages.getRowCount(); i++) {
          Group g = rows.read();
          StringBuilder b = new StringBuilder();
          for (int c = 0; c < schema.getFieldCount(); c++) {
            b.append(c == 0 ? "" : " ").append(value(g, c, schema.getType(c)));
          }
          out.add(b.toString());
        }
      }
    }
    return out;
  }

  private static String value(Group g, int c, Type t) {
    if (g.getFieldRepetitionCount(c) == 0) {
      return "null";
    }
    if (!t.isPrimitive()) {
      // A list: DuckDB writes LIST as group { repeated group list { element } }.
      Group list = g.getGroup(c, 0);
      List<String> xs = new ArrayList<>();
      for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
        Group item = list.getGroup(0, i);
        xs.add(item.getFieldRepetitionCount(0) == 0 ? "null" : item.getValueToString(0, 0));
      }
      return "[" + String.join(", ", xs) + "]";
    }
    return g.getValueToString(c, 0);
  }
}
