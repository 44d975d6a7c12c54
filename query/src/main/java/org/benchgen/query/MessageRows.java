package org.benchgen.query;

import java.sql.SQLException;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.resolve.MatchedMessages;
import org.duckdb.DuckDBAppender;

/**
 * Fills {@code bg_matched}, the pairs behind {@code messages}: the resolver's matching simulation
 * ({@link MatchedMessages}) run over the trace, each message appended once received. The calls
 * are named by rank and place, so that {@code messages} takes their times from {@code calls}, or
 * from the times appended here ({@link CallTimes}) where {@code calls} is not filled.
 */
final class MessageRows {
  private MessageRows() {}

  /** What the matching said, and how many messages it matched. */
  record Filled(MatchedMessages.Outcome outcome, long rows) {}

  /**
   * Appends every message of {@code trace}; with {@code times}, each with its sending call's
   * enter and completing call's exit, else with no times (NULL).
   */
  static Filled fill(CompressedTrace trace, CommIds ids, Optional<CallTimes> times,
      DuckDBAppender out) throws SQLException {
    long[] rows = new long[1];
    SQLException[] failure = new SQLException[1];
    MatchedMessages.Outcome o = MatchedMessages.run(trace, m -> {
      if (failure[0] != null) {
        return;
      }
      try {
        out.beginRow();
        out.append(m.src());
        out.append(m.dst());
        out.append(ids.of(m.comm()));
        out.append((int) m.tag());
        out.append(m.bytes());
        out.append(m.sendOp().mpiName());
        out.append(m.recvOp().mpiName());
        out.append(m.sendSeq());
        out.append(m.recvSeq());
        out.append(m.doneSeq());
        if (times.isPresent()) {
          out.append(times.get().enter(m.src(), m.sendSeq()));
          out.append(times.get().exit(m.dst(), m.doneSeq()));
        } else {
          out.appendNull();
          out.appendNull();
        }
        out.endRow();
        rows[0]++;
      } catch (SQLException e) {
        failure[0] = e;
      }
    });
    if (failure[0] != null) {
      throw failure[0];
    }
    return new Filled(o, rows[0]);
  }
}
