package org.benchgen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;

/**
 * The programs of samples/mpi traced at {@link #N} ranks by {@code benchgen trace}, compressed,
 * and counted: what the MPI integration tests that check a program's calls and bytes share.
 */
final class SampleTraces {
  static final int N = 4;

  /** A traced run: its stream directory, compressed and counted. */
  record Traced(Path dir, CompressedTrace trace, TraceStats stats) {}

  private final Path work;
  private final Map<String, Path> bins;

  /** Samples built (once per test run, MpiSamples), traces written under {@code work}. */
  SampleTraces(Path work) throws Exception {
    this.work = work;
    this.bins = MpiSamples.bins();
  }

  /** Where {@code flavour}'s (openmpi, mpich) builds of the samples are. */
  Path bin(String flavour) {
    return bins.get(flavour);
  }

  Traced trace(String flavour, String program, int... args) throws Exception {
    return trace(flavour, List.of(), program, args);
  }

  /** {@code program args} under {@code benchgen trace options}, at N ranks of {@code flavour}. */
  Traced trace(String flavour, List<String> options, String program, int... args)
      throws Exception {
    Path dir = work.resolve(flavour + "-" + program + "-" + Arrays.toString(args).hashCode());
    List<String> cmd = new ArrayList<>();
    cmd.addAll(List.of("trace", "--raw", "-o", dir.toString()));
    cmd.addAll(options);
    cmd.add("--");
    cmd.addAll(MpiSamples.launcher(flavour, N));
    cmd.add(bins.get(flavour).resolve(program).toString());
    for (int a : args) {
      cmd.add(Integer.toString(a));
    }
    Cli.ok(cmd);
    InJobTraces.assertSameAsCompress(dir);
    TraceDirectory td = TraceDirectory.open(dir);
    CompressedTrace trace = new TraceCompressor().compress(td, n -> { }).trace();
    TraceStats raw = TraceStats.of(td, n -> { });
    // Compression on a real trace loses nothing that stats can see.
    assertEquals(raw.rows(), TraceStats.of(trace, n -> { }).rows(), program + ": stats after"
        + " compression");
    return new Traced(dir, trace, raw);
  }

  /** {calls, bytes}. */
  static long[] cb(long calls, long bytes) {
    return new long[] {calls, bytes};
  }

  /**
   * Rank {@code r} made exactly these call forms (by MPI name: MPI_Send apart from MPI_Send_c),
   * with these counts and bytes.
   */
  static void assertCallForms(TraceStats st, int r, Map<String, long[]> want) {
    Map<String, long[]> got = new java.util.TreeMap<>();
    st.rank(r).byCall().forEach((call, v) -> got.put(call.mpiName(), v));
    assertEquals(new TreeSet<>(want.keySet()), got.keySet(), "calls of rank " + r);
    for (Map.Entry<String, long[]> e : want.entrySet()) {
      assertArrayEquals(e.getValue(), got.get(e.getKey()), "rank " + r + " " + e.getKey()
          + " {calls, bytes}: expected " + Arrays.toString(e.getValue()) + " got "
          + Arrays.toString(got.get(e.getKey())));
    }
  }

  /** Rank {@code r} made exactly these calls, with these counts and bytes. */
  static void assertCalls(TraceStats st, int r, Map<Op, long[]> want) {
    Map<Op, long[]> got = st.rank(r).byOp();
    assertEquals(new TreeSet<>(want.keySet()), new TreeSet<>(got.keySet()), "calls of rank " + r);
    for (Map.Entry<Op, long[]> e : want.entrySet()) {
      assertArrayEquals(e.getValue(), got.get(e.getKey()), "rank " + r + " "
          + e.getKey().mpiName() + " {calls, bytes}: expected " + Arrays.toString(e.getValue())
          + " got " + Arrays.toString(got.get(e.getKey())));
    }
  }
}
