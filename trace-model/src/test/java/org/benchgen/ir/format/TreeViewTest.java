package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreeViewTest {
  /**
   * 4 ranks: a loop of all ranks holding a send of ranks 0..2 to the next rank, a send of rank 3
   * to PROC_NULL, and a loop of ranks 0 and 2 around an allreduce on their communicator.
   * Compute times are under a microsecond, so the view prints them in whole nanoseconds.
   */
  private static final String[] TRACE = {
      "benchgen-compressed 1",
      "world 4",
      "comm 1 members=0,2",
      "MPI_Init site=main.c:1",
      "    duration n=4 min=10 max=10 mean=10.0 sd=0.0 bins=4:4",
      "loop trips=10 {",
      "  MPI_Send site=a.c:2 ranks=0..2 comm=0 dest=+1 tag=0 count=4 type=MPI_INT tsize=4",
      "      compute after=main.c:1 n=3 min=500 max=500 mean=500.0 sd=0.0 bins=9:3",
      "      duration n=30 min=10 max=10 mean=10.0 sd=0.0 bins=4:30",
      "  MPI_Send site=a.c:3 ranks=3 comm=0 dest=PROC_NULL tag=0 count=4 type=MPI_INT tsize=4",
      "      duration n=10 min=10 max=10 mean=10.0 sd=0.0 bins=4:10",
      "  loop ranks=0,2 trips=2 {",
      "    MPI_Allreduce site=b.c:1 comm=1 count=2 type=MPI_DOUBLE tsize=8 op=MPI_SUM",
      "        duration n=40 min=10 max=10 mean=10.0 sd=0.0 bins=4:40",
      "  }",
      "}",
      "MPI_Finalize site=main.c:9",
      "    duration n=4 min=10 max=10 mean=10.0 sd=0.0 bins=4:4"};

  private static List<String> view(String... trace) {
    StringWriter out = new StringWriter();
    try (PrintWriter w = new PrintWriter(out)) {
      TreeView.print(HandWrittenTrace.read(trace), w);
    }
    return out.toString().lines().toList();
  }

  @Test
  void theSummaryCountsNodesAndDepthAndListsCommunicators() {
    List<String> v = view(TRACE);
    // Init, two sends, the allreduce, Finalize; two loops, one inside the other.
    assertEquals(List.of("4 ranks, 5 RSDs, 2 loops (nested 2 deep), 1 communicators besides the"
        + " world", "comm 1: world ranks 0,2", ""), v.subList(0, 3));
  }

  @Test
  void theTreeIsIndentedByLoopAndShowsRanksOnlyWhereTheyDifferFromTheParent() {
    List<String> v = view(TRACE);
    List<String> tree = v.subList(3, v.size());
    assertEquals(List.of(
        "MPI_Init  @main.c:1",
        "loop x10",
        // 4 x 4 bytes; the peer as an expression of the rank.
        "  MPI_Send comm=0 dest=r+1 tag=0 count=4 type=MPI_INT (16 B)  [ranks 0..2]  @a.c:2",
        "      compute mean 500 ns sd 0 ns (min 500 ns, max 500 ns, n=3) after @main.c:1",
        // A send to PROC_NULL moves nothing: no size.
        "  MPI_Send comm=0 dest=PROC_NULL tag=0 count=4 type=MPI_INT  [ranks 3]  @a.c:3",
        "  loop x2  [ranks 0,2]",
        // The loop's ranks: not repeated; 2 x 8 bytes.
        "    MPI_Allreduce comm=1 count=2 type=MPI_DOUBLE op=MPI_SUM (16 B)  @b.c:1",
        "MPI_Finalize  @main.c:9"), tree);
  }

  @Test
  void aSizeThatChangesBetweenExecutionsIsNotShown() {
    List<String> v = view("benchgen-compressed 1", "world 2", "loop trips=2 {",
        "MPI_Bcast site=c.c:1 comm=0 root=0 count=2,4 type=MPI_INT tsize=4",
        "    duration n=4 min=10 max=10 mean=10.0 sd=0.0 bins=4:4", "}");
    assertEquals("  MPI_Bcast comm=0 root=0 count=2,4 type=MPI_INT  @c.c:1",
        v.get(v.size() - 1));
  }

  @Test
  void rankDependentValuesNameTheirRanks() {
    List<String> v = view("benchgen-compressed 1", "world 4",
        "loop trips=2@0,1;3@2,3 {",
        "  MPI_Barrier site=d.c:1 comm=0",
        "      duration n=10 min=10 max=10 mean=10.0 sd=0.0 bins=4:10",
        "}");
    assertEquals(List.of("loop x2 on 0,1; 3 on 2,3", "  MPI_Barrier comm=0  @d.c:1"),
        v.subList(v.size() - 2, v.size()));
  }

  @Test
  void timesAreWrittenWithAPointWhateverTheLocale() {
    // 1,500 ns is 1.50 us; a German default locale would write 1,50.
    java.util.Locale before = java.util.Locale.getDefault();
    java.util.Locale.setDefault(java.util.Locale.GERMANY);
    try {
      List<String> v = view("benchgen-compressed 1", "world 1", "MPI_Init site=m",
          "    duration n=1 min=10 max=10 mean=10.0 sd=0.0 bins=4:1", "MPI_Finalize site=m",
          "    compute after=m n=1 min=1500 max=1500 mean=1500.0 sd=0.0 bins=11:1",
          "    duration n=1 min=10 max=10 mean=10.0 sd=0.0 bins=4:1");
      assertEquals("    compute mean 1.50 us sd 0 ns (min 1.50 us, max 1.50 us, n=1) after @m",
          v.get(v.size() - 1));
    } finally {
      java.util.Locale.setDefault(before);
    }
  }
}
