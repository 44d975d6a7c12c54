package org.benchgen.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.benchgen.ir.format.HandWrittenTrace;
import org.junit.jupiter.api.Test;

class StatsReportTest {
  private static String render(BiConsumer<TraceStats, PrintWriter> format, TraceStats s) {
    StringWriter out = new StringWriter();
    try (PrintWriter w = new PrintWriter(out)) {
      format.accept(s, w);
    }
    return out.toString();
  }

  private static Map<String, Object> row(long rank, String op, long calls, long bytes) {
    return Map.of("rank", rank, "op", op, "calls", calls, "bytes", bytes);
  }

  @Test
  void csvIsTheHeaderThenARowPerRankAndCall() {
    // SendRecvTrace's calls: each rank's Init and Finalize, rank 0's two sends of 12 bytes,
    // rank 1's two receives of 12 bytes; in call-table order (Init, Finalize, Send, ..., Recv).
    assertEquals(List.of("rank,op,calls,bytes", "0,MPI_Init,1,0", "0,MPI_Finalize,1,0",
        "0,MPI_Send,2,24", "1,MPI_Init,1,0", "1,MPI_Finalize,1,0", "1,MPI_Recv,2,24"),
        render(StatsReport::csv, SendRecvTrace.stats()).lines().toList());
  }

  @Test
  void jsonParsesWithRowsTimesAndTheSentMatrix() {
    Object json = Json.parse(render(StatsReport::json, SendRecvTrace.stats()));
    // Times from SendRecvTrace's table.
    assertEquals(Map.of(
        "ranks", 2L,
        "rows", List.of(row(0, "MPI_Init", 1, 0), row(0, "MPI_Finalize", 1, 0),
            row(0, "MPI_Send", 2, 24), row(1, "MPI_Init", 1, 0), row(1, "MPI_Finalize", 1, 0),
            row(1, "MPI_Recv", 2, 24)),
        "time", List.of(
            Map.of("rank", 0L, "events", 4L, "compute_ns", 250L, "mpi_ns", 90L, "run_ns", 290L),
            Map.of("rank", 1L, "events", 4L, "compute_ns", 250L, "mpi_ns", 110L,
                "run_ns", 310L)),
        "sent", List.of(Map.of("from", 0L, "to", 1L, "bytes", 24L))), json);
  }

  @Test
  void waitsAddCsvColumnsAndAJsonObjectWithTheirBasis() {
    WaitTimes.Builder b = new WaitTimes.Builder(WaitTimes.Basis.SUMMARIES, 2);
    b.lateSender(1, org.benchgen.trace.Op.RECV, 70);
    b.collectiveWait(0, org.benchgen.trace.Op.FINALIZE, 5);
    b.collectiveWait(0, org.benchgen.trace.Op.FINALIZE, 0);
    WaitTimes w = b.build("stops early");
    TraceStats s = SendRecvTrace.stats();
    assertEquals(List.of("rank,op,calls,bytes,late_sender_ns,collective_wait_ns",
        "0,MPI_Init,1,0,0,0", "0,MPI_Finalize,1,0,0,5", "0,MPI_Send,2,24,0,0",
        "1,MPI_Init,1,0,0,0", "1,MPI_Finalize,1,0,0,0", "1,MPI_Recv,2,24,70,0"),
        render((x, out) -> StatsReport.csv(x, java.util.Optional.of(w), out), s).lines()
            .toList());
    Object json = Json.parse(render((x, out) -> StatsReport.json(x, java.util.Optional.of(w),
        out), s));
    assertEquals(Map.of("basis", "summaries", "incomplete", "stops early", "rows",
        List.of(Map.of("rank", 0L, "op", "MPI_Finalize", "late_sender_ns", 0L,
            "collective_wait_ns", 5L), Map.of("rank", 1L, "op", "MPI_Recv", "late_sender_ns",
            70L, "collective_wait_ns", 0L))), ((Map<?, ?>) json).get("waits"));
  }

  @Test
  void jsonStringsEscapeQuotesBackslashesAndControlCharacters() {
    assertEquals("\"a\\\"b\\\\c\\u000ad\"", StatsReport.jsonString("a\"b\\c\nd"));
  }

  @Test
  void jsonWithoutPointToPointTrafficHasAnEmptySentList() {
    // One rank, one barrier of 5 ns: no compute before it, the run is the barrier.
    TraceStats s = TraceStats.of(HandWrittenTrace.read("benchgen-compressed 1", "world 1",
        "MPI_Barrier site=b.c:1 comm=0",
        "    duration n=1 min=5 max=5 mean=5.0 sd=0.0 bins=3:1"), r -> {});
    assertEquals(Map.of("ranks", 1L, "rows", List.of(row(0, "MPI_Barrier", 1, 0)),
        "time", List.of(Map.of("rank", 0L, "events", 1L, "compute_ns", 0L, "mpi_ns", 5L,
            "run_ns", 5L)),
        "sent", List.of()), Json.parse(render(StatsReport::json, s)));
  }

  /**
   * Just enough JSON for these tests (objects, arrays, strings without escapes, integers), strict:
   * anything else, a trailing comma or text after the value is an error.
   */
  private static final class Json {
    private final String s;
    private int pos;

    private Json(String s) {
      this.s = s;
    }

    static Object parse(String text) {
      Json p = new Json(text);
      Object v = p.value();
      p.skipSpace();
      if (p.pos != text.length()) {
        throw p.error("text after the value");
      }
      return v;
    }

    private Object value() {
      skipSpace();
      char c = peek();
      if (c == '{') {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        if (!next('}')) {
          do {
            skipSpace();
            String key = string();
            expect(':');
            if (m.put(key, value()) != null) {
              throw error("duplicate key " + key);
            }
          } while (next(','));
          expect('}');
        }
        return m;
      }
      if (c == '[') {
        List<Object> l = new ArrayList<>();
        pos++;
        if (!next(']')) {
          do {
            l.add(value());
          } while (next(','));
          expect(']');
        }
        return l;
      }
      if (c == '"') {
        return string();
      }
      int start = pos;
      if (c == '-') {
        pos++;
      }
      while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        pos++;
      }
      if (pos == start || s.charAt(pos - 1) == '-') {
        throw error("a value");
      }
      return Long.parseLong(s.substring(start, pos));
    }

    private String string() {
      if (peek() != '"') {
        throw error("a string");
      }
      int end = s.indexOf('"', pos + 1);
      if (end < 0 || s.substring(pos + 1, end).contains("\\")) {
        throw error("a string without escapes");
      }
      String v = s.substring(pos + 1, end);
      pos = end + 1;
      return v;
    }

    private boolean next(char c) {
      skipSpace();
      if (pos < s.length() && s.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    private void expect(char c) {
      if (!next(c)) {
        throw error("'" + c + "'");
      }
    }

    private char peek() {
      if (pos >= s.length()) {
        throw error("more text");
      }
      return s.charAt(pos);
    }

    private void skipSpace() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    private IllegalArgumentException error(String expected) {
      return new IllegalArgumentException("not JSON: expected " + expected + " at " + pos
          + " in:\n" + s);
    }
  }
}
