package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.ByteCount;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules of docs/otf2.md one by one, and archives and records that must be refused. */
class ImportRulesTest {
  @TempDir
  Path tmp;

  private final SymbolTable symbols = new SymbolTable();

  @Test
  void collectiveBytesFollowScorePsTableWorkedByHand() {
    // Allreduce of 8 bytes on 4 ranks: every member's record says 4 x 8 sent and received.
    assertArrayEquals(new long[] {32, 32}, CollectiveBytes.of(coll(Op.ALLREDUCE, 2, 4, 0), 1, 4));
    // Bcast of 8 bytes from root 2: the root sends 4 x 8, everyone receives 8.
    assertArrayEquals(new long[] {32, 8}, CollectiveBytes.of(coll(Op.BCAST, 2, 4, 2), 2, 4));
    assertArrayEquals(new long[] {0, 8}, CollectiveBytes.of(coll(Op.BCAST, 2, 4, 2), 0, 4));
    // Scan on rank 1 of 4: sends to ranks 1..3, receives from 0..1.
    assertArrayEquals(new long[] {24, 16}, CollectiveBytes.of(coll(Op.SCAN, 2, 4, 0), 1, 4));
    assertArrayEquals(new long[] {0, 0}, CollectiveBytes.of(coll(Op.BARRIER, 0, 0, 0), 0, 4));
  }

  @Test
  void importInvertsTheConventionForEveryCollective() {
    Random rnd = new Random(5);
    for (Op op : Op.values()) {
      // OTF2 has no neighbourhood operation: export refuses them, import leaves them out.
      if (op.kind() != OpKind.COLLECTIVE || op.has(Field.REQ) || op.isNeighbourhood()) {
        continue;
      }
      for (int trial = 0; trial < 50; trial++) {
        int n = 1 + rnd.nextInt(7);
        int me = rnd.nextInt(n);
        int root = rnd.nextInt(n);
        int count = rnd.nextInt(100);
        if (op == Op.EXSCAN && n == 1) {
          continue; // an Exscan alone moves nothing: its record says 0 bytes (docs/otf2.md)
        }
        RawEvent e = coll(op, count, 4, root, n);
        long[] sizes = CollectiveBytes.of(e, me, n);
        RawEventBuilder b = new RawEventBuilder(symbols, op, "s").set(Field.COMM, 0);
        if (op.has(Field.ROOT)) {
          b.set(Field.ROOT, root);
        }
        for (Field f : List.of(Field.TSIZE, Field.RTSIZE)) {
          if (op.has(f)) {
            b.set(f, 1);
          }
        }
        assertTrue(CollectiveBytes.fill(b, op, sizes[0], sizes[1], me, n, root, null),
            op + " " + n);
        for (Field f : List.of(Field.COUNT, Field.RCOUNT)) {
          if (op.isRequired(f) && !b.build().isPresent(f)) {
            b.set(f, 0);
          }
        }
        assertEquals(ByteCount.of(e, me), ByteCount.of(b.build(), me),
            () -> op + " n=" + n + " me=" + me + " root=" + root + " count=" + count);
      }
    }
  }

  @Test
  void alltoallvSharesAgreeBetweenMembers() {
    Random rnd = new Random(9);
    for (int trial = 0; trial < 200; trial++) {
      int n = 1 + rnd.nextInt(8);
      long[][] all = new long[n][2];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          long x = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1000);
          all[i][0] += x;
          all[j][1] += x;
        }
      }
      long[][][] views = new long[n][][];
      for (int me = 0; me < n; me++) {
        views[me] = CollectiveBytes.northwest(all, me);
        assertEquals(all[me][0], java.util.Arrays.stream(views[me][0]).sum(), "row " + me);
        assertEquals(all[me][1], java.util.Arrays.stream(views[me][1]).sum(), "column " + me);
      }
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          // What i sends to j is what j receives from i, on both ranks' own view.
          assertEquals(views[i][0][j], views[j][1][i], "trial " + trial + " " + i + "->" + j);
        }
      }
    }
    assertEquals(null, CollectiveBytes.northwest(new long[][] {{5, 1}, {0, 1}}, 0));
  }

  @Test
  void vCollectiveSharesAreSpreadKeepingTheTotal() {
    assertArrayEquals(new long[] {4, 10, 3}, CollectiveBytes.spread(17, 3, 1, 10));
    assertArrayEquals(new long[] {3, 2, 2}, CollectiveBytes.spread(7, 3, -1, 0));
  }

  @Test
  void anUnresolvedWildcardKeepsItsBytesInBenchgensAttribute() throws Exception {
    Path archive = tmp.resolve("a");
    Otf2Export.Result x = Otf2Export.run(Otf2Export.of(TraceDirectory.open(
        Path.of("../samples/traces/deadlock")).rankFiles()), archive, r -> { });
    assertEquals(1, x.rules().size(), x.rules().toString());
    assertTrue(x.rules().keySet().iterator().next().startsWith("ANY_SOURCE receives"));
    Path back = tmp.resolve("b");
    Otf2Import.Result r = Otf2Import.run(archive.resolve(Otf2Export.ANCHOR), back, n -> y -> { });
    assertEquals(Map.of(), r.rules());
    String rank1 = Files.readString(back.resolve("rank-1.trace"));
    assertTrue(rank1.contains("MPI_Recv site=deadlock.c:10+"), rank1);
    assertTrue(rank1.contains("src=ANY_SOURCE tag=ANY_TAG count=64 type=MPI_BYTE tsize=1"
        + " bytes=64"), rank1);
    assertTrue(Files.readString(back.resolve(Otf2Import.NOTES_FILE)).contains("none"));
    // otf2-print shows the attribute beside the receive's enter, for people.
    Process p = new ProcessBuilder("otf2-print", archive.resolve(Otf2Export.ANCHOR).toString())
        .redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor());
    assertTrue(text.contains("benchgen::unmatched_bytes"), text);
  }

  @Test
  void aFileThatIsNotOtf2IsRefusedNamingItAndNothingIsWritten() throws Exception {
    Path bogus = tmp.resolve("bogus.otf2");
    Files.writeString(bogus, "this is not an archive\n");
    Path out = tmp.resolve("out");
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> Otf2Import.run(bogus, out, n -> r -> { }));
    assertTrue(e.getMessage().startsWith(bogus.toString() + ": the OTF2 library failed"),
        e.getMessage());
    assertFalse(Files.exists(out));
    TraceProblem dir = assertThrows(TraceProblem.class,
        () -> Otf2Import.run(tmp, out, n -> r -> { }));
    assertTrue(dir.getMessage().contains("not an OTF2 anchor file"), dir.getMessage());
  }

  @Test
  void anArchiveWithItsEventFilesCutShortIsRefusedOrReadWhole() throws Exception {
    Path archive = tmp.resolve("a");
    Otf2Export.run(Otf2Export.of(TraceDirectory.open(Path.of("../samples/traces/ring"))
        .rankFiles()), archive, r -> { });
    Path evt = archive.resolve("traces/2.evt");
    byte[] b = Files.readAllBytes(evt);
    Files.write(evt, java.util.Arrays.copyOf(b, b.length / 2));
    Path out = tmp.resolve("out");
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> Otf2Import.run(archive.resolve(Otf2Export.ANCHOR), out, n -> r -> { }));
    assertTrue(e.getMessage().contains("traces.otf2"), e.getMessage());
    assertFalse(Files.exists(out));
  }

  @Test
  void malformedBridgeLinesAreRefusedSayingWhy() {
    for (String bad : List.of("send 1 2", "enter x 2", "leave 1 -2", "frobnicate 1",
        "coll_end 1 lower 0 0 0 0", "isend 1 2 3 4 5 99999999999999999999", "enter 1 2 3 4",
        "enter 1 2 request=x", "enter 1 2 colour=3",
        "recv 1 2 3 4 5 6")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> BridgeLines.parse(bad), bad);
      assertFalse(e.getMessage().isEmpty());
    }
    assertEquals("isend 5 1 0 7 64 3", BridgeLines.parse("isend 5 1 0 7 64 3").line());
  }

  @Test
  void recordsThatContradictTheDefinitionsAreRefused() throws Exception {
    Path defs = tmp.resolve("defs");
    Files.writeString(defs, "ranks 2\nclock 1000000000 0\nregion 0 MPI_Send\n"
        + "comm 0 group 0,1 -1 MPI_COMM_WORLD\n");
    ImportDefs d = ImportDefs.read(defs);
    RankImporter ri = new RankImporter(d, null, WindowReach.none(), 0, symbols,
        new RawTraceWriter(new StringWriter(), 0, 2, symbols), new RuleCounts());
    ri.accept(BridgeLines.parse("enter 1 0"));
    ri.accept(BridgeLines.parse("send 2 9 0 0 8"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ri.accept(BridgeLines.parse("leave 3 0")));
    assertTrue(e.getMessage().contains("names rank 9 of a communicator of 2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new RankImporter(d, null,
        WindowReach.none(), 1, symbols, new RawTraceWriter(new StringWriter(), 1, 2, symbols),
        new RuleCounts())
        .accept(BridgeLines.parse("leave 3 0")));
    Files.writeString(defs, "ranks 2\nclock 1000000000 0\ncomm 0 group 0,0 -1 x\n");
    assertThrows(IllegalArgumentException.class, () -> ImportDefs.read(defs));
  }

  /**
   * sst-macro's archives have no records for their nonblocking collectives: the call is kept
   * with 0 bytes, and counted among the calls whose bytes the archive does not say (the import's
   * warnings), apart from the rules.
   */
  @Test
  void aNonblockingCollectiveWithoutRecordsIsCountedAsUnknown() throws Exception {
    Path defs = tmp.resolve("defs");
    Files.writeString(defs, "ranks 1\nclock 1000000000 0\nregion 0 MPI_Iallreduce\n"
        + "region 1 MPI_Wait\ncomm 0 group 0 -1 MPI_COMM_WORLD\n");
    ImportDefs d = ImportDefs.read(defs);
    StringWriter out = new StringWriter();
    RuleCounts notes = new RuleCounts();
    RankImporter ri = new RankImporter(d, null, WindowReach.none(), 0, symbols,
        new RawTraceWriter(out, 0, 1, symbols), notes);
    ri.begin();
    for (String line : List.of("enter 1 0", "leave 2 0", "enter 3 1", "leave 4 1")) {
      ri.accept(BridgeLines.parse(line));
    }
    ri.end();
    assertEquals(Map.of("MPI_Iallreduce calls without a collective record: on the world,"
        + " 0 bytes", 1L), notes.unknowns());
    assertEquals(Map.of(), notes.counts());
    String iallreduce = out.toString().lines().filter(l -> l.startsWith("MPI_Iallreduce "))
        .findFirst().orElseThrow();
    assertTrue(iallreduce.contains(" count=0 "), iallreduce);
  }

  @Test
  void hostileStacksAndNamesStayBounded() throws Exception {
    Path defs = tmp.resolve("defs");
    String longName = "f".repeat(100_000);
    Files.writeString(defs, "ranks 1\nclock 1000000000 0\nregion 0 MPI_Barrier\nregion 1 "
        + longName + "\ncomm 0 group 0 -1 MPI_COMM_WORLD\n");
    ImportDefs d = ImportDefs.read(defs);
    StringWriter out = new StringWriter();
    RankImporter ri = new RankImporter(d, null, WindowReach.none(), 0, symbols,
        new RawTraceWriter(out, 0, 1, symbols), new RuleCounts());
    ri.accept(BridgeLines.parse("enter 1 1"));
    ri.accept(BridgeLines.parse("enter 2 0"));
    ri.accept(BridgeLines.parse("coll_begin 2"));
    ri.accept(BridgeLines.parse("coll_end 3 BARRIER 0 4294967295 0 0"));
    ri.accept(BridgeLines.parse("leave 4 0"));
    // The site keeps the region's name clipped, and its hash, not 100,000 characters.
    String line = out.toString().lines().filter(l -> l.startsWith("MPI_Barrier")).findFirst()
        .orElseThrow();
    assertTrue(line.length() < 400, line.length() + " characters");
    // Regions nested without end are refused at a bound, quickly.
    IllegalArgumentException deep = assertThrows(IllegalArgumentException.class, () -> {
      for (int i = 0; i < 2 * RankImporter.MAX_DEPTH; i++) {
        ri.accept(BridgeLines.parse("enter " + (10 + i) + " 1"));
      }
    });
    assertTrue(deep.getMessage().contains("nested more than"), deep.getMessage());
    // Without MPI_COMM_WORLD there is nothing to import onto: the definitions are refused.
    Files.writeString(defs, "ranks 2\nclock 1000000000 0\ncomm 0 group 1,0 -1 x\n");
    IllegalArgumentException noWorld = assertThrows(IllegalArgumentException.class,
        () -> ImportDefs.read(defs));
    assertTrue(noWorld.getMessage().contains("MPI_COMM_WORLD"), noWorld.getMessage());
  }

  private RawEvent coll(Op op, int count, int tsize, int root) {
    return coll(op, count, tsize, root, 4);
  }

  /** A collective of {@code count} elements per peer, every side and share consistent. */
  private RawEvent coll(Op op, int count, int tsize, int root, int n) {
    RawEventBuilder b = new RawEventBuilder(symbols, op, "s").set(Field.COMM, 0);
    long[] shares = new long[n];
    java.util.Arrays.fill(shares, count);
    for (Field f : op.fields()) {
      switch (f) {
        case ROOT -> b.set(f, root);
        case COUNT, RCOUNT -> b.set(f, count);
        case TSIZE, RTSIZE -> b.set(f, tsize);
        case TYPE, RTYPE -> b.name(f, "MPI_INT");
        case OP -> b.name(f, "MPI_SUM");
        case COUNTS, RCOUNTS -> b.list(f, shares);
        default -> { }
      }
    }
    return b.build();
  }
}
