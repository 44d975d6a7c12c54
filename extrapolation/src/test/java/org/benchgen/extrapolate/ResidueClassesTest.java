package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.RankList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ranks alike by coordinate residue (a multigrid's coarse levels) are told apart and refused. */
class ResidueClassesTest {
  @TempDir
  Path dir;

  @Test
  void oddCoordinatesAlongZRepeatEveryTwo() {
    Grid g = new Grid(new int[] {2, 2, 4});
    // z odd on 2x2x4: z = r/4, so ranks 4..7 and 12..15 (by hand).
    RankList odd = RankList.of(4, 5, 6, 7, 12, 13, 14, 15);
    assertArrayEquals(new int[] {2, 2}, ResidueClasses.period(g, odd).orElseThrow());
    // The low end along z alone (ranks 0..3) repeats along no dimension with a period < 4.
    assertTrue(ResidueClasses.period(g, RankList.of(0, 1, 2, 3)).isEmpty());
  }

  @Test
  void theTargetsSidesNoTraceHadAreNamed() {
    CompressedTrace none = new CompressedTrace(1, java.util.List.of(), java.util.List.of(),
        new org.benchgen.trace.SymbolTable());
    java.util.List<Input> in = java.util.List.of(
        new Input("a", none, new Grid(new int[] {1, 2, 2}), new NodeKeys(java.util.List.of())),
        new Input("b", none, new Grid(new int[] {2, 2, 2}), new NodeKeys(java.util.List.of())),
        new Input("c", none, new Grid(new int[] {2, 2, 4}), null));
    // 2x4x4: x=2 and z=4 were traced, y=4 was not; 4x4x4: neither x=4 nor y=4.
    org.junit.jupiter.api.Assertions.assertEquals("4 along y",
        ResidueClasses.untraced(in, new Grid(new int[] {2, 4, 4})));
    org.junit.jupiter.api.Assertions.assertEquals("4 along x, 4 along y",
        ResidueClasses.untraced(in, new Grid(new int[] {4, 4, 4})));
  }

  @Test
  void aCallOnEveryOtherRankAlongASideIsRefusedSayingWhy() throws Exception {
    String text = "benchgen-compressed 1\nworld 16\n"
        + "MPI_Send site=a comm=0 dest=+1@0..14:2;-1@1..15:2 tag=1 count=4 type=MPI_INT"
        + " tsize=4\n"
        + "MPI_Send site=b comm=0 dest=+2@0..1/4x4;-2@2..3/4x4 tag=1 count=4 type=MPI_INT"
        + " tsize=4\n"
        + "MPI_Send site=c comm=0 dest=+4@0..7;-4@8..15 tag=1 count=4 type=MPI_INT tsize=4\n"
        + "MPI_Send site=d ranks=4..7/8x2 comm=0 dest=+8 tag=2 count=1 type=MPI_INT tsize=4\n";
    Path f = dir.resolve("t.bgc");
    Files.writeString(f, text.replace("tsize=4\n", "tsize=4\n    duration 10*16\n")
        .replace("10*16\nMPI_Send site=d", "10*16\nMPI_Send site=d").replace("tag=2 count=1"
        + " type=MPI_INT tsize=4\n    duration 10*16", "tag=2 count=1 type=MPI_INT tsize=4\n"
        + "    duration 10*8"));
    CompressedTrace t = TraceFiles.readCompressed(f);
    Input in = new Input("t16", t, GridInference.of(t), new NodeKeys(t.body()));
    ExtrapolationException e = assertThrows(ExtrapolationException.class,
        () -> ResidueClasses.check(in));
    assertTrue(e.getMessage().contains("runs on rank 4 and not on rank 8"), e.getMessage());
    assertTrue(e.getMessage().contains("repeat every 2 along z (side 4)"), e.getMessage());
  }
}
