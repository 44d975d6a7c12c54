package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI-4's large-count calls in the C+MPI target, checked with both real compilers: a call traced
 * in its large-count form ({@code large=1}) is made in it, its counts beyond an int held in
 * tables of long long and its lists in tables of MPI_Count; a derived datatype's count in bytes
 * beyond an int takes the large-count form too; an MPI without those forms (Open MPI 4.1) refuses
 * to build the program, saying why. (Counts of 3 GB: compiled, not run; samples/mpi/large_count
 * runs, at small counts, in BenchmarkIntegrationTest.)
 */
class LargeCountTest {
  @TempDir
  Path tmp;

  @Test
  void largeCountsAreMadeByTheLargeCountForms() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("trace"));
    for (int r = 0; r < 2; r++) {
      String p2p = r == 0
          ? "MPI_Send site=s.c:%d enter=%d exit=%d comm=0 dest=1 tag=0 count=%d type=%s tsize=%d%s"
          : "MPI_Recv site=r.c:%d enter=%d exit=%d comm=0 src=0 tag=0 count=%d type=%s tsize=%d"
              + " bytes=%s";
      String last = r == 0 ? "" : "3000000000";
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=2",
          "MPI_Init site=m.c:1 enter=1000 exit=2000",
          // One site, two counts: 3 GB and 5 bytes of MPI_CHAR, by MPI_Send_c and MPI_Recv_c.
          String.format(p2p, 2, 3000, 4000, 3000000000L, "MPI_CHAR", 1,
              r == 0 ? " large=1" : "3000000000 large=1"),
          String.format(p2p, 2, 5000, 6000, 5L, "MPI_CHAR", 1, r == 0 ? " large=1" : "5 large=1"),
          // A derived type of 3 MB, 1000 of them: 3 GB as bytes, traced by the int forms.
          String.format(p2p, 3, 7000, 8000, 1000L, "derived", 3000000, last),
          // What each sends the other is what the other receives (resolve checks it).
          "MPI_Alltoallv site=a.c:4 enter=9000 exit=9500 comm=0 counts=" + (r == 0 ? "1,3" : "3,2")
              + " type=MPI_INT tsize=4 rcounts=" + (r == 0 ? "1,3" : "3,2")
              + " rtype=MPI_INT rtsize=4 large=1",
          "MPI_Finalize site=m.c:9 enter=10000 exit=11000", ""));
    }
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(
        CMpiTargetTest.compress(dir), new CMpiTarget(),
        new GenerateOptions("bench", ComputeMode.MEAN, 7)));
    assertEquals(List.of(WIDE, "a datatype that is not a predefined MPI type was sent as bytes"
        + " (MPI_BYTE, count x type size)"),
        g.approximations().stream().map(a -> a.replaceAll(" \\(\\d+ times\\)$", "")).toList());
    Path d = Files.createDirectories(tmp.resolve("bench"));
    for (GeneratedFile f : g.files()) {
      Files.writeString(d.resolve(f.name()), f.text());
    }
    String code = Files.readString(d.resolve("bench.c"));
    assertTrue(code.contains("#define BG_LARGE_COUNT 1"), code);
    assertTrue(code.matches("(?s).*static const long long seq\\d+\\[\\] = \\{3000000000, 5\\};.*"),
        code);
    assertTrue(code.contains("MPI_Send_c(bg_sbuf, 3000000000, MPI_BYTE,"), code);
    assertTrue(code.contains("MPI_Recv_c(bg_rbuf, 3000000000, MPI_BYTE,"), code);
    assertTrue(code.matches("(?s).*static const MPI_Count clist\\d+\\[\\] = \\{2, 1, [23]\\};.*"),
        code);
    assertTrue(code.contains("MPI_Alltoallv_c(bg_sbuf, "), code);
    assertTrue(code.contains("bg_displs_c(0, "), code);
    // MPICH 4 builds it without a warning; Open MPI 4.1, which has no MPI_Send_c, says why not.
    String flags = "CFLAGS=-O2 -std=c99 -Wall -Wextra -Werror";
    assertEquals(0, make(d, "mpicc.mpich", flags).exit, "make with MPICH");
    make(d, "mpicc.mpich", "clean");
    Made openmpi = make(d, "mpicc.openmpi", flags);
    assertNotEquals(0, openmpi.exit);
    assertTrue(openmpi.out.contains("this benchmark makes MPI-4 large-count calls (MPI_Send_c,"
        + " ...), which this MPI library lacks"), openmpi.out);
  }

  /**
   * Counts that fit an int one by one but not laid out one after the other, and a derived
   * type's counts in bytes (a helper's review found both passed as ints): 3 ranks, an
   * MPI_Alltoallv of 1e9 MPI_BYTEs to each rank (the traced program could send one buffer at
   * displacement 0; the benchmark's third block starts at 2e9, its end at 3e9), and an
   * MPI_Reduce_scatter of 2.2e6 elements of a 1000-byte type (2.2e9 bytes) to rank 0, both by
   * their int forms: each is made by its large-count form.
   */
  @Test
  void displacementsAndByteCountsBeyondAnIntTakeTheLargeCountForm() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("sums"));
    String gig = "1000000000";
    for (int r = 0; r < 3; r++) {
      Files.writeString(dir.resolve("rank-" + r + ".trace"), String.join("\n",
          "# benchgen-trace 1 rank=" + r + " size=3",
          "MPI_Init site=m.c:1 enter=1000 exit=2000",
          "MPI_Alltoallv site=a.c:2 enter=3000 exit=4000 comm=0 counts=" + gig + "," + gig + ","
              + gig + " type=MPI_BYTE tsize=1 rcounts=" + gig + "," + gig + "," + gig
              + " rtype=MPI_BYTE rtsize=1",
          "MPI_Reduce_scatter site=r.c:3 enter=5000 exit=6000 comm=0 rcounts=2200000,1,1"
              + " type=derived tsize=1000 op=user",
          "MPI_Finalize site=m.c:9 enter=10000 exit=11000", ""));
    }
    Benchmarks.Generated g = assertInstanceOf(Benchmarks.Generated.class, Benchmarks.generate(
        CMpiTargetTest.compress(dir), new CMpiTarget(),
        new GenerateOptions("bench", ComputeMode.MEAN, 7)));
    assertTrue(g.approximations().stream().anyMatch(a -> a.startsWith(WIDE)), g.approximations()
        .toString());
    String code = g.files().stream().filter(f -> f.name().equals("bench.c")).findFirst()
        .orElseThrow().text();
    assertTrue(code.contains("MPI_Alltoallv_c(bg_sbuf, "), code);
    assertTrue(code.contains("MPI_Reduce_scatter_c(bg_sbuf, bg_rbuf, "), code);
    // The Reduce_scatter's counts in bytes, 2.2e9 beyond an int, as MPI_Counts.
    assertTrue(code.matches("(?s).*static const MPI_Count clist\\d+\\[\\] = \\{3, 2200000000,"
        + " 1000, 1000\\};.*"), code);
  }

  private static final String WIDE = "a count or a displacement beyond an int (a datatype's count"
      + " in bytes, blocks laid out one after the other) is passed by the call's large-count form"
      + " (MPI_..._c), which the traced call was not";

  private record Made(int exit, String out) {}

  private static Made make(Path dir, String compiler, String arg) throws Exception {
    Process p = new ProcessBuilder("make", "-s", "MPICC=" + compiler, arg).directory(dir.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Made(p.waitFor(), out);
  }
}
