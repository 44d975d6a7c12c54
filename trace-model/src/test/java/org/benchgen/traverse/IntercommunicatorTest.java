package org.benchgen.traverse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Intercommunicators: two groups, peers in the other one, roots MPI_ROOT and MPI_PROC_NULL. */
class IntercommunicatorTest {
  @TempDir
  Path dir;

  private static final String D = "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1";

  /**
   * 5 ranks; communicator 9 joins group A = {0, 2, 4} (lowest world rank first) and B = {1, 3}.
   * A's ranks send to B's rank (theirs mod 2); rank 0 broadcasts to B (MPI_ROOT), 2 and 4 idle.
   */
  private static CompressedTrace trace(String... body) throws IOException {
    List<String> lines = new ArrayList<>(List.of("benchgen-compressed 1", "world 5",
        "comm 9 members=0,2,4 remote=1,3"));
    lines.addAll(List.of(body));
    return CompressedTraceReader.read(Path.of("t.bgc"), new BufferedReader(new StringReader(
        String.join("\n", lines) + "\n")));
  }

  @Test
  void peersAreRanksOfTheOtherGroup() throws IOException {
    CompressedTrace t = trace("MPI_Send site=s ranks=0..4:2 comm=9 dest=0@0,4;1@2 tag=1"
        + " count=1 type=MPI_INT tsize=4", D);
    Communicators c = new Communicators(t);
    assertTrue(c.isInter(9));
    assertEquals(5, c.size(9));
    assertEquals(2, c.peerSize(9, 4));
    assertEquals(3, c.peerSize(9, 3));
    assertEquals(1, c.rankIn(9, 3));
    assertEquals(2, c.rankIn(9, 4));
    assertEquals(3, c.world(9, 4, 1));
    assertEquals(4, c.world(9, 1, 2));
    assertArrayEquals(new int[] {0, 2, 4, 1, 3}, c.members(9));
    // Rank 4 (A's rank 2) sends to B's rank 0, world rank 1.
    TraversalContext walk = new TraversalContext(t, 4);
    Step s = walk.next();
    assertEquals(0, s.value(Field.DEST));
    assertEquals(1, c.world(9, 4, s.value(Field.DEST)));
  }

  @Test
  void aPeerOutsideTheRemoteGroupIsRefusedWhenWalked() throws IOException {
    // Rank 0's peers are B's 2 ranks: dest=2 fits A's size (3), which the reader checks, as the
    // larger group's; the walk knows the rank, and refuses it.
    CompressedTrace t = trace("MPI_Send site=s ranks=0 comm=9 dest=2 tag=1 count=1"
        + " type=MPI_INT tsize=4", D);
    TraceProblem e = assertThrows(TraceProblem.class, () -> new TraversalContext(t, 0).next());
    assertTrue(e.getMessage().contains("dest=2 is outside communicator 9 (size 2, its remote"
        + " group)"), e.getMessage());
  }

  @Test
  void rootSymbolsBelongToIntercommunicators() throws IOException {
    CompressedTrace t = trace("MPI_Bcast site=b comm=9 root=ROOT@0;PROC_NULL@2,4;0@1,3 count=1"
        + " type=MPI_INT tsize=4", D);
    assertEquals(Sym.ROOT.code(), new TraversalContext(t, 0).next().value(Field.ROOT));
    assertEquals(Sym.PROC_NULL.code(), new TraversalContext(t, 2).next().value(Field.ROOT));
    CompressedTrace intra = trace("MPI_Bcast site=b comm=0 root=ROOT count=1 type=MPI_INT"
        + " tsize=4", D);
    TraceProblem e = assertThrows(TraceProblem.class,
        () -> new TraversalContext(intra, 0).next());
    assertTrue(e.getMessage().contains("root=ROOT on communicator 0, which is not an"
        + " intercommunicator"), e.getMessage());
    TraceProblem dest = assertThrows(TraceProblem.class, () -> trace("MPI_Send site=s comm=9"
        + " dest=ROOT tag=1 count=1 type=MPI_INT tsize=4", D));
    assertTrue(dest.getMessage().contains("ROOT"), dest.getMessage());
  }

  @Test
  void definitionsReadTheSameFromEitherGroupAndWriteBack() throws IOException {
    CommDef fromB = CommDef.inter(9, List.of(1, 3), List.of(0, 2, 4));
    CommDef fromA = CommDef.inter(9, List.of(0, 2, 4), List.of(1, 3));
    assertEquals(fromA, fromB);
    assertEquals(List.of(1, 3), fromA.localOf(3));
    assertEquals(List.of(0, 2, 4), fromA.remoteOf(3));
    assertEquals(1, fromA.rankOf(3));
    CompressedTrace t = trace("MPI_Barrier site=b comm=9", D);
    StringWriter out = new StringWriter();
    CompressedTraceWriter.write(t, out);
    assertTrue(out.toString().contains("comm 9 members=0..4:2 remote=1,3\n"), out.toString());
    TraceProblem both = assertThrows(TraceProblem.class, () -> CompressedTraceReader.read(
        Path.of("t.bgc"), new BufferedReader(new StringReader("benchgen-compressed 1\nworld 5\n"
            + "comm 9 members=0,2 remote=2,3\n"))));
    assertTrue(both.getMessage().contains("world rank 2 listed twice"), both.getMessage());
  }

  @Test
  void rawStreamsDefineBothGroupsAndRefuseRootSymbolsElsewhere() throws IOException {
    String head = "# benchgen-trace 1 rank=1 size=3\nMPI_Init site=m enter=1 exit=2\n";
    Path ok = Files.writeString(dir.resolve("rank-1.trace"), head
        + "comm id=9 members=1 remote=0,2\n"
        + "MPI_Bcast site=b enter=3 exit=4 comm=9 root=ROOT count=1 type=MPI_INT tsize=4\n"
        + "MPI_Send site=s enter=5 exit=6 comm=9 dest=1 tag=0 count=1 type=MPI_INT tsize=4\n"
        + "MPI_Finalize site=f enter=7 exit=8\n");
    List<long[]> remotes = new ArrayList<>();
    RawTraceReader.read(ok, new SymbolTable(), new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) {
        remotes.add(remote);
      }

      @Override
      public void event(RawEvent e) {}
    });
    assertArrayEquals(new long[] {0, 2}, remotes.get(0));
    Path intra = Files.writeString(dir.resolve("rank-1.trace"), head
        + "MPI_Bcast site=b enter=3 exit=4 comm=0 root=PROC_NULL count=1 type=MPI_INT"
        + " tsize=4\n");
    TraceProblem e = assertThrows(TraceProblem.class, () -> RawTraceReader.read(intra,
        new SymbolTable(), new RawTraceReader.Sink() {
          @Override
          public void comm(long id, long[] members, long[] remote) {}

          @Override
          public void event(RawEvent x) {}
        }));
    assertTrue(e.getMessage().contains("rank-1.trace:3: MPI_Bcast: root=PROC_NULL on"
        + " communicator 0, which is not an intercommunicator"), e.getMessage());
  }
}
