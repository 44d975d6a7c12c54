package org.benchgen.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.benchgen.query.ResultWriter;
import org.benchgen.query.TraceQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code benchgen query TRACE 'SQL'}. */
@Command(name = "query", mixinStandardHelpOptions = true,
    description = {"Runs one SQL query (DuckDB's dialect) on a trace's views: calls, messages,"
        + " collectives, compute, comms; MTF's p2p, fan and comm_time, and the macros"
        + " members(c) and in_comm(r, c). Only the tables the query needs are filled; a query"
        + " cannot write or read files (docs/query.md).",
        "Example: benchgen query samples/traces/ring 'SELECT rank, count(*) AS calls,"
            + " sum(bytes) AS bytes FROM calls GROUP BY rank ORDER BY rank'", ""})
final class QueryCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TRACE", description = "a compressed trace (.bgc), a"
      + " trace directory (its per-rank streams or its trace.bgc), or an OTF2 archive's anchor"
      + " file (.otf2), imported first")
  Path trace;

  @Parameters(index = "1", paramLabel = "SQL", description = "one query: SELECT, WITH,"
      + " DESCRIBE, SUMMARIZE, ...")
  String sql;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table (default), csv or json")
  ResultWriter.Format format;

  @Option(names = "--explain", description = "instead of the result: the views the query uses,"
      + " the tables filled for it (rows, source, time) and DuckDB's plan")
  boolean explain;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    try (QueryInputs in = QueryInputs.open(trace, err)) {
      TraceQuery.Outcome o = TraceQuery.run(in.input(), sql, format, explain,
          spec.commandLine().getOut(), QueryInputs.progress(err));
      o.notes().forEach(n -> err.println("benchgen: note: " + n));
      err.flush();
    }
    return 0;
  }
}
