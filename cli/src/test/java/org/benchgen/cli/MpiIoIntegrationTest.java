package org.benchgen.cli;

import static org.benchgen.cli.SampleTraces.assertCalls;
import static org.benchgen.cli.SampleTraces.cb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MPI-IO (issue 46) end to end on real MPI at 4 ranks: samples/mpi/mpiio.c traced, its calls and
 * bytes per rank against the numbers worked out by hand from the comment at its top, no file
 * name in the trace; its C+MPI benchmark generated, built, run into a scratch directory given
 * with --io-dir (which it leaves empty), traced, and verified exact.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MpiIoIntegrationTest {
  private static final int N = BenchmarkRuns.N;
  private static final int ITERS = 2;
  /** A directory name the trace must not hold: the sample writes its files under it. */
  private static final String SECRET = "secret-io-place";
  private BenchmarkRuns runs;

  @BeforeAll
  void samples(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void mpiIoIsTracedAndMadeAgain(String flavour) throws Exception {
    Path files = Files.createDirectories(runs.work().resolve(flavour + "-" + SECRET));
    BenchmarkRuns.Built b = runs.build(flavour, List.of("mpiio", String.valueOf(ITERS),
        files.toString()), "");
    TraceStats st = TraceStats.of(TraceDirectory.open(b.original()), n -> { });
    for (int r = 0; r < N; r++) {
      assertCalls(st, r, byHand(r));
    }
    // The names stay on the ranks: neither the directory nor a file's name is in any stream.
    try (Stream<Path> traced = Files.list(b.original())) {
      for (Path p : traced.toList()) {
        String text = Files.readString(p);
        assertFalse(text.contains(SECRET) || text.contains("shared.dat")
            || text.contains("own-"), p + " holds a file name");
      }
    }
    Path scratch = Files.createDirectories(runs.work().resolve(flavour + "-bench-io"));
    Path bench = runs.trace(flavour, "mpiio-bench", b.gen().resolve("mpiio"),
        List.of("--io-dir", scratch.toString()), N, List.of(BenchmarkRuns.NO_RAW));
    try (Stream<Path> left = Files.list(scratch)) {
      assertEquals(List.of(), left.filter(p -> !p.getFileName().toString().startsWith("."))
          .toList(), "the benchmark's files are removed at its end");
    }
    TraceStats bs = TraceArgument.stats(bench, new PrintWriter(new StringWriter()));
    for (int r = 0; r < N; r++) {
      assertCalls(bs, r, byHand(r));
    }
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }

  /**
   * samples/mpi/mpiio_view.c: a view with holes, a file found in place, a file unlinked behind
   * MPI's back and opened exclusively again. Its bytes per rank, from the sample's comment and
   * worked out by hand, are the file's layout: the byte view's read finds 64 + 4 x 4 x 16 = 320
   * bytes only where every rank's blocks land at the traced offsets (the blocks laid one after
   * the other from the displacement would end the file at 64 + 64 = 128), and the input's read
   * finds its 100 bytes only where the benchmark makes it of its traced size.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void viewsWithHolesAndFilesAsFoundAreMadeAgain(String flavour) throws Exception {
    Path files = Files.createDirectories(runs.work().resolve(flavour + "-view-" + SECRET));
    BenchmarkRuns.Built b = runs.build(flavour, List.of("mpiio_view", files.toString()), "");
    TraceStats st = TraceStats.of(TraceDirectory.open(b.original()), n -> { });
    for (int r = 0; r < N; r++) {
      assertCalls(st, r, viewByHand(r));
    }
    Path scratch = Files.createDirectories(runs.work().resolve(flavour + "-view-bench-io"));
    Path bench = runs.trace(flavour, "mpiio_view-bench", b.gen().resolve("mpiio_view"),
        List.of("--io-dir", scratch.toString()), N, List.of(BenchmarkRuns.NO_RAW));
    try (Stream<Path> left = Files.list(scratch)) {
      assertEquals(List.of(), left.toList(), "the benchmark's files are removed at its end");
    }
    TraceStats bs = TraceArgument.stats(bench, new PrintWriter(new StringWriter()));
    for (int r = 0; r < N; r++) {
      assertCalls(bs, r, viewByHand(r));
    }
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
  }

  /** Rank r's calls and bytes in mpiio_view.c at 4 ranks (its comment). */
  private static Map<Op, long[]> viewByHand(int r) {
    Map<Op, long[]> m = new HashMap<>(Map.of(Op.INIT, cb(1, 0), Op.FINALIZE, cb(1, 0),
        Op.BCAST, cb(1, 4096), Op.BARRIER, cb(4, 0), Op.FILE_OPEN, cb(4, 0),
        Op.FILE_CLOSE, cb(4, 0), Op.FILE_SET_VIEW, cb(2, 0), Op.FILE_SYNC, cb(2, 0),
        Op.FILE_WRITE_AT_ALL, cb(1, 4 * 16), Op.FILE_READ_AT, cb(2, 100 + 64 + 4 * N * 16)));
    if (r == 0) {
      m.put(Op.FILE_DELETE, cb(3, 0));
    }
    return m;
  }

  /** Rank r's calls and bytes, from mpiio.c's comment: per iteration 1 KiB written collectively,
   * read back, written by iwrite_at, 256 bytes by iwrite, 512 by a split collective; then
   * (r + 1) x 16 bytes through the shared pointer and read back in order, 1 KiB written and read
   * in the rank's own file; rank 0 deletes both files (each rank its own). */
  private static Map<Op, long[]> byHand(int r) {
    Map<Op, long[]> m = new HashMap<>(Map.of(Op.INIT, cb(1, 0), Op.FINALIZE, cb(1, 0),
        Op.BCAST, cb(1, 4096), Op.BARRIER, cb(2, 0), Op.WAIT, cb(2 * ITERS, 0),
        Op.FILE_OPEN, cb(2, 0), Op.FILE_CLOSE, cb(2, 0), Op.FILE_DELETE, cb(r == 0 ? 2 : 1, 0),
        Op.FILE_SET_VIEW, cb(2, 0), Op.FILE_SYNC, cb(ITERS + 1, 0)));
    m.putAll(Map.of(Op.FILE_SEEK, cb(2, 0), Op.FILE_SEEK_SHARED, cb(1, 0),
        Op.FILE_SET_SIZE, cb(1, 0), Op.FILE_WRITE_AT_ALL, cb(ITERS, 1024L * ITERS),
        Op.FILE_READ_AT, cb(ITERS, 1024L * ITERS), Op.FILE_IWRITE_AT, cb(ITERS, 1024L * ITERS),
        Op.FILE_IWRITE, cb(ITERS, 256L * ITERS), Op.FILE_WRITE_ALL_BEGIN, cb(ITERS, 0),
        Op.FILE_WRITE_ALL_END, cb(ITERS, 512L * ITERS)));
    m.putAll(Map.of(Op.FILE_WRITE_SHARED, cb(1, 16L * (r + 1)),
        Op.FILE_READ_ORDERED, cb(1, 16L * (r + 1)), Op.FILE_WRITE, cb(1, 1024),
        Op.FILE_READ, cb(1, 1024)));
    return m;
  }
}
