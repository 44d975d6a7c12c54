package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;

/** The checks of compressed traces beyond their syntax, on small hand-written files. */
class CompressedTraceChecksTest {
  private static final String HEADER = "benchgen-compressed 1";
  private static final String DURATION = "    duration n=2 min=1 max=1 mean=1.0 sd=0.0 bins=1:2";
  private static final String SEND = "MPI_Send site=a.c:1 comm=0 dest=%s tag=0 count=%s"
      + " type=MPI_INT tsize=%s";

  private static String error(String... lines) {
    return assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(lines))
        .getMessage();
  }

  /** A two-rank trace of one send with these dest, count and tsize. */
  private static String[] send(String dest, String count, String tsize) {
    return new String[] {HEADER, "world 2", String.format(SEND, dest, count, tsize), DURATION};
  }

  @Test
  void theWorldIsBetweenOneRankAndTheLimit() {
    assertEquals("hand-written.bgc:2: world size 0 is outside 1..8388608"
        + " (docs/compressed-format.md, \"Limits\")", error(HEADER, "world 0"));
    assertTrue(error(HEADER, "world 2147483647").startsWith("hand-written.bgc:2: world size"));
    assertEquals("hand-written.bgc:3: a second 'world' line",
        error(HEADER, "world 2", "world 3"));
    assertEquals(TraceLimits.MAX_WORLD,
        HandWrittenTrace.read(HEADER, "world " + TraceLimits.MAX_WORLD).worldSize());
  }

  @Test
  void communicatorMembersAreDistinctWorldRanksAndIdsNew() {
    assertEquals("hand-written.bgc:3: rank 7 is outside the world (4 ranks)",
        error(HEADER, "world 4", "comm 1 members=0,7"));
    assertEquals("hand-written.bgc:3: comm 1: world rank 2 listed twice",
        error(HEADER, "world 4", "comm 1 members=2,0,2"));
    assertEquals("hand-written.bgc:4: comm 1 defined twice",
        error(HEADER, "world 4", "comm 1 members=0,1", "comm 1 members=2,3"));
    assertEquals("hand-written.bgc:3: comm id 0 is reserved or too large (0 is MPI_COMM_WORLD)",
        error(HEADER, "world 4", "comm 0 members=0,1"));
    assertEquals("hand-written.bgc:2: 'world N' must come before 'comm'",
        error(HEADER, "comm 1 members=0"));
    // Ids up to 10^18 - 1: the tracer's are hashes about 60 bits wide (issue 16).
    assertEquals("hand-written.bgc:3: comm id 1000000000000000000 is reserved or too large (0 is"
        + " MPI_COMM_WORLD)", error(HEADER, "world 4", "comm 1000000000000000000 members=0,1"));
    CompressedTrace t = HandWrittenTrace.read(HEADER, "world 2",
        "comm 999999999999999999 members=1,0", "MPI_Barrier site=b comm=999999999999999999",
        "duration n=2 min=1 max=1 mean=1 sd=0 bins=1:2");
    assertEquals(999_999_999_999_999_999L, t.comms().get(0).id());
  }

  @Test
  void rankListsStayInTheWorldWhateverTheirSize() {
    assertEquals("hand-written.bgc:3: rank 9 is outside the world (4 ranks)",
        error(HEADER, "world 4", "MPI_Barrier site=a.c:1 ranks=0..9 comm=0", DURATION));
    // Two billion ranks in a few characters: refused before a list is made.
    assertEquals("hand-written.bgc:3: rank 2000000000 is outside the world (4 ranks)",
        error(HEADER, "world 4", "MPI_Barrier site=a.c:1 ranks=0..2000000000 comm=0",
            DURATION));
    assertEquals("hand-written.bgc:3: rank 4 is outside the world (4 ranks)",
        error(HEADER, "world 4", "MPI_Barrier site=a.c:1 ranks=0..1/2x2000000000 comm=0",
            DURATION));
  }

  @Test
  void peersStayInTheirCommunicatorAbsoluteOrRelative() {
    assertEquals("hand-written.bgc:3: MPI_Send dest=2 is outside its communicator (size 2)",
        error(send("2", "1", "4")));
    assertEquals("hand-written.bgc:3: MPI_Send dest=+2 is outside its communicator (size 2)",
        error(send("+2", "1", "4")));
    assertEquals("hand-written.bgc:3: MPI_Send dest=ANY_SOURCE is not a valid value here",
        error(send("ANY_SOURCE", "1", "4")));
    assertEquals(2, HandWrittenTrace.read(send("-1", "1", "4")).worldSize());
    assertEquals("hand-written.bgc:4: MPI_Send dest=2 is outside its communicator (size 2)",
        error(HEADER, "world 4", "comm 1 members=3,1",
            "MPI_Send site=a.c:1 ranks=1,3 comm=1 dest=2 tag=0 count=1 type=MPI_INT tsize=4",
            DURATION));
    assertEquals("hand-written.bgc:3: MPI_Send uses communicator 5, which no 'comm' line"
        + " defines", error(HEADER, "world 2",
            "MPI_Send site=a.c:1 comm=5 dest=0 tag=0 count=1 type=MPI_INT tsize=4", DURATION));
  }

  @Test
  void countsAndSizesAreNonNegativeAndRequiredFieldsPresent() {
    assertEquals("hand-written.bgc:3: negative value -5 for 'MPI_Send count'",
        error(send("1", "-5", "4")));
    assertEquals("hand-written.bgc:3: value 4611686018427387905 for 'MPI_Send tsize' is out of"
        + " range (0 to 4611686018427387904)",
        error(send("1", "1", "4611686018427387905")));
    assertEquals("hand-written.bgc:3: MPI_Send count=- : the field is required",
        error(send("1", "-", "4")));
    assertEquals("hand-written.bgc:3: MPI_Send count has no value for rank 1, which it"
        + " requires", error(HEADER, "world 2",
            "MPI_Send site=a.c:1 comm=0 dest=+1 tag=0 count=8@0 type=MPI_INT tsize=4",
            DURATION));
  }

  /**
   * A buffer's bytes (count x size) are at most 2^62, with each field's largest value (issue 47:
   * tsize=2^62 with count=4 made an Allreduce of 0 bytes); 2^31 x 2^31 is just within.
   */
  @Test
  void aBuffersBytesAreBoundedWithoutWrapping() {
    assertEquals("hand-written.bgc:3: MPI_Send: count=4 x tsize=4611686018427387904: the buffer"
        + " holds more than 2^62 bytes (TraceLimits.MAX_BYTES)",
        error(send("1", "4", "4611686018427387904")));
    assertEquals("hand-written.bgc:3: MPI_Send: count=4611686018427387904 x tsize=8: the buffer"
        + " holds more than 2^62 bytes (TraceLimits.MAX_BYTES)",
        error(send("1", "1@0;4611686018427387904@1", "8")));
    HandWrittenTrace.read(send("1", "2147483648", "2147483648"));
  }

  /** A line over the bound is refused by file and line before it is read whole. */
  @Test
  void aLineOverTheBoundIsRefusedByNumber() throws java.io.IOException {
    BoundedLines lines = new BoundedLines(java.nio.file.Path.of("t.bgc"),
        new java.io.StringReader("ab\r\nabcd\rabcdefgh\nx"), 4);
    assertEquals("ab", lines.next());
    assertEquals("abcd", lines.next());
    TraceFormatException e = assertThrows(TraceFormatException.class, lines::next);
    assertEquals("t.bgc:3: line longer than 4 characters (TraceLimits.MAX_COMPRESSED_LINE)",
        e.getMessage());
  }

  @Test
  void tripCountsAreBoundedAndGivenForEveryRank() {
    assertEquals("hand-written.bgc:3: trip count -1 is outside 0..1099511627776",
        error(HEADER, "world 2", "loop trips=-1 {", "}"));
    assertEquals("hand-written.bgc:4: trip count 1099511627777 is outside 0..1099511627776",
        error(HEADER, "world 2", "loop trips=2 {", "loop trips=3,1099511627777 {", "}", "}"));
    assertEquals("hand-written.bgc:3: the loop's trips has no value for rank 1, which it"
        + " requires", error(HEADER, "world 2", "loop trips=3@0 {", "}"));
  }

  @Test
  void histogramsAreFiniteInRangeAndTheirBinsAddUp() {
    String call = "MPI_Barrier site=a.c:1 comm=0";
    assertEquals("hand-written.bgc:4: duration: mean and sd must be finite numbers (sd not"
        + " negative)", error(HEADER, "world 2", call,
            "duration n=2 min=1 max=1 mean=NaN sd=0.0 bins=1:2"));
    assertEquals("hand-written.bgc:4: compute: mean and sd must be finite numbers (sd not"
        + " negative)", error(HEADER, "world 2", call,
            "compute after=x n=2 min=1 max=1 mean=1.0 sd=Infinity bins=1:2", DURATION));
    assertEquals("hand-written.bgc:4: duration: bad bin 65:2 (bins are LOG2:COUNT with LOG2"
        + " increasing in 0..64, COUNT at least 1)", error(HEADER, "world 2", call,
            "duration n=2 min=1 max=1 mean=1.0 sd=0.0 bins=65:2"));
    assertEquals("hand-written.bgc:4: duration: the bins count 1 values, n=2",
        error(HEADER, "world 2", call, "duration n=2 min=1 max=1 mean=1.0 sd=0.0 bins=1:1"));
    assertEquals("hand-written.bgc:4: duration: need 0 <= min <= max <= 4611686018427387904,"
        + " found min=-1 max=1", error(HEADER, "world 2", call,
            "duration n=2 min=-1 max=1 mean=1.0 sd=0.0 bins=1:2"));
    assertEquals("hand-written.bgc:4: duration: mean=9.0 is outside min..max",
        error(HEADER, "world 2", call, "duration n=2 min=1 max=1 mean=9.0 sd=0.0 bins=1:2"));
  }

  /** A trace of {@code depth} loops, one in the other, around one barrier. */
  private static String[] nested(int depth) {
    List<String> lines = new ArrayList<>(List.of(HEADER, "world 2"));
    lines.addAll(Collections.nCopies(depth, "loop trips=1 {"));
    lines.add("MPI_Barrier site=a.c:1 comm=0");
    lines.add(DURATION);
    lines.addAll(Collections.nCopies(depth, "}"));
    return lines.toArray(String[]::new);
  }

  @Test
  void loopsNestAsDeepAsTheLimitAndNoDeeper() {
    CompressedTrace t = HandWrittenTrace.read(nested(TraceLimits.MAX_LOOP_DEPTH));
    // Read back from its own text: the writer and the reader agree at the limit.
    assertEquals(t.body(), HandWrittenTrace.read(CompressedTraceWriter.toString(t).split("\n"))
        .body());
    assertEquals("hand-written.bgc:259: loops nested deeper than 256"
        + " (docs/compressed-format.md, \"Limits\")",
        error(nested(TraceLimits.MAX_LOOP_DEPTH + 1)));
    // 20,000 levels once overflowed the stack: now the line of the 257th.
    assertTrue(error(nested(20_000)).startsWith("hand-written.bgc:259: loops nested deeper"));
  }

  /** A send whose count is {@code 4} inside {@code depth} repetitions. */
  private static String[] deepValue(int depth) {
    String v = "(".repeat(depth - 1) + "4*1" + ")*1".repeat(depth - 1);
    return send("1", v, "4");
  }

  @Test
  void valueRepetitionsNestAsDeepAsTheLimitAndNoDeeper() {
    CompressedTrace t = HandWrittenTrace.read(deepValue(TraceLimits.MAX_VALUE_DEPTH));
    assertEquals(TraceLimits.MAX_VALUE_DEPTH, CompressedTraceChecks.depth(
        ((org.benchgen.ir.Rsd) t.body().get(0)).param(org.benchgen.trace.Field.COUNT)
            .entries().get(0).values().seq()));
    assertEquals(t.body(), HandWrittenTrace.read(CompressedTraceWriter.toString(t).split("\n"))
        .body());
    assertEquals("hand-written.bgc:3: parenthesized groups in a value nested deeper than 256"
        + " (docs/compressed-format.md, \"Limits\")",
        error(deepValue(TraceLimits.MAX_VALUE_DEPTH + 1)));
    // 50,000 parentheses once overflowed the stack.
    assertTrue(error(deepValue(50_000)).startsWith("hand-written.bgc:3: parenthesized groups"));
  }

  @Test
  void theWriterRefusesWhatTheReaderWouldRefuse() {
    CompressedTrace ok = HandWrittenTrace.read(nested(1));
    Node inner = ok.body().get(0);
    Param trips = new Param(List.of(new ParamEntry(new EntryValues.Plain(ValueSeq.of(1)),
        RankList.range(0, 2))));
    for (int i = 0; i < TraceLimits.MAX_LOOP_DEPTH; i++) {
      inner = new Loop(RankList.range(0, 2), trips, List.of(inner));
    }
    CompressedTrace deep = ok.withBody(List.of(inner));
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> CompressedTraceWriter.toString(deep));
    assertEquals("the compressed trace would not be readable, so it is not written: loops"
        + " nested deeper than 256 (docs/compressed-format.md, \"Limits\")", e.getMessage());
  }

  @Test
  void aPatternHasNoMoreValuesThanItsNodeRuns() {
    // Inside loops of 2 then 3 trips a call runs 6 times on a rank: 6 sizes are fine (the last
    // of each loop instance differing), 7 are not; a billion-fold repeat in a few bytes neither.
    String six = "MPI_Barrier site=a.c:1 comm=0";
    HandWrittenTrace.read(HEADER, "world 2", "loop trips=2 {", "loop trips=3 {",
        String.format(SEND, "+1", "(8)*5,9", "4"), DURATION, "}", "}");
    assertEquals("hand-written.bgc:5: MPI_Send count lists 7 values, more than the 6 times it"
        + " runs at most", error(HEADER, "world 2", "loop trips=2 {", "loop trips=3 {",
            String.format(SEND, "+1", "(8)*6,9", "4"), DURATION, "}", "}"));
    assertEquals("hand-written.bgc:3: MPI_Send count lists 4294967294 values, more than the 1"
        + " times it runs at most", error(HEADER, "world 2",
            String.format(SEND, "+1", "(8)*2147483647,(9)*2147483647", "4"), DURATION));
    // A loop's trips are one value per entry into the loop.
    assertEquals("hand-written.bgc:4: the loop's trips lists 3 values, more than the 2 times it"
        + " runs at most", error(HEADER, "world 2", "loop trips=2 {", "loop trips=1,2,3 {",
            six, DURATION, "}", "}"));
    HandWrittenTrace.read(HEADER, "world 2", "loop trips=2 {", "loop trips=1,2 {", six,
        DURATION, "}", "}");
  }
}
