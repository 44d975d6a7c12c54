package org.benchgen.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.benchgen.resolve.MatchedMessages;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * A trace as an in-memory DuckDB database: the tables of {@link Views} created empty with their
 * views and macros, and filled from the trace only as statements need them (a query that reads
 * {@code comms} alone expands no call). DuckDB spills to a temporary directory of its own, removed
 * on close, and holds its tables compressed in memory. {@link #lockDown} then keeps every later
 * statement off the file system.
 */
public final class TraceDatabase implements AutoCloseable {
  /**
   * The Java property that caps DuckDB's memory (DuckDB's {@code memory_limit}, e.g. {@code
   * 1GB}); by default DuckDB's own, 80 % of the machine's memory.
   */
  public static final String MEMORY_PROPERTY = "benchgen.query.memory";

  /** Progress of long work: what is done, out of how many ranks. */
  public interface ProgressSink {
    IntConsumer of(String what, int ranks);
  }

  /** A table filled: how many rows, in how long, and from what. */
  public record Filled(Views.Table table, long rows, long nanos, String from) {}

  private final TraceInput input;
  private final DuckDBConnection connection;
  private final Path spill;
  private final ProgressSink progress;
  private final Map<Views.Table, Filled> filled = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  /** Filled with calls, read by the tables made from the compressed trace. */
  private final CommIds ids = new CommIds();
  /**
   * Where {@code messages} takes its times: joined to {@code calls}, from {@code bg_matched}'s
   * own (a compressed trace's, without calls), or nowhere (a statement that reads none).
   */
  private enum MessageTimes { JOINED, OWN, NONE }

  /** The {@code messages} view as it is made now. */
  private MessageTimes messagesMade = MessageTimes.JOINED;
  /** Whether {@code bg_matched} was filled with its own times. */
  private boolean matchedTimes;

  private TraceDatabase(TraceInput input, DuckDBConnection connection, Path spill,
      ProgressSink progress) {
    this.input = input;
    this.connection = connection;
    this.spill = spill;
    this.progress = progress;
  }

  /** An in-memory database for {@code input}, its tables empty. */
  public static TraceDatabase open(TraceInput input, ProgressSink progress) throws IOException {
    Path spill = Files.createTempDirectory("benchgen-query");
    try {
      DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
      TraceDatabase db = new TraceDatabase(input, c, spill, progress);
      try (Statement s = c.createStatement()) {
        s.execute("SET temp_directory = '" + spill.toString().replace("'", "''") + "'");
        // Compressed in memory as on disk (runs, dictionaries, bit packing): the calls of a
        // regular code compress well, and 10^7 of them then fit in 2 GB (docs/query.md).
        String memory = System.getProperty(MEMORY_PROPERTY, "");
        if (!memory.isBlank()) {
          // DuckDB's own memory, outside the Java heap; past it DuckDB spills (docs/query.md).
          s.execute("SET memory_limit = '" + memory.strip().replace("'", "''") + "'");
        }
        s.execute("ATTACH ':memory:' AS trace (COMPRESS)");
        s.execute("USE trace");
        for (String sql : Views.TABLES) {
          s.execute(sql);
        }
        for (String sql : Views.VIEWS) {
          s.execute(sql);
        }
      }
      return db;
    } catch (SQLException e) {
      deleteTree(spill);
      throw new IllegalStateException("DuckDB could not be set up: " + e.getMessage(), e);
    }
  }

  /** The connection, for statements. */
  public Connection connection() {
    return connection;
  }

  /** The tables filled so far. */
  public List<Filled> filled() {
    return List.copyOf(filled.values());
  }

  /** What the filling said beside its rows (a matching that stopped early, ...). */
  public List<String> notes() {
    return List.copyOf(notes);
  }

  /** Fills every table {@code names} need that is still empty. */
  public void fill(List<Views.Name> names) throws IOException, SQLException {
    fill(names, true);
  }

  /**
   * Fills every table {@code names} need that is still empty. On a compressed trace {@code
   * messages} needs no {@code calls} (docs/query.md, "Limits"): with {@code messageTimes} (the
   * statement may read its times) {@code bg_matched} is filled with them from the same expansion
   * ({@link CallTimes}), else without; a directory's calls are always filled, for its times and
   * its communicator ids (CommIds).
   */
  public void fill(List<Views.Name> names, boolean messageTimes)
      throws IOException, SQLException {
    Set<Views.Table> need = Views.tables(names, filled.containsKey(Views.Table.CALLS)
        || input instanceof TraceInput.Streams);
    MessageTimes mode = need.contains(Views.Table.CALLS) || !need.contains(Views.Table.MATCHED)
        ? MessageTimes.JOINED : messageTimes ? MessageTimes.OWN : MessageTimes.NONE;
    if (mode == MessageTimes.OWN && filled.containsKey(Views.Table.MATCHED) && !matchedTimes) {
      // Filled without times by an earlier statement: filled again, with them.
      try (Statement s = connection.createStatement()) {
        s.execute("DELETE FROM bg_matched");
      }
      filled.remove(Views.Table.MATCHED);
    }
    if (mode != messagesMade) {
      try (Statement s = connection.createStatement()) {
        s.execute(switch (mode) {
          case JOINED -> Views.MESSAGES_VIEW;
          case OWN -> Views.MESSAGES_WITH_OWN_TIMES;
          case NONE -> Views.MESSAGES_WITHOUT_TIMES;
        });
      }
      messagesMade = mode;
    }
    if (need.contains(Views.Table.CALLS) || need.contains(Views.Table.MATCHED)) {
      CallLimit.check(input.trace(), input.name());
    }
    // In the enum's order: calls first, which also learns the streams' communicator ids.
    for (Views.Table t : need) {
      if (!filled.containsKey(t)) {
        long start = System.nanoTime();
        Filled f = switch (t) {
          case CALLS -> fillCalls(start);
          case MATCHED -> fillMessages(start, mode == MessageTimes.OWN);
          case COMMS -> new Filled(t, CommRows.fill(input.trace(), ids, connection),
              System.nanoTime() - start, "the trace's communicator definitions");
        };
        filled.put(t, f);
      }
    }
  }

  /** Fills every table: what export writes. */
  public void fillAll() throws IOException, SQLException {
    fill(Views.NAMES);
  }

  private Filled fillCalls(long start) throws IOException, SQLException {
    long rows;
    try (DuckDBAppender a = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "calls")) {
      rows = new CallRows(input, ids).fill(a, progress.of("loading calls",
          input.trace().worldSize()));
    }
    String from = input instanceof TraceInput.Streams ? "the per-rank streams (traced times)"
        : "the compressed trace, expanded (times: the histograms' means)";
    return new Filled(Views.Table.CALLS, rows, System.nanoTime() - start, from);
  }

  private Filled fillMessages(long start, boolean withTimes) throws SQLException {
    MessageRows.Filled m;
    // The times first: the expansion's arrays, kept only while the messages are appended.
    Optional<CallTimes> times = withTimes ? Optional.of(CallTimes.of(input.trace()))
        : Optional.empty();
    try (DuckDBAppender a = connection.createAppender(DuckDBConnection.DEFAULT_SCHEMA,
        "bg_matched")) {
      m = MessageRows.fill(input.trace(), ids, times, a);
    }
    matchedTimes = withTimes;
    if (m.outcome() instanceof MatchedMessages.Stopped s) {
      notes.add("the matching stopped early, so messages holds only what ran: " + s.why());
    } else if (m.outcome() instanceof MatchedMessages.NotRun n) {
      notes.add("messages is empty: " + n.why());
    }
    return new Filled(Views.Table.MATCHED, m.rows(), System.nanoTime() - start,
        "the resolver's matching simulation" + (withTimes
            ? ", times from the compressed trace expanded (not kept as calls)" : ""));
  }

  /**
   * Keeps every later statement off the file system (DuckDB's {@code enable_external_access}),
   * and the setting itself locked: the second guard of "Read-only" (docs/query.md).
   */
  public void lockDown() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("SET enable_external_access = false");
      s.execute("SET lock_configuration = true");
    }
  }

  /** The views and macros with their columns, for messages that say what a statement can use. */
  public String describeViews() {
    StringBuilder b = new StringBuilder();
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SELECT table_name, string_agg(column_name, ', ' ORDER BY"
            + " ordinal_position) FROM information_schema.columns GROUP BY table_name")) {
      Map<String, String> cols = new LinkedHashMap<>();
      while (r.next()) {
        cols.put(r.getString(1), r.getString(2));
      }
      for (String v : Views.documented()) {
        if (cols.containsKey(v)) {
          b.append("\n  ").append(v).append(" (").append(cols.get(v)).append(')');
        } else {
          Views.named(v).ifPresent(n -> b.append("\n  ").append(n.about()));
        }
      }
    } catch (SQLException e) {
      return " (" + String.join(", ", Views.documented()) + ")";
    }
    return b.toString();
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // closing an in-memory database loses nothing
    } finally {
      deleteTree(spill);
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // a temporary directory left behind is not worth failing the query for
    }
  }
}
