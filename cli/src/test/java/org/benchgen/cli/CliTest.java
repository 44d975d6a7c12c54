package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands as a user runs them: output, exit codes, and no half-written files. */
class CliTest {
  private static final Path RING = Path.of("../samples/traces/ring");

  @TempDir
  Path tmp;

  private static Cli.Result run(String... args) {
    return Cli.run(args);
  }

  private List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void helpListsCommandsAndExitCodes() {
    Cli.Result r = run("--help");
    assertEquals(0, r.code());
    for (String s : List.of("compress", "align", "resolve", "generate", "verify", "show", "expand",
        "stats", "synth", "Exit codes",
        "usage error")) {
      assertTrue(r.out().contains(s), s);
    }
    assertEquals(0, run("compress", "--help").code());
  }

  @Test
  void generateWritesABenchmarkOrNothing() throws Exception {
    Path out = tmp.resolve("bench");
    Cli.Result ok = run("generate", "../samples/traces/ring", "--lang", "c-mpi", "-o",
        out.toString());
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().contains("c-mpi benchmark for 4 ranks"), ok.out());
    assertTrue(ok.out().contains("approximations: none"), ok.out());
    assertTrue(Files.readString(out.resolve("ring.c")).contains("#define BG_RANKS 4"));
    assertTrue(Files.isRegularFile(out.resolve("Makefile")));
    assertTrue(Files.readString(out.resolve("bg_runtime.c")).contains("void bg_compute("));
    assertTrue(Files.isRegularFile(out.resolve("bg_runtime.h")));
    // A deadlock: the finding, exit 1, no directory.
    Path none = tmp.resolve("none");
    Cli.Result dead = run("generate", "../samples/traces/deadlock", "--lang", "c-mpi", "-o",
        none.toString());
    assertEquals(1, dead.code());
    assertTrue(dead.err().contains("BG201"), dead.err());
    assertTrue(Files.notExists(none));
    // Usage errors: exit 2.
    assertEquals(2, run("generate", "../samples/traces/ring", "--lang", "fortran", "-o",
        none.toString()).code());
    assertEquals(2, run("generate", "../samples/traces/ring", "--lang", "c-mpi", "--compute",
        "max", "-o", none.toString()).code());
    assertEquals(2, run("generate", "../samples/traces/ring", "--lang", "c-mpi", "--name",
        "1-bad", "-o", none.toString()).code());
    // --compute cpu needs CPU time, which the bundled ring (traced without it) does not have.
    Cli.Result noCpu = run("generate", "../samples/traces/ring", "--lang", "c-mpi", "--compute",
        "cpu", "-o", none.toString());
    assertEquals(2, noCpu.code());
    assertTrue(noCpu.err().contains("../samples/traces/ring has no CPU time; take the trace with"
        + " `benchgen trace --cpu-time`"), noCpu.err());
    assertTrue(Files.notExists(none));
  }

  @Test
  void generateRefusesANameTakenByTheLibraryOrTheMakefile() throws Exception {
    Path none = tmp.resolve("none");
    for (String name : List.of("bg_runtime", "clean", "makefile", "GNUmakefile")) {
      Cli.Result r = run("generate", RING.toString(), "--lang", "c-mpi", "--name", name, "-o",
          none.toString());
      assertEquals(2, r.code(), name);
      assertTrue(r.err().contains("program name '" + name + "' is taken: the c-mpi target"
          + " writes or builds [GNUmakefile, Makefile, bg_runtime, bg_runtime_comm, bg_runtime_io,"
          + " bg_runtime_lists, bg_runtime_requests, bg_runtime_rma, clean, hostfile, sim,"
          + " simrun]"
          + " beside the program;"
          + " choose another with --name"), r.err());
    }
    assertTrue(Files.notExists(none));
    // The coNCePTuaL target writes one file: the name is free there.
    assertEquals(0, run("generate", RING.toString(), "--lang", "conceptual", "--name", "clean",
        "-o", tmp.resolve("n").toString()).code());
  }

  @Test
  void generateWritesACoNCePTuaLProgram() throws Exception {
    Path out = tmp.resolve("ncptl");
    Cli.Result ok = run("generate", "../samples/traces/ring", "--lang", "conceptual", "-o",
        out.toString());
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().contains("conceptual benchmark for 4 ranks"), ok.out());
    // The ring's Waitall leaves nothing open: AWAIT COMPLETION says it exactly.
    assertTrue(ok.out().contains("approximations: none"), ok.out());
    String program = Files.readString(out.resolve("ring.ncptl"));
    assertTrue(program.contains("with num_tasks = 4."), program);
    assertTrue(program.contains("all tasks await completion"), program);
    try (var files = Files.list(out)) {
      assertEquals(List.of(out.resolve("ring.ncptl")), files.toList());
    }
  }

  /**
   * A persistent send and receive (2 ranks, started 3 times): coNCePTuaL has no persistent
   * requests and leaving them out would leave the receive waiting, so the conceptual target
   * refuses with BG301 naming the trace and the call, and writes nothing; c-mpi writes them.
   */
  @Test
  void generateRefusesWhatCoNCePTuaLCannotSayExactly() throws Exception {
    Path trace = Files.createDirectories(tmp.resolve("persistent"));
    for (int r = 0; r < 2; r++) {
      List<String> lines = new java.util.ArrayList<>(List.of("# benchgen-trace 1 rank=" + r
          + " size=2", "MPI_Init site=m.c:1 enter=0 exit=1000", r == 0
          ? "MPI_Send_init site=p.c:5 enter=2000 exit=2100 comm=0 dest=1 tag=7 count=4"
              + " type=MPI_INT tsize=4 req=1"
          : "MPI_Recv_init site=p.c:6 enter=2000 exit=2100 comm=0 src=0 tag=7 count=4"
              + " type=MPI_INT tsize=4 req=1"));
      long t = 3000;
      for (int k = 0; k < 3; k++) {
        lines.add("MPI_Start site=p.c:8 enter=" + t + " exit=" + (t + 100) + " req=1"
            + (r == 1 ? " bytes=16" : ""));
        lines.add("MPI_Wait site=p.c:9 enter=" + (t + 200) + " exit=" + (t + 300) + " req=1");
        t += 1000;
      }
      lines.add("MPI_Request_free site=p.c:11 enter=" + t + " exit=" + (t + 100) + " req=1");
      lines.add("MPI_Finalize site=m.c:9 enter=" + (t + 200) + " exit=" + (t + 300));
      Files.writeString(trace.resolve("rank-" + r + ".trace"), String.join("\n", lines) + "\n");
    }
    Path out = tmp.resolve("refused");
    Cli.Result no = run("generate", trace.toString(), "--lang", "conceptual", "-o",
        out.toString());
    assertEquals(1, no.code(), no.out() + no.err());
    assertTrue(no.err().contains("error BG301 in " + trace), no.err());
    assertTrue(no.err().contains("MPI_Start at p.c:8"), no.err());
    assertTrue(no.err().contains("persistent"), no.err());
    assertFalse(Files.exists(out), "nothing written");
    Cli.Result c = run("generate", trace.toString(), "--lang", "c-mpi", "-o",
        tmp.resolve("c").toString());
    assertEquals(0, c.code(), c.out() + c.err());
  }

  @Test
  void verifyComparesCallsAndBytes() {
    Cli.Result same = run("verify", "../samples/traces/ring", "../samples/traces/ring");
    assertEquals(0, same.code(), same.err());
    assertTrue(same.out().contains("verdict: same calls and bytes"), same.out());
    Cli.Result other = run("verify", "../samples/traces/ring", "../samples/traces/stencil2d");
    assertEquals(1, other.code());
    assertTrue(other.out().contains("world size: 4 vs 6"), other.out());
    assertTrue(other.out().contains("verdict: DIFFERENT"), other.out());
  }

  @Test
  void usageErrorsExitTwo() {
    assertEquals(2, run("compress").code());
    assertEquals(2, run("frobnicate").code());
    assertEquals(2, run("synth", "nosuch", "--ranks", "4", "-o", tmp.resolve("x").toString())
        .code());
  }

  /**
   * The wildcard sample's waits, by hand from its files: rank 0's six receives enter before their
   * senders start (1150300-1120000, 1158700-1152800, 1163900-1160900, 1290200-1275000,
   * 1296500-1292500, 1301800-1298800: 61400 ns); at MPI_Finalize rank 0 enters last (1315000),
   * after ranks 1, 2 and 3 (1309000, 1312000, 1306000).
   */
  @Test
  void statsWaitsOfTheWildcardSampleAreThoseComputedByHand() {
    Cli.Result csv = run("stats", RING.resolveSibling("wildcard").toString(), "--waits",
        "--format", "csv");
    assertEquals(0, csv.code(), csv.err());
    assertTrue(csv.out().startsWith("rank,op,calls,bytes,late_sender_ns,collective_wait_ns\n"),
        csv.out());
    for (String row : List.of("0,MPI_Recv,6,2400,61400,0", "0,MPI_Finalize,1,0,0,0",
        "1,MPI_Finalize,1,0,0,6000", "2,MPI_Finalize,1,0,0,3000", "3,MPI_Finalize,1,0,0,9000")) {
      assertTrue(csv.out().contains("\n" + row + "\n"), row + " in\n" + csv.out());
    }
    Cli.Result text = run("stats", RING.resolveSibling("wildcard").toString(), "--waits");
    assertTrue(text.out().contains("(exact)"), text.out());
  }

  @Test
  void compressShowExpandStatsOnTheRingSample() throws IOException {
    Path out = tmp.resolve("ring.bgc");
    Cli.Result c = run("compress", RING.toString(), "-o", out.toString());
    assertEquals(0, c.code(), c.err());
    assertTrue(c.out().contains("4 ranks, 68 events -> 5 RSDs, 1 loops"), c.out());
    Cli.Result show = run("show", out.toString());
    assertTrue(show.out().contains("loop x5"), show.out());
    assertTrue(show.out().contains("dest=r+1"), show.out());
    Cli.Result csv = run("stats", out.toString(), "--format", "csv");
    // Hand check: each rank sends 5 messages of 1024 doubles: 5 * 1024 * 8 = 40960 bytes.
    assertTrue(csv.out().startsWith("rank,op,calls,bytes\n"), csv.out());
    assertTrue(csv.out().contains("\n2,MPI_Isend,5,40960\n"), csv.out());
    assertEquals(csv.out(), run("stats", RING.toString(), "--format", "csv").out());
    Path back = tmp.resolve("back");
    assertEquals(0, run("expand", out.toString(), "-o", back.toString()).code());
    assertEquals(csv.out(), run("stats", back.toString(), "--format", "csv").out());
    assertTrue(run("stats", out.toString()).out().contains("point-to-point bytes sent"));
    assertTrue(run("stats", out.toString(), "--format", "json").out().contains("\"rows\""));
  }

  @Test
  void badInputExitsOneNamesTheFileAndWritesNothing() throws IOException {
    Path bad = Files.createDirectory(tmp.resolve("bad"));
    Files.writeString(bad.resolve("rank-0.trace"), "# benchgen-trace 1 rank=0 size=1\n"
        + "MPI_Init site=m enter=5 exit=6\nMPI_Barrier site=b enter=1 exit=2 comm=0\n");
    Cli.Result r = run("compress", bad.toString(), "-o", tmp.resolve("out.bgc").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("rank-0.trace:3: time goes backwards"), r.err());
    assertEquals(List.of("bad"), files(), "no output, no temporary file left");
    Cli.Result missing = run("show", tmp.resolve("nope.bgc").toString());
    assertEquals(1, missing.code());
    assertTrue(missing.err().contains("nope.bgc"), missing.err());
  }

  @Test
  void expandRefusesToMixIntoAnExistingTrace() throws IOException {
    Path out = tmp.resolve("ring.bgc");
    run("compress", RING.toString(), "-o", out.toString());
    Path existing = Files.createDirectory(tmp.resolve("existing"));
    Files.writeString(existing.resolve("keep.txt"), "mine");
    Cli.Result r = run("expand", out.toString(), "-o", existing.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("exists and is not an empty directory"), r.err());
    assertEquals(List.of("keep.txt"), Files.list(existing).map(p -> p.getFileName().toString())
        .toList());
  }

  @Test
  void synthWritesAStencilWhoseEdgesMergeIntoOneLoop() throws IOException {
    Path d = tmp.resolve("st");
    assertEquals(0, run("synth", "stencil2d", "--ranks", "16", "--iterations", "20", "-o",
        d.toString()).code());
    Path out = tmp.resolve("st.bgc");
    Cli.Result c = run("compress", d.toString(), "-o", out.toString());
    // Init, one loop of 20 iterations, Finalize: 4 receives + 4 sends + Waitall + Init/Finalize.
    assertTrue(c.out().contains("16 ranks, " + (16 * 2 + 20 * (2 * 48 + 16))
        + " events -> 11 RSDs, 1 loops"), c.out());
  }

  @Test
  void alignJoinsTheSplitBarrierAndPassesOthersThrough() throws IOException {
    Path out = tmp.resolve("sc.bgc");
    Cli.Result a = run("align", "../samples/traces/split-collectives", "-o", out.toString());
    assertEquals(0, a.code(), a.err());
    assertTrue(a.out().contains("3 collective calls joined from several call sites"), a.out());
    assertTrue(run("show",
        out.toString()).out().contains("MPI_Barrier comm=0  @split.c:21|split.c:24"));
    Cli.Result ring = run("align", RING.toString(), "-o", tmp.resolve("ring.bgc").toString());
    assertTrue(ring.out().contains("written unchanged"), ring.out());
    assertEquals(run("stats", RING.toString(), "--format", "csv").out(),
        run("stats", tmp.resolve("ring.bgc").toString(), "--format", "csv").out());
  }

  @Test
  void alignReportsDisagreeingRanksExitsOneAndWritesNothing() throws IOException {
    Path bad = Files.createDirectory(tmp.resolve("bad"));
    Files.writeString(bad.resolve("rank-0.trace"), "# benchgen-trace 1 rank=0 size=2\n"
        + "MPI_Barrier site=a.c:1 enter=1 exit=2 comm=0\nMPI_Finalize site=m enter=3 exit=4\n");
    Files.writeString(bad.resolve("rank-1.trace"), "# benchgen-trace 1 rank=1 size=2\n"
        + "MPI_Bcast site=a.c:2 enter=1 exit=2 comm=0 root=1 count=1 type=MPI_INT tsize=4\n"
        + "MPI_Finalize site=m enter=3 exit=4\n");
    Cli.Result r = run("align", bad.toString(), "-o", tmp.resolve("out.bgc").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("error BG101"), r.err());
    assertTrue(r.err().contains("ranks 0 call MPI_Barrier at a.c:1; ranks 1 call MPI_Bcast at"
        + " a.c:2 (root 1)"), r.err());
    assertEquals(List.of("bad"), files(), "no output, no temporary file left");
  }

  @Test
  void resolveWritesSourcesAndReportsFigure5() throws IOException {
    Path out = tmp.resolve("w.bgc");
    Cli.Result ok = run("resolve", "../samples/traces/wildcard", "-o", out.toString());
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().contains("6 wildcard receives resolved"), ok.out());
    assertTrue(run("show", out.toString()).out().contains("src=2,1,3*2,1,2"));
    Cli.Result re = run("resolve", "--re-resolve", "../samples/traces/wildcard", "-o",
        tmp.resolve("w2.bgc").toString());
    assertEquals(0, re.code(), re.err());
    assertTrue(re.err().contains("warning: rank 0: MPI_Recv at wildcard.c:22"), re.err());
    Cli.Result dead = run("resolve", "../samples/traces/deadlock", "-o",
        tmp.resolve("d.bgc").toString());
    assertEquals(1, dead.code());
    assertTrue(dead.err().contains("error BG201"), dead.err());
    assertTrue(dead.err().contains("ranks 0 -> 1 -> 0 wait for each other"), dead.err());
    assertEquals(List.of("w.bgc", "w2.bgc"), files(), "no output for the deadlocked trace");
  }
}
