package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.testing.CompressedText;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.junit.jupiter.api.Test;

class CommSlotsTest {
  private static final String D = "    duration n=1 min=1 max=1 mean=1.0 sd=0.0 bins=1:1";

  private static CommSlots slots(String... lines) {
    CompressedTrace t = CompressedText.read(lines);
    return new CommSlots(t, new Communicators(t));
  }

  /** Two rounds: four dups alive together, freed in another order; one slot each. */
  @Test
  void resultsAliveTogetherTakeASlotEach() {
    String[] text = {"benchgen-compressed 1", "world 2",
        "comm 11 members=0,1", "comm 12 members=0,1", "comm 13 members=0,1",
        "comm 14 members=0,1", "comm 15 members=0,1", "comm 16 members=0,1",
        "comm 17 members=0,1", "comm 18 members=0,1",
        "MPI_Init site=a", D,
        "loop trips=2 {",
        "  loop trips=4 {",
        "    MPI_Comm_dup site=b comm=0 newcomm=11,12,13,14,15,16,17,18", D,
        "  }",
        "  loop trips=4 {",
        "    MPI_Comm_free site=c comm=12,14,11,13,18,17,16,15", D,
        "  }",
        "}",
        "MPI_Finalize site=z", D};
    CommSlots s = slots(text);
    // Slot 0 is the world; the dup's four slots follow. Round one numbers 11..14 by creation;
    // round two reuses them, all four freed in between.
    assertEquals(5, s.count());
    assertEquals(List.of(1, 2, 3, 4, 1, 2, 3, 4), List.of(11, 12, 13, 14, 15, 16, 17, 18)
        .stream().map(id -> s.of(id)).toList());
    CompressedTrace t = CompressedText.read(text);
    CommSlots again = new CommSlots(t, new Communicators(t));
    Rsd dup = (Rsd) ((org.benchgen.ir.Loop) ((org.benchgen.ir.Loop) t.body().get(1)).body()
        .get(0)).body().get(0);
    assertFalse(again.oneSlot(dup));
    assertEquals(1, again.createdBy(dup, Sym.NULL.code()));
  }

  /** A communicator freed before the next is made: one slot however many iterations. */
  @Test
  void createdAndFreedInALoopIsOneSlot() {
    CommSlots s = slots("benchgen-compressed 1", "world 2",
        "comm 11 members=0,1", "comm 12 members=0,1", "comm 13 members=0,1",
        "MPI_Init site=a", D,
        "loop trips=3 {",
        "  MPI_Comm_dup site=b comm=0 newcomm=11,12,13", D,
        "  MPI_Barrier site=c comm=11,12,13", D,
        "  MPI_Comm_free site=d comm=11,12,13", D,
        "}",
        "MPI_Finalize site=z", D);
    assertEquals(2, s.count());
    assertEquals(List.of(1, 1, 1), List.of(s.of(11), s.of(12), s.of(13)));
  }

  /**
   * The tracer's ids are slots (issue 50): a number freed and made again is one communicator made
   * again, in one slot of the program, however many times it comes back.
   */
  @Test
  void aNumberMadeAgainAfterItsFreeKeepsItsSlot() {
    CommSlots s = slots("benchgen-compressed 1", "world 2",
        "comm 11 members=0,1",
        "MPI_Init site=a", D,
        "loop trips=4 {",
        "  MPI_Comm_dup site=b comm=0 newcomm=11", D,
        "  MPI_Barrier site=c comm=11", D,
        "  MPI_Comm_free site=d comm=11", D,
        "}",
        "MPI_Finalize site=z", D);
    assertEquals(2, s.count());
    assertEquals(1, s.of(11));
  }

  /**
   * Two numbers of one place alive at once, each freed after the other is made again (the
   * tracer's slots 0 and 1 alternating, samples/mpi/comm_slots.c): a program slot each.
   */
  @Test
  void twoNumbersThatTakeTurnsTakeTwoSlots() {
    CommSlots s = slots("benchgen-compressed 1", "world 2",
        "comm 11 members=0,1", "comm 12 members=0,1",
        "MPI_Init site=a", D,
        "MPI_Comm_dup site=b comm=0 newcomm=11", D,
        "loop trips=3 {",
        "  MPI_Comm_dup site=b comm=0 newcomm=12,11", D,
        "  MPI_Comm_free site=d comm=11,12", D,
        "}",
        "MPI_Comm_free site=e comm=12", D,
        "MPI_Finalize site=z", D);
    assertEquals(3, s.count());
    assertEquals(List.of(1, 2), List.of(s.of(11), s.of(12)));
  }

  /**
   * Both ranks make 11 and 12, then rank 0 frees 11 and rank 1 frees 12, then both make 13.
   * Rank 0 puts 13 in 11's freed slot; on rank 1 that slot still holds 11: the call's
   * communicators each get a slot of their own.
   */
  @Test
  void ranksThatKeepDifferentOnesAliveGetASlotPerCommunicator() {
    CommSlots s = slots("benchgen-compressed 1", "world 2",
        "comm 11 members=0,1", "comm 12 members=0,1", "comm 13 members=0,1",
        "MPI_Init site=a", D,
        "loop trips=3 {",
        "  MPI_Comm_dup site=b comm=0 newcomm=11,12,13", D,
        "  loop trips=0,1,0 {",
        "    MPI_Comm_free site=c comm=11@0;12@1", D,
        "  }",
        "}",
        "MPI_Finalize site=z", D);
    assertEquals(List.of(1, 2, 3), List.of(s.of(11), s.of(12), s.of(13)));
    assertEquals(4, s.count());
  }

  /**
   * MPICH's comm_idup_overlap, blocking here: three ranks each dup the communicators of their two
   * pairs, {0,1}, {1,2} and {2,0}, in a circle of orders, so each result is made by the first
   * call on one rank and the second on another, and every two are alive together on some rank.
   * The two calls share their slots: three, one per result, the same whichever call makes it.
   */
  @Test
  void callsThatMakeACommunicatorInCommonShareSlots() {
    String[] text = {"benchgen-compressed 1", "world 3",
        "comm 21 members=0,1", "comm 22 members=1,2", "comm 23 members=0,2",
        "comm 31 members=0,1", "comm 32 members=1,2", "comm 33 members=0,2",
        "MPI_Init site=a", D,
        "MPI_Comm_dup site=b comm=21@0;22@1;23@2 newcomm=31@0;32@1;33@2", D,
        "MPI_Comm_dup site=c comm=23@0;21@1;22@2 newcomm=33@0;31@1;32@2", D,
        "MPI_Comm_free site=d comm=31@0;32@1;33@2", D,
        "MPI_Comm_free site=e comm=33@0;31@1;32@2", D,
        "MPI_Finalize site=z", D};
    CommSlots s = slots(text);
    assertEquals(3, java.util.Set.of(s.of(31), s.of(32), s.of(33)).size());
    assertEquals(java.util.Set.of(1, 2, 3), java.util.Set.of(s.of(31), s.of(32), s.of(33)));
    CompressedTrace t = CompressedText.read(text);
    CommSlots again = new CommSlots(t, new Communicators(t));
    for (int i : new int[] {1, 2}) {
      Rsd dup = (Rsd) t.body().get(i);
      assertFalse(again.oneSlot(dup));
      assertEquals(1, again.createdBy(dup, Sym.NULL.code()));
    }
  }

  /**
   * Two splits at one site (a section makes them one call; here a peeled loop): they share a
   * pool. Rank 0 keeps its communicator 11 of the first alive while the second gives it
   * MPI_COMM_NULL, which would overwrite 11 in the pool's first slot: null results get a slot
   * of their own, and the calls name their slots per execution.
   */
  @Test
  void callsAtOneSiteShareSlotsAndNullResultsDoNotOverwriteLiveOnes() {
    String[] text = {"benchgen-compressed 1", "world 2",
        "comm 11 members=0", "comm 12 members=1",
        "MPI_Init site=a", D,
        "MPI_Comm_split site=s comm=0 color=0@0;UNDEFINED@1 key=0 newcomm=11@0;NULL@1", D,
        "MPI_Barrier site=b comm=0", D,
        "MPI_Comm_split site=s comm=0 color=UNDEFINED@0;0@1 key=0 newcomm=NULL@0;12@1", D,
        "MPI_Comm_free site=f comm=11@0;12@1", D,
        "MPI_Finalize site=z", D};
    CompressedTrace t = CompressedText.read(text);
    CommSlots s = new CommSlots(t, new Communicators(t));
    assertEquals(List.of(1, 1), List.of(s.of(11), s.of(12)));
    assertEquals(3, s.count());
    for (int i : new int[] {1, 3}) {
      Rsd split = (Rsd) t.body().get(i);
      assertFalse(s.oneSlot(split));
      assertEquals(2, s.createdBy(split, Sym.NULL.code()));
    }
  }
}
