package org.benchgen.cli;

import static org.benchgen.cli.SampleTraces.assertCalls;
import static org.benchgen.cli.SampleTraces.cb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `use mpi_f08` on real MPI (issue 46): its bindings are other symbols than `use mpi`'s, which
 * the tracer wraps from the same signature table (docs/tracer.md, "mpi_f08"). Under Open MPI and
 * MPICH, samples/mpi/ring_f08.f90 is traced with every call at its own site in the program, every
 * rank's calls and bytes as worked out by hand (samples/mpi/README.md), and its C+MPI benchmark
 * verifies identical; and every f08 entry point that the MPI library exports for a call the
 * tracer records is one the tracer wraps.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MpiF08Test {
  private static final int N = BenchmarkRuns.N;
  private static final Pattern F08 = Pattern.compile("^mpi_(\\w+?)_f08(ts)?(_large)?_$");

  private BenchmarkRuns runs;

  @BeforeAll
  void setUp(@TempDir Path tmp) {
    runs = new BenchmarkRuns(tmp);
  }

  /** ring_f08 at 4 ranks, 5 iterations of 64 doubles, traced, regenerated and verified. */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void ringF08IsTracedExactlyAndItsBenchmarkVerifies(String flavour) throws Exception {
    int it = 5;
    int c = 64;
    BenchmarkRuns.Built b = runs.build(flavour, List.of("ring_f08", "" + it, "" + c), "");
    TraceStats st = TraceStats.of(TraceDirectory.open(b.original()), n -> { });
    for (int r = 0; r < N; r++) {
      assertCalls(st, r, Map.ofEntries(Map.entry(Op.INIT, cb(1, 0)),
          Map.entry(Op.FINALIZE, cb(1, 0)), Map.entry(Op.IRECV, cb(it + 1, 8L * c * it + 32)),
          Map.entry(Op.ISEND, cb(it + 2, 8L * c * it + 64)), Map.entry(Op.WAITALL, cb(it, 0)),
          Map.entry(Op.WAITANY, cb(2, 0)),
          Map.entry(Op.SENDRECV, cb(it, 8L * c * it)), Map.entry(Op.ALLREDUCE, cb(it, 8L * it)),
          Map.entry(Op.RECV, cb(1, 32)), Map.entry(Op.WAIT, cb(1, 0)),
          // In place: the rank's own block of 2 integers (MPI_IN_PLACE of mpi_f08 seen as such).
          Map.entry(Op.ALLGATHER, cb(1, 8)), Map.entry(Op.COMM_SPLIT, cb(1, 0)),
          Map.entry(Op.BCAST, cb(1, 16)), Map.entry(Op.COMM_FREE, cb(1, 0))));
      List<String> lines = Files.readAllLines(b.original().resolve("rank-" + r + ".trace"));
      // The wildcard receive's source, from the status that mpi_f08 gave the tracer.
      String recv = lines.stream().filter(l -> l.startsWith("MPI_Recv ")).findFirst()
          .orElseThrow();
      assertTrue(recv.contains(" src=ANY_SOURCE ") && recv.contains(" asrc=" + (r + N - 1) % N
          + " "), recv);
      // The two MPI_Waitany complete one request each, the receive and the send: the index
      // read as the library gives it (MPICH 4.0.2's mpi_f08 counts from 0, Open MPI's from 1).
      List<String> done = lines.stream().filter(l -> l.startsWith("MPI_Waitany "))
          .map(l -> l.replaceAll("^.* done=(\\S*).*$", "$1")).toList();
      assertEquals(2, done.size(), done.toString());
      assertTrue(done.get(0).matches("\\d+") && done.get(1).matches("\\d+")
          && !done.get(0).equals(done.get(1)), done.toString());
      // Each call at its site in the program, not in the MPI library's f08 layer (MPICH's
      // mpi_irecv_f08ts_ calls the C MPI_Irecv: a C wrapper alone would see it there).
      List<String> sites = lines.stream().filter(l -> l.startsWith("# site ")).toList();
      assertEquals(18, sites.size(), String.join("\n", sites));
      for (String s : sites) {
        assertTrue(s.contains(" = ring_f08+0x"), s);
      }
    }
    Path bench = runs.trace(flavour, "ring_f08-bench", b.gen().resolve("ring_f08"), List.of(), N,
        List.of(BenchmarkRuns.NO_RAW));
    Cli.Result v = Cli.run("verify", b.original().toString(), bench.toString());
    assertEquals(0, v.code(), v.out() + v.err());
    assertTrue(v.out().contains("verdict: same calls and bytes"), v.out());
  }

  /**
   * Every f08 entry point (mpi_NAME_f08_, MPICH's mpi_NAME_f08ts_ and large-count _large_) that
   * the library of the program exports, for a call the tracer wraps in C, the tracer defines
   * too; and every one it defines, the library has (the same name, so the same arguments).
   * Where one were missing, a program that called it would go unrecorded under Open MPI (its f08
   * layer calls PMPI_) and, for some calls, under MPICH.
   */
  @ParameterizedTest(name = "under {0}")
  @ValueSource(strings = {"openmpi", "mpich"})
  void everyF08EntryPointOfATracedCallIsWrapped(String flavour) throws Exception {
    String ldd = MpiSamples.run(List.of("ldd", runs.sample(flavour, "ring_f08").toString()),
        runs.work());
    Path f08lib = Arrays.stream(ldd.split("\n"))
        .filter(l -> l.contains("libmpi_usempif08") || l.contains("libmpichfort"))
        .map(l -> Path.of(l.replaceAll("^.*=> (\\S+) .*$", "$1").strip())).findFirst()
        .orElseThrow(() -> new AssertionError("no f08 library in\n" + ldd));
    Set<String> library = defined(f08lib);
    Set<String> tracer = defined(TraceCommand.defaultLibrary(flavour.equals("openmpi")
        ? MpiLauncher.Flavour.OPENMPI : MpiLauncher.Flavour.MPICH));
    Set<String> traced = tracer.stream().filter(s -> s.startsWith("MPI_"))
        .map(s -> s.substring(4).toLowerCase(java.util.Locale.ROOT)).collect(Collectors.toSet());
    Set<String> missing = new TreeSet<>();
    int wrapped = 0;
    for (String s : library) {
      Matcher m = F08.matcher(s);
      if (m.matches() && (traced.contains(m.group(1)) || m.group(1).equals("init_thread"))) {
        wrapped++;
        if (!tracer.contains(s)) {
          missing.add(s);
        }
      }
    }
    assertEquals(Set.of(), missing, "f08 entry points of " + f08lib + " the tracer misses");
    // Open MPI 4.1: 111 (no MPI-4 calls); MPICH 4.0: 228 (with the persistent collectives and
    // large-count forms). Far fewer would mean that the names no longer match.
    assertTrue(wrapped > 100, wrapped + " f08 entry points");
    Set<String> extra = tracer.stream().filter(s -> F08.matcher(s).matches())
        .filter(s -> !library.contains(s)).collect(Collectors.toCollection(TreeSet::new));
    // A large-count form of a call whose ordinary form the library has is a form this version
    // lacks (MPICH 4.0.2 has none of its MPI-IO calls'), not a misnamed wrapper: no program can
    // call it against this library, and a later one may have it.
    extra.removeIf(s -> s.endsWith("_large_") && library.contains(s.replace("_large_", "_")));
    assertEquals(Set.of(), extra, "f08 wrappers of names " + f08lib + " does not have");
  }

  /** The dynamic symbols a library defines. */
  private Set<String> defined(Path lib) throws Exception {
    String out = MpiSamples.run(List.of("nm", "-D", "--defined-only", lib.toString()),
        runs.work());
    return Arrays.stream(out.split("\n")).map(l -> l.trim().split("\\s+"))
        .filter(f -> f.length == 3).map(f -> f[2].replaceAll("@.*$", ""))
        .collect(Collectors.toSet());
  }
}
