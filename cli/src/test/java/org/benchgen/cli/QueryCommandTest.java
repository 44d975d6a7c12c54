package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchgen query} and {@code export --format parquet} as a user runs them: formats, exit
 * codes and messages, the read-only guard, the limit, {@code --explain}. The numbers asserted are
 * the ring sample's, worked out by hand from its README: 4 ranks, each MPI_Init, 5 iterations of
 * Irecv, Isend and Waitall of 1,024 doubles (8,192 bytes), MPI_Finalize: 17 calls and 5 x 2 x
 * 8,192 = 81,920 bytes a rank, 20 messages.
 */
class QueryCommandTest {
  private static final String RING = "../samples/traces/ring";

  @TempDir
  Path tmp;

  @Test
  void perRankCallsAndBytesInEachFormat() {
    String sql = "SELECT rank, count(*) AS calls, sum(bytes) AS bytes FROM calls GROUP BY rank"
        + " ORDER BY rank";
    Cli.Result csv = Cli.run("query", RING, sql, "--format", "csv");
    assertEquals(0, csv.code(), csv.err());
    assertEquals("rank,calls,bytes\n0,17,81920\n1,17,81920\n2,17,81920\n3,17,81920\n",
        csv.out());
    Cli.Result json = Cli.run("query", RING, sql, "--format", "json");
    assertEquals(0, json.code(), json.err());
    assertTrue(json.out().contains("{\"rank\": 3, \"calls\": 17, \"bytes\": 81920}"),
        json.out());
    Cli.Result table = Cli.run("query", RING + "/", sql);
    assertEquals(0, table.code(), table.err());
    assertTrue(table.out().contains("(4 rows)"), table.out());
    Cli.Result msgs = Cli.run("query", RING, "SELECT count(*), sum(bytes) FROM messages",
        "--format", "csv");
    assertEquals("count_star(),sum(bytes)\n20,163840\n", msgs.out(), msgs.err());
    // Subqueries are one statement (they were once counted as several).
    Cli.Result sub = Cli.run("query", RING, "SELECT count(*) FROM calls WHERE bytes ="
        + " (SELECT max(bytes) FROM calls) AND rank IN (SELECT rank FROM members(0))",
        "--format", "csv");
    assertEquals("count_star()\n40\n", sub.out(), sub.err());
  }

  @Test
  void aCompressedTraceAnswersAsItsDirectory() {
    Path bgc = tmp.resolve("ring.bgc");
    assertEquals(0, Cli.run("compress", RING, "-o", bgc.toString()).code());
    String sql = "SELECT rank, op, count(*), sum(bytes) FROM calls GROUP BY ALL ORDER BY ALL";
    Cli.Result a = Cli.run("query", RING, sql, "--format", "csv");
    Cli.Result b = Cli.run("query", bgc.toString(), sql, "--format", "csv");
    assertEquals(0, b.code(), b.err());
    assertEquals(a.out(), b.out());
  }

  @Test
  void badSqlAndUnknownColumnsExit1WithDuckDbsMessageAndTheViews() {
    Cli.Result r = Cli.run("query", RING, "SELECT nosuch FROM calls");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("Referenced column \"nosuch\" not found"), r.err());
    assertTrue(r.err().contains("messages (src, dst, comm, tag, bytes"), r.err());
    Cli.Result s = Cli.run("query", RING, "SELEC 1");
    assertEquals(1, s.code());
    assertTrue(s.err().contains("syntax error"), s.err());
    assertTrue(s.err().contains("calls (rank, thread, seq, op"), s.err());
    assertFalse(s.err().contains("Exception"), s.err());
  }

  @Test
  void aQueryCannotWriteOrReadFiles() throws Exception {
    Path out = tmp.resolve("leak.csv");
    for (String sql : List.of("COPY calls TO '" + out + "'", "ATTACH '" + tmp.resolve("x.db")
        + "'", "INSTALL httpfs", "CREATE TABLE t AS SELECT 1", "SET enable_external_access ="
        + " true", "SELECT 1; COPY calls TO '" + out + "'")) {
      Cli.Result r = Cli.run("query", RING, sql);
      assertEquals(1, r.code(), sql + ": " + r.out());
    }
    Cli.Result read = Cli.run("query", RING, "SELECT * FROM read_csv('" + RING
        + "/rank-0.trace')");
    assertEquals(1, read.code());
    assertTrue(read.err().contains("disabled by configuration"), read.err());
    try (Stream<Path> s = Files.list(tmp)) {
      assertEquals(0, s.count(), "nothing written");
    }
  }

  @Test
  void aTraceOverTheLimitIsRefusedBeforeExpanding() {
    String old = System.getProperty("benchgen.query.calls");
    System.setProperty("benchgen.query.calls", "60");
    try {
      Cli.Result r = Cli.run("query", RING, "SELECT count(*) FROM calls");
      assertEquals(1, r.code());
      assertTrue(r.err().contains("expands into up to 68 calls, over the query limit of 60 "),
          r.err());
      // A query that needs no call is not refused.
      assertEquals(0, Cli.run("query", RING, "SELECT 42").code());
    } finally {
      if (old == null) {
        System.clearProperty("benchgen.query.calls");
      } else {
        System.setProperty("benchgen.query.calls", old);
      }
    }
  }

  @Test
  void explainNamesTheViewsAndTheTablesFilled() {
    Cli.Result r = Cli.run("query", RING, "SELECT * FROM fan", "--explain");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("  fan: MTF's fan-in and fan-out"), r.out());
    assertTrue(r.out().contains("  calls: 68 rows from the per-rank streams"), r.out());
    assertTrue(r.out().contains("  bg_matched: 20 rows from the resolver's matching"), r.out());
    assertFalse(r.out().contains("bg_comms"), r.out());
  }

  @Test
  void exportWritesParquetFilesWholeOrNotAtAll() throws Exception {
    Path dir = tmp.resolve("pq");
    Cli.Result r = Cli.run("export", "--format", "parquet", RING, "-o", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("calls.parquet  68 rows"), r.out());
    assertTrue(r.out().contains("messages.parquet  20 rows"), r.out());
    assertTrue(Files.size(dir.resolve("calls.parquet")) > 0);
    Cli.Result again = Cli.run("export", "--format", "parquet", RING, "-o", dir.toString());
    assertEquals(1, again.code(), "an existing output is refused");
  }
}
