package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.TraceFormatException;
import org.junit.jupiter.api.Test;

class CompressedTraceReaderTest {
  private static final String HEADER = "benchgen-compressed 1";
  private static final String DURATION = "    duration n=2 min=1 max=1 mean=1.0 sd=0.0 bins=1:2";

  /** The message of the error reading these lines (file {@link HandWrittenTrace#FILE}). */
  private static String error(String... lines) {
    return assertThrows(TraceFormatException.class, () -> HandWrittenTrace.read(lines))
        .getMessage();
  }

  @Test
  void readsTheSampleIntoTheStructureItStandsFor() {
    CompressedTrace t = HandWrittenTrace.read(SampleTrace.TEXT.split("\n"));
    assertEquals(4, t.worldSize());
    assertEquals(SampleTrace.COMMS, t.comms());
    // Built by hand with the trace's own table, so that names and lists have its ids.
    assertEquals(SampleTrace.body(t.symbols()), t.body());
  }

  @Test
  void aHistogramOfOneValueReadsTheSameInFullAndAsAllAndIsWrittenAsAll() {
    String call = "MPI_Barrier site=b.c:1 comm=0";
    String full = "    compute a.c:1 40..40 mean=40 sd=0 bins=6:3";
    String all = "    compute a.c:1 40*3";
    // Files written before issue 21: keyed, in full or as all=.
    String oldFull = "    compute after=a.c:1 n=3 min=40 max=40 mean=40 sd=0 bins=6:3";
    String oldAll = "    compute after=a.c:1 n=3 all=40";
    // The count left out: the compute line's 3.
    String duration = "    duration 1";
    CompressedTrace a = HandWrittenTrace.read(HEADER, "world 1", call, full, duration);
    CompressedTrace b = HandWrittenTrace.read(HEADER, "world 1", call, all, duration);
    assertEquals(a.body(), b.body());
    for (String old : List.of(oldFull, oldAll)) {
      assertEquals(a.body(), HandWrittenTrace.read(HEADER, "world 1", call, old,
          "    duration mean=1").body());
    }
    // 40 is in bin 6, [32, 64), by hand.
    assertEquals(new Histogram(3, 40, 40, 40, 0, List.of(new Histogram.Bin(6, 3))),
        ((Rsd) b.body().get(0)).compute().get(0).time());
    assertEquals(String.join("\n", HEADER, "world 1", call, all, duration, ""),
        CompressedTraceWriter.toString(a));
    // One value alone: V.
    assertEquals(new Histogram(1, 7, 7, 7, 0, List.of(new Histogram.Bin(3, 1))),
        ((Rsd) HandWrittenTrace.read(HEADER, "world 1", call, "    compute a.c:1 7", duration)
            .body().get(0)).compute().get(0).time());
    assertEquals("hand-written.bgc:4: V*N needs N of at least 1, not 0", error(HEADER,
        "world 1", call, "    compute a.c:1 40*0", duration));
    assertEquals("hand-written.bgc:4: bad value 'x'", error(HEADER, "world 1", call,
        "    compute a.c:1 x*3", duration));
    assertEquals("hand-written.bgc:4: expected MIN..MAX mean= sd= bins=, V or V*N, [cpu=]",
        error(HEADER, "world 1", call, "    compute a.c:1 40 mean=40", duration));
    assertEquals("hand-written.bgc:4: MIN..MAX needs at least one bin", error(HEADER, "world 1",
        call, "    compute a.c:1 40..50 mean=45 sd=1 bins=", duration));
    // A site forgotten, or times: said so.
    assertEquals("hand-written.bgc:4: compute needs its call path's SITE first, found 'ranks=0'",
        error(HEADER, "world 1", call, "    compute ranks=0 5", duration));
    assertEquals("hand-written.bgc:4: compute a.c:1 needs its times: MIN..MAX mean= sd= bins=, V"
        + " or V*N", error(HEADER, "world 1", call, "    compute a.c:1", duration));
    for (String d : List.of("    duration", "    duration 5 extra",
        "    duration 1..3 mean=2 sd=1 bins=1:1,1")) {
      assertEquals("hand-written.bgc:4: expected duration M, M*N or n=0", error(HEADER,
          "world 1", call, d));
    }
    assertEquals("hand-written.bgc:4: all= needs n= of at least 1, not 0", error(HEADER,
        "world 1", call, "    compute after=a.c:1 n=0 all=40", duration));
    assertEquals("hand-written.bgc:4: bad all 'x'", error(HEADER, "world 1", call,
        "    compute after=a.c:1 n=3 all=x", duration));
  }

  @Test
  void aBinNextToTheOneBeforeIsItsCountAloneAndReadsAsInFull() {
    String call = "MPI_Barrier site=b.c:1 comm=0";
    String duration = "    duration 9000";
    String runs = "    compute a.c:1 5000..600000 mean=9000 sd=100 bins=13:4,16,2,20:1";
    String full = runs.replace("13:4,16,2,20:1", "13:4,14:16,15:2,20:1");
    // The count (23) is the bins': written so before issue 21.
    String old = "    compute after=a.c:1 n=23 min=5000 max=600000 mean=9000 sd=100"
        + " bins=13:4,16,2,20:1";
    CompressedTrace a = HandWrittenTrace.read(HEADER, "world 1", call, runs, duration);
    assertEquals(HandWrittenTrace.read(HEADER, "world 1", call, full, duration).body(),
        a.body());
    assertEquals(HandWrittenTrace.read(HEADER, "world 1", call, old, duration).body(),
        a.body());
    assertEquals(23, ((Rsd) a.body().get(0)).compute().get(0).time().count());
    // Worked out by hand: 13, then 14 and 15 following it, then 20 after a gap.
    assertEquals(List.of(new Histogram.Bin(13, 4), new Histogram.Bin(14, 16),
        new Histogram.Bin(15, 2), new Histogram.Bin(20, 1)),
        ((Rsd) a.body().get(0)).compute().get(0).time().bins());
    assertEquals(String.join("\n", HEADER, "world 1", call, runs, duration, ""),
        CompressedTraceWriter.toString(a));
    assertEquals("hand-written.bgc:4: bad bin '16': expected LOG2:COUNT first", error(HEADER,
        "world 1", call, runs.replace("13:4,16,2,20:1", "16,2"), duration));
  }

  @Test
  void afterCaretIsTheSiteOfTheCallLineAboveWhateverLoopsLieBetween() {
    String[] text = {HEADER, "world 1",
        "MPI_Barrier site=a.c:1 comm=0", "    duration 1*1",
        "loop trips=2 {",
        "  MPI_Barrier site=b.c:2 comm=0",
        "      compute ^ 5",
        "      compute c.c:3 6",
        "      duration 1",
        "  MPI_Barrier site=c.c:3 comm=0",
        "      compute ^ 7*2",
        "      duration 1",
        "}",
        "MPI_Barrier site=^ comm=0",
        "    compute ^ 8",
        "    duration 1",
        "MPI_Barrier site=e.c:5 comm=0",
        "    duration 1*1",
        "MPI_Barrier site=d.c:4 comm=0",
        "    compute %5E 9",
        "    duration 1", ""};
    CompressedTrace t = HandWrittenTrace.read(text);
    Loop loop = (Loop) t.body().get(1);
    // By hand: the loop's first call follows a.c:1 on entry, the second follows b.c:2, the
    // call after the loop follows c.c:3, and a path to the site named ^ from elsewhere is
    // escaped (a site= field needs no escape).
    assertEquals(List.of("a.c:1", "c.c:3"), ((Rsd) loop.body().get(0)).compute().stream()
        .map(c -> c.after()).toList());
    assertEquals("b.c:2", ((Rsd) loop.body().get(1)).compute().get(0).after());
    assertEquals("c.c:3", ((Rsd) t.body().get(2)).compute().get(0).after());
    assertEquals("^", ((Rsd) t.body().get(4)).compute().get(0).after());
    assertEquals(String.join("\n", text), CompressedTraceWriter.toString(t));
    // Files written before issue 21 named the path after=, ^ alike.
    assertEquals(t.body(), HandWrittenTrace.read(String.join("\n", text)
        .replace("compute ^ 5", "compute after=^ n=1 all=5")
        .replace("compute %5E 9", "compute after=%5E n=1 all=9").split("\n")).body());
    for (String line : List.of("    compute ^ 5", "    compute after=^ n=1 all=5")) {
      assertEquals("hand-written.bgc:4: ^ names the call line above this call's, and there is"
          + " none", error(HEADER, "world 1", "MPI_Barrier site=a.c:1 comm=0", line,
              "    duration 1*1"));
    }
  }

  @Test
  void aPeerFieldThatRepeatsOneOfTheCallLineAboveIsWrittenCaretAndThatField() {
    String peers = "+1@0,2;-1@1,3";
    String[] text = {HEADER, "world 4",
        "MPI_Recv site=a.c:1 comm=0 src=" + peers + " tag=0 count=1 type=MPI_INT tsize=4 bytes=4",
        "    duration 1*4",
        "MPI_Send site=a.c:2 comm=0 dest=^src tag=0 count=1 type=MPI_INT tsize=4",
        "    duration 1*4",
        // Not shorter as ^dest: written out.
        "MPI_Send site=a.c:3 comm=0 dest=+1 tag=0 count=1 type=MPI_INT tsize=4",
        "    duration 1*4",
        "MPI_Recv site=a.c:4 comm=0 src=+1 tag=0 count=1 type=MPI_INT tsize=4 bytes=4",
        "    duration 1*4", ""};
    CompressedTrace t = HandWrittenTrace.read(text);
    // By hand: rank 0's and 2's peer is the next rank, rank 1's and 3's the one before, on both.
    CompressedTrace full = HandWrittenTrace.read(String.join("\n", text)
        .replace("dest=^src", "dest=" + peers).split("\n"));
    assertEquals(full.body(), t.body());
    assertEquals(String.join("\n", text), CompressedTraceWriter.toString(full));
    assertEquals("hand-written.bgc:5: dest=^asrc: the call line above has no peer field 'asrc'",
        error(HEADER, "world 4", text[2], text[3], text[4].replace("^src", "^asrc"), text[5]));
    assertEquals("hand-written.bgc:3: dest=^src: the call line above has no peer field 'src'",
        error(HEADER, "world 4", text[4], text[5]));
  }

  @Test
  void aCallsTimeIsItsCountAndMeanWhateverFormItWasWrittenIn() {
    String call = "MPI_Barrier site=b.c:1 comm=0";
    // Files before issue 21: a whole histogram, or all= for one value; both keep count and mean.
    for (String old : List.of("    duration n=3 min=10 max=40 mean=25.5 sd=15 bins=4:1,6:2",
        "    duration n=3 all=25")) {
      Rsd r = (Rsd) HandWrittenTrace.read(HEADER, "world 1", call, old).body().get(0);
      assertEquals(new CallTime(3, old.contains("all=") ? 25 : 25.5), r.duration());
    }
    CompressedTrace t = HandWrittenTrace.read(HEADER, "world 1", call,
        "    duration n=3 min=10 max=40 mean=25.5 sd=15 bins=4:1,6:2");
    assertEquals(String.join("\n", HEADER, "world 1", call, "    duration 25.5*3", ""),
        CompressedTraceWriter.toString(t));
    // Keyed, as files before issue 21 wrote it: the same.
    assertEquals(t.body(), HandWrittenTrace.read(HEADER, "world 1", call,
        "    duration n=3 mean=25.5").body());
    assertEquals("hand-written.bgc:4: duration M*N needs N of at least 1 (no calls: duration n=0)",
        error(HEADER, "world 1", call, "    duration 5*0"));
    assertEquals("hand-written.bgc:4: bad count 'x'", error(HEADER, "world 1", call,
        "    duration 5*x"));
    assertEquals(CallTime.NONE, ((Rsd) HandWrittenTrace.read(HEADER, "world 1", call,
        "    duration n=0").body().get(0)).duration());
    assertEquals("hand-written.bgc:4: duration: a mean for no calls (n=0)", error(HEADER,
        "world 1", call, "    duration n=0 mean=5"));
    assertEquals("hand-written.bgc:4: duration: mean=NaN is outside 0..4611686018427387904",
        error(HEADER, "world 1", call, "    duration n=2 mean=NaN"));
    assertEquals("hand-written.bgc:4: duration: mean=-1.0 is outside 0..4611686018427387904",
        error(HEADER, "world 1", call, "    duration n=2 mean=-1"));
    assertEquals("hand-written.bgc:4: duration: negative count n=-2",
        error(HEADER, "world 1", call, "    duration n=-2 mean=1"));
    assertEquals("hand-written.bgc:4: duration: negative count n=-2",
        error(HEADER, "world 1", call, "    duration n=-2"));
    // The mean alone: as many calls as the compute lines above count (2 + 1 here, by hand).
    for (String d : List.of("    duration 7", "    duration mean=7")) {
      Rsd derived = (Rsd) HandWrittenTrace.read(HEADER, "world 2", call,
          "    compute x 5*2", "    compute y 6", d).body().get(0);
      assertEquals(new CallTime(3, 7), derived.duration());
      assertEquals("hand-written.bgc:4: duration M needs its count (duration M*N) where the call"
          + " has no compute line", error(HEADER, "world 1", call, d));
    }
    assertEquals("hand-written.bgc:4: duration: n=3 needs its mean (duration M*N)",
        error(HEADER, "world 1", call, "    duration n=3"));
    assertEquals("hand-written.bgc:4: duration: a mean for no calls (n=0)",
        error(HEADER, "world 1", call, "    duration n=0 mean=0"));
    // An old whole histogram within its own checks, but with a mean the writer could not write.
    assertEquals("hand-written.bgc:4: duration: mean=4.61169E18 is outside 0..4611686018427387904",
        error(HEADER, "world 1", call, "    duration n=1 min=4611686018427387904"
            + " max=4611686018427387904 mean=4611690000000000000 sd=0 bins=63:1"));
  }

  @Test
  void namesAndListsAreInternedInTheTracesTable() {
    CompressedTrace t = HandWrittenTrace.read(SampleTrace.TEXT.split("\n"));
    // The first name met is the Irecv's type, the first list the Waitall's requests.
    assertEquals("MPI_DOUBLE", t.symbols().name(0));
    assertEquals("MPI_INT", t.symbols().name(1));
    assertArrayEquals(new long[] {1, 0}, t.symbols().list(0L));
  }

  @Test
  void anUnknownCallIsNamedWithItsLineCountingCommentsAndBlankLines() {
    assertEquals("hand-written.bgc:5: unknown call or keyword 'MPI_Sendd'",
        error(HEADER, "world 2", "# a comment", "", "MPI_Sendd site=a.c:1"));
  }

  @Test
  void aCallWithoutItsDurationLineIsNamedAtTheNextCall() {
    assertEquals("hand-written.bgc:4: the call before this line has no 'duration' line",
        error(HEADER, "world 2", "MPI_Barrier site=a.c:1 comm=0",
            "MPI_Barrier site=a.c:2 comm=0", DURATION));
  }

  @Test
  void aLastCallWithoutItsDurationLineIsNamedAtTheEnd() {
    assertEquals("hand-written.bgc:3: the last call has no 'duration' line",
        error(HEADER, "world 2", "MPI_Barrier site=a.c:1 comm=0"));
  }

  @Test
  void anUnclosedLoopIsNamedAtTheEndOfTheFile() {
    assertEquals("hand-written.bgc:5: unexpected end of file: 1 loop(s) not closed with '}'",
        error(HEADER, "world 2", "loop trips=2 {", "  MPI_Barrier site=a.c:1 comm=0",
            DURATION));
  }

  @Test
  void aClosingBraceWithoutALoopIsNamed() {
    assertEquals("hand-written.bgc:3: '}' closes no loop or block", error(HEADER, "world 2", "}"));
  }

  @Test
  void malformedValuesAreNamedWithTheirLine() {
    String send = "MPI_Send site=a.c:1 comm=0 dest=1 tsize=4 type=MPI_INT ";
    assertEquals("hand-written.bgc:3: a parenthesized group needs '*N' in value '(1,2)'",
        error(HEADER, "world 2", send + "tag=(1,2) count=1"));
    assertEquals("hand-written.bgc:3: missing ')' in value '(1,2*2'",
        error(HEADER, "world 2", send + "tag=(1,2*2 count=1"));
    assertEquals("hand-written.bgc:3: bad repetition count ''",
        error(HEADER, "world 2", send + "tag=0 count=8*"));
    assertEquals("hand-written.bgc:3: 'ANY_SOURCE' is not a valid value here",
        error(HEADER, "world 2", send + "tag=ANY_SOURCE count=1"));
    assertEquals("hand-written.bgc:3: MPI_Send has no field 'root=0'",
        error(HEADER, "world 2", send + "tag=0 count=1 root=0"));
  }

  @Test
  void relativeAndAbsolutePeersMixedInOneValueAreRefused() {
    assertEquals("hand-written.bgc:3: value '+1,0' mixes relative (+k) and absolute peers",
        error(HEADER, "world 2",
            "MPI_Send site=a.c:1 comm=0 dest=+1,0 tag=0 count=1 type=MPI_INT tsize=4"));
  }

  @Test
  void malformedRankListsAreNamedWithTheirLine() {
    // 0..3:2 would need a stride dividing 3 - 0.
    assertEquals("hand-written.bgc:3: bad range '0..3:2': need a <= b and a stride dividing b-a",
        error(HEADER, "world 8", "MPI_Barrier site=a.c:1 ranks=0..3:2 comm=0"));
    assertEquals("hand-written.bgc:3: bad rank block '0..1/4': expected BASE/DxM",
        error(HEADER, "world 8", "loop ranks=0..1/4 trips=1 {"));
    assertEquals("hand-written.bgc:3: bad number in '0..x'",
        error(HEADER, "world 8", "loop ranks=0..x trips=1 {"));
  }

  @Test
  void aCallBeforeTheWorldSizeIsRefused() {
    assertEquals("hand-written.bgc:2: 'world N' must come before the first call",
        error(HEADER, "MPI_Barrier site=a.c:1 comm=0", DURATION));
  }

  @Test
  void anotherFirstLineIsNotACompressedTrace() {
    assertEquals("hand-written.bgc:1: not a compressed trace: the first line must be"
        + " 'benchgen-compressed 1' (for a directory of per-rank streams, pass the directory)",
        error("# benchgen-trace 1 rank=0 size=2"));
  }
}
