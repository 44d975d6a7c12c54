package org.benchgen.rawtrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input is refused with the file, the line and what is wrong. */
class RawTraceReaderTest {
  @TempDir
  Path dir;

  private final SymbolTable symbols = new SymbolTable();

  private static final String HEAD = "# benchgen-trace 1 rank=0 size=2\n";
  private static final String INIT = "MPI_Init site=m enter=1 exit=2\n";
  /** The last line of a complete stream: a stream that ends otherwise is refused (issue 47). */
  private static final String FIN = "MPI_Finalize site=f enter=1000000 exit=1000001\n";

  private Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private String readError(String text) throws IOException {
    Path p = file("rank-0.trace", text);
    // A sink that checks nothing: every check is the reader's, whoever reads.
    TraceProblem e = assertThrows(TraceProblem.class, () -> RawTraceReader.read(p, symbols,
        new RawTraceReader.Sink() {
          @Override
          public void comm(long id, long[] members, long[] remote) {}

          @Override
          public void event(RawEvent x) {}
        }));
    return e.getMessage();
  }

  /**
   * A line whose fields are all present and in order, then cpu= (a second thread's event, which
   * ends with thread=, traced with CPU time): the fast path read cpu= as one field too many and
   * failed with an internal error (found by a review of the tracer's in-job compression).
   */
  @Test
  void cpuAfterTheLastFieldOfALinePredictedFromAnEarlierOne() throws IOException {
    String barrier = "MPI_Barrier site=b enter=%d exit=%d comm=0 thread=1";
    Path p = file("rank-0.trace", HEAD + INIT
        + String.format(barrier, 10, 11) + " cpu=0\n"
        + String.format(barrier, 20, 21) + "\n"
        + String.format(barrier, 30, 31) + "\n"
        + String.format(barrier, 40, 41) + " cpu=34091\n" + FIN);
    List<RawEvent> events = new ArrayList<>();
    RawTraceReader.read(p, symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent x) {
        events.add(x);
      }
    });
    assertEquals(List.of(-1L, 0L, -1L, -1L, 34091L, -1L), events.stream().map(RawEvent::cpu)
        .toList());
    assertEquals(1, events.get(4).get(org.benchgen.trace.Field.THREAD));
  }

  @Test
  void readsEventsAndDefinitions() throws IOException {
    Path p = file("rank-0.trace", HEAD + "# a comment\ncomm id=3 members=1,0\n" + INIT
        + "MPI_Send site=a%20b%3Dc enter=5 exit=6 comm=3 dest=0 tag=ANY_TAG count=2 type=MPI_INT"
        + " tsize=4\n" + FIN);
    List<RawEvent> events = new ArrayList<>();
    List<long[]> comms = new ArrayList<>();
    RawTraceReader.read(p, symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {
        comms.add(members);
      }

      @Override
      public void event(RawEvent e) {
        events.add(e);
      }
    });
    assertEquals(1, comms.size());
    assertEquals(1, comms.get(0)[0]);
    assertEquals(3, events.size());
    RawEvent send = events.get(1);
    assertEquals("a b=c", send.site());
    assertEquals(Sym.ANY_TAG.code(), send.get(Field.TAG));
    assertEquals(8, send.get(Field.COUNT) * send.get(Field.TSIZE));
    // The writer gives back the line it read.
    assertEquals("MPI_Send site=a%20b%3Dc enter=5 exit=6 comm=3 dest=0 tag=ANY_TAG count=2"
        + " type=MPI_INT tsize=4", RawTraceWriter.format(send, symbols::name));
  }

  @Test
  void linesRepeatingTheLastOfTheirStartReadAsWritten() throws IOException {
    // In a loop, a line takes the fields it repeats from the last line of its start (the reader's
    // Tail): each differs from the one before at another place, or not at all.
    String[] tails = {"comm=0 dest=1 tag=0 count=2 type=MPI_INT tsize=4",
        "comm=0 dest=1 tag=0 count=2 type=MPI_INT tsize=4",
        "comm=0 dest=1 tag=7 count=2 type=MPI_INT tsize=4",
        "comm=0 dest=1 tag=7 count=2 type=MPI_INT tsize=48",
        "comm=0 dest=1 tag=7 count=2 type=MPI_INT tsize=4",
        "comm=0 dest=0 tag=7 count=2 type=MPI_CHAR tsize=1 ",
        "comm=0 dest=0 tag=7 count=2 type=MPI_CHAR tsize=1",
        "comm=0 dest=0 tag=7 count=2 type=MPI_CHAR tsize=1"};
    String[] waits = {"reqs=1,2", "reqs=1,2", "reqs=1,3", "reqs=NULL,3,4", "reqs=", "reqs=",
        "reqs=5", "reqs=5"};
    StringBuilder text = new StringBuilder(HEAD + INIT);
    List<String> expected = new ArrayList<>(List.of(INIT.trim()));
    // Persistent requests 1 to 5, which the Startalls' lists name (starting completes none).
    for (int r = 1; r <= 5; r++) {
      String init = "MPI_Send_init site=i enter=2 exit=2 comm=0 dest=1 tag=0 count=1 type=T"
          + " tsize=1 req=" + r;
      text.append(init).append('\n');
      expected.add(init);
    }
    for (int i = 0; i < tails.length; i++) {
      String send = "MPI_Send site=s enter=" + (10 * i + 3) + " exit=" + (10 * i + 4) + " "
          + tails[i];
      String wait = "MPI_Startall site=w enter=" + (10 * i + 5) + " exit=" + (10 * i + 6) + " "
          + waits[i];
      text.append(send).append('\n').append(wait).append('\n');
      expected.add(send.trim());
      expected.add(wait);
    }
    text.append(FIN);
    expected.add(FIN.trim());
    Path p = file("rank-0.trace", text.toString());
    for (boolean keeps : new boolean[] {true, false}) {
      List<RawEvent> kept = new ArrayList<>();
      List<String> read = new ArrayList<>();
      RawTraceReader.read(p, symbols, new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {}

        @Override
        public void event(RawEvent e) {
          if (keeps) {
            kept.add(e);
          } else {
            read.add(RawTraceWriter.format(e, symbols::name));
          }
        }

        @Override
        public boolean keepsEvents() {
          return keeps;
        }
      });
      kept.forEach(e -> read.add(RawTraceWriter.format(e, symbols::name)));
      assertEquals(expected, read, keeps ? "kept events" : "events not kept");
    }
  }

  @Test
  void errorsNameFileLineAndProblem() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":";
    assertEquals(f + "1: missing header: the first line must be '# benchgen-trace 1 rank=R size=N'",
        readError("MPI_Init site=m enter=1 exit=2\n"));
    assertTrue(readError(HEAD + INIT + "MPI_Sendd site=x enter=3 exit=4\n")
        .startsWith(f + "3: unknown call 'MPI_Sendd'"));
    assertTrue(readError(HEAD + INIT + "MPI_Send site=x enter=3 exit=4 comm=0 dest=1 tag=0\n")
        .startsWith(f + "3: MPI_Send is missing its required field 'count'"));
    assertTrue(readError(HEAD + "MPI_Init site=m enter=10 exit=20\nMPI_Barrier site=b enter=15"
        + " exit=30 comm=0\n").startsWith(f + "3: time goes backwards"));
    assertTrue(readError(HEAD + INIT + "MPI_Wait site=w enter=3 exit=4 req=7\n")
        .contains("3: MPI_Wait uses request 7, which was never created"));
    assertTrue(readError(HEAD + INIT + "MPI_Send site=x enter=3 exit=4 comm=0 dest=5 tag=0"
        + " count=1 type=T tsize=1\n").contains("3: MPI_Send: dest=5 is outside communicator 0"));
    assertTrue(readError(HEAD + INIT + "MPI_Barrier site=b enter=3 exit=4 comm=9\n")
        .contains("3: MPI_Barrier uses communicator 9, which is not defined"));
    assertTrue(readError(HEAD + INIT + "MPI_Barrier site=b enter=3 exit=4 comm=0 bogus=1\n")
        .contains("3: MPI_Barrier has no field 'bogus'"));
    assertTrue(readError(HEAD + INIT + "MPI_Send site=x enter=3 exit=4 comm=0 dest=1 tag=0"
        + " count=1x type=T tsize=1\n").contains("3: bad integer '1x' for 'count'"));
    assertTrue(readError(HEAD + INIT + "# truncated\n").contains("3: this stream is truncated"));
  }

  /** MPI_Init_thread's levels are MPI's four symbols, read and written back; nothing else. */
  @Test
  void initThreadCarriesItsLevels() throws IOException {
    String line = "MPI_Init_thread site=m enter=1 exit=2 level=THREAD_MULTIPLE"
        + " given=THREAD_SERIALIZED";
    Path p = file("rank-0.trace", HEAD + line + "\n" + FIN);
    List<RawEvent> events = new ArrayList<>();
    RawTraceReader.read(p, symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent e) {
        events.add(e);
      }
    });
    assertEquals(Sym.THREAD_MULTIPLE.code(), events.get(0).get(Field.LEVEL));
    assertEquals(Sym.THREAD_SERIALIZED.code(), events.get(0).get(Field.GIVEN));
    assertEquals(line, RawTraceWriter.format(events.get(0), symbols::name));
    String f = dir.resolve("rank-0.trace") + ":";
    assertEquals(f + "2: 'level' takes one of THREAD_SINGLE, THREAD_FUNNELED, THREAD_SERIALIZED,"
        + " THREAD_MULTIPLE, not a number (3)", readError(HEAD + line.replace("=THREAD_MULTIPLE",
        "=3") + "\n"));
    assertTrue(readError(HEAD + line.replace("THREAD_SERIALIZED", "ANY_TAG") + "\n")
        .contains("2: "), "a symbol of another kind is refused");
    assertTrue(readError(HEAD + "MPI_Init_thread site=m enter=1 exit=2 level=THREAD_SINGLE\n")
        .contains("given"), "both levels are required");
  }

  /**
   * Threads (MPI_THREAD_MULTIPLE): events are in the order they were recorded, so a thread's call
   * may enter before another thread's previous call exited; each thread's own times must not go
   * backwards, and a refusal names the thread.
   */
  @Test
  void timesRunPerThread() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":";
    String two = HEAD + INIT + "MPI_Barrier site=b enter=10 exit=50 comm=0\n"
        + "MPI_Barrier site=c enter=20 exit=30 comm=0 thread=1\n";
    List<String> seen = new ArrayList<>();
    RawTraceReader.read(file("rank-0.trace", two + FIN), symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent x) {
        seen.add(x.site() + x.get(Field.THREAD));
      }
    });
    assertEquals(List.of("m" + Sym.ABSENT.code(), "b" + Sym.ABSENT.code(), "c1",
        "f" + Sym.ABSENT.code()), seen);
    assertEquals(f + "5: time goes backwards: MPI_Barrier enters at 25 before the previous call of"
        + " thread 1 exited at 30", readError(two + "MPI_Barrier site=c enter=25 exit=40 comm=0"
        + " thread=1\n"));
    assertTrue(readError(two + "MPI_Barrier site=b enter=45 exit=60 comm=0\n")
        .startsWith(f + "5: time goes backwards: MPI_Barrier enters at 45 before the previous call"
            + " exited at 50"));
  }

  /**
   * A stream that does not end with MPI_Finalize is refused, naming the file, the line and the
   * rank (issue 47: one cut short by a full disk read as a complete run); the tracer marks a run
   * that aborted with '# truncated', refused for that.
   */
  @Test
  void aStreamThatDoesNotEndWithFinalizeIsRefused() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":";
    assertEquals(f + "3: rank 0's stream ends after MPI_Barrier, not with MPI_Finalize and without"
        + " the tracer's '# truncated' mark: it was cut short (a full disk? a killed process?),"
        + " so the trace is incomplete", readError(HEAD + INIT
        + "MPI_Barrier site=b enter=3 exit=4 comm=0\n"));
    assertTrue(readError(HEAD).contains("rank 0's stream ends with no call"));
    assertTrue(readError(HEAD + INIT + "# truncated\n").contains("this stream is truncated"));
  }

  /** The tracer's mark of what it could not record refuses the stream, naming rank and feature. */
  @Test
  void unsupportedFeaturesAreRefusedByName() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":";
    assertEquals(f + "3: rank 0 used dynamic processes (why), which benchgen cannot trace yet: this"
        + " stream cannot be compressed", readError(HEAD + INIT + "# unsupported dynamic processes"
        + " (why)\nMPI_Finalize site=f enter=3 exit=4\n"));
    // Only the tracer's marker: other comments that start alike are comments.
    Path p = file("rank-0.trace", HEAD + INIT + "# unsupportedly long comment\n"
        + "MPI_Finalize site=f enter=3 exit=4\n");
    List<RawEvent> events = new ArrayList<>();
    RawTraceReader.read(p, symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent e) {
        events.add(e);
      }
    });
    assertEquals(2, events.size());
  }

  @Test
  void requestsAreCheckedByTheReader() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":";
    String isend = "MPI_Isend site=s enter=3 exit=4 comm=0 dest=1 tag=0 count=1 type=T tsize=1";
    assertEquals(f + "3: MPI_Isend creates request 2, but request ids must count 1, 2, 3, ... in"
        + " creation order (expected 1)", readError(HEAD + INIT + isend + " req=2\n"));
    assertEquals(f + "5: MPI_Waitall uses request 1, which was never created (or was already"
        + " completed or freed)", readError(HEAD + INIT + isend + " req=1\n"
        + "MPI_Wait site=w enter=5 exit=6 req=1\nMPI_Waitall site=w enter=7 exit=8 reqs=1\n"));
    assertEquals(f + "4: MPI_Testsome uses request 3, which was never created (or was already"
        + " completed or freed)", readError(HEAD + INIT + isend + " req=1\n"
        + "MPI_Testsome site=t enter=5 exit=6 reqs=1 done=3\n"));
  }

  @Test
  void countsAndSizesAreNeverNegativeAndAtMost18Digits() throws IOException {
    String f = dir.resolve("rank-0.trace") + ":3: ";
    String send = "MPI_Send site=x enter=3 exit=4 comm=0 dest=1 tag=0 ";
    assertEquals(f + "negative value -5 for 'count'",
        readError(HEAD + INIT + send + "count=-5 type=T tsize=8\n"));
    assertEquals(f + "negative value -8 for 'tsize'",
        readError(HEAD + INIT + send + "count=5 type=T tsize=-8\n"));
    // Raw numbers have at most 18 digits, below the 2^62 that compressed traces check.
    assertEquals(f + "bad integer '1000000000000000000' for 'count'",
        readError(HEAD + INIT + send + "count=1000000000000000000 type=T tsize=8 large=1\n"));
    assertEquals(f + "bad integer '1000000000000000000' for 'tsize'",
        readError(HEAD + INIT + send + "count=1 type=T tsize=1000000000000000000\n"));
    assertEquals(f + "negative value -1 for 'bytes'", readError(HEAD + INIT
        + "MPI_Recv site=r enter=3 exit=4 comm=0 src=1 tag=0 count=1 type=T tsize=1 bytes=-1\n"));
    assertEquals(f + "negative value -2 for 'counts'", readError(HEAD + INIT
        + "MPI_Alltoallv site=a enter=3 exit=4 comm=0 counts=1,-2 type=T tsize=1 rcounts=1,1"
        + " rtype=T rtsize=1\n"));
    assertEquals(f + "bad integer '1000000000000000000' for 'rcounts'", readError(HEAD + INIT
        + "MPI_Alltoallv site=a enter=3 exit=4 comm=0 counts=1,2 type=T tsize=1"
        + " rcounts=1000000000000000000,1 rtype=T rtsize=1\n"));
    // A buffer's bytes, count x size, are at most 2^62, worked out without wrapping (issue 47:
    // tsize=2^62 with count=4 made 0 bytes).
    assertEquals(f + "MPI_Send: count=999999999999999999 x tsize=999999999999999999: the buffer"
        + " holds more than 2^62 bytes (TraceLimits.MAX_BYTES)", readError(HEAD + INIT + send
        + "count=999999999999999999 type=T tsize=999999999999999999 large=1\n" + FIN));
    assertEquals(f + "MPI_Send: count=5 x tsize=999999999999999999: the buffer holds more than"
        + " 2^62 bytes (TraceLimits.MAX_BYTES)", readError(HEAD + INIT + send
        + "count=5 type=T tsize=999999999999999999\n" + FIN));
    assertEquals(f + "MPI_Alltoallv: counts (their sum)=1999999999999999998 x tsize=4: the buffer"
        + " holds more than 2^62 bytes (TraceLimits.MAX_BYTES)", readError(HEAD + INIT
        + "MPI_Alltoallv site=a enter=3 exit=4 comm=0 counts=999999999999999999,999999999999999999"
        + " type=T tsize=4 rcounts=1,1 rtype=T rtsize=1\n" + FIN));
    // The largest values are accepted (a large-count call's beyond an int), and a key (of
    // Comm_split) may be negative.
    Path ok = file("rank-0.trace", HEAD + INIT + send + "count=999999999999999999 type=T"
        + " tsize=4 large=1"
        + "\nMPI_Comm_split site=c enter=5 exit=6 comm=0 color=0 key=-3 newcomm=NULL\n" + FIN);
    RawTraceReader.read(ok, symbols, new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {}

      @Override
      public void event(RawEvent x) {}
    });
  }

  @Test
  void directoryProblemsNameTheRankAndFile() throws IOException {
    file("rank-0.trace", HEAD + INIT);
    TraceProblem missing = assertThrows(TraceProblem.class, () -> TraceDirectory.open(dir));
    assertTrue(missing.getMessage().contains("rank-1.trace is missing (the world has 2 ranks)"),
        missing.getMessage());
    file("rank-1.trace", "# benchgen-trace 1 rank=1 size=3\n" + INIT);
    TraceProblem size = assertThrows(TraceProblem.class, () -> TraceDirectory.open(dir));
    assertTrue(size.getMessage().contains("rank-1.trace:1: world size 3 disagrees with"
        + " rank-0.trace (size 2)"), size.getMessage());
  }
}
