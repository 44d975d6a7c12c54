package org.benchgen.ir;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.rep;
import static org.benchgen.ir.Nodes.seq;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.benchgen.ir.format.CompressedTraceReader;
import org.benchgen.ir.format.CompressedTraceWriter;
import org.benchgen.trace.Field;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;
import org.junit.jupiter.api.Test;

class PackedParamsTest {
  private static final RankList RANKS = RankList.of(0, 2, 3);

  private static Param one(EntryValues v, RankList ranks) {
    return new Param(List.of(new ParamEntry(v, ranks)));
  }

  @Test
  void readsAsTheParametersPackedWhateverTheirShape() {
    Param plain = one(new EntryValues.Plain(seq(leaf(4), leaf(676), leaf(3665))), RANKS);
    Param runs = one(new EntryValues.Undecided(seq(rep(2, leaf(2)), leaf(3)),
        seq(leaf(-1), rep(2, leaf(1)))), RANKS);
    Param wide = one(new EntryValues.Absolute(seq(leaf(1L << 40), leaf(-7))), RANKS);
    Param relative = one(new EntryValues.Relative(seq(leaf(1))), RANKS);
    // Kept as they are: a nested repetition, two entries, another rank set, a long sequence.
    Param nested = one(new EntryValues.Plain(seq(rep(3, leaf(1), leaf(2)))), RANKS);
    Param twoEntries = new Param(List.of(
        new ParamEntry(new EntryValues.Plain(seq(leaf(1))), RankList.of(0)),
        new ParamEntry(new EntryValues.Plain(seq(leaf(2))), RankList.of(2, 3))));
    Param elsewhere = one(new EntryValues.Plain(seq(leaf(5))), RankList.of(0, 2));
    VNode[] many = new VNode[20];
    Arrays.setAll(many, i -> leaf(i * 3));
    Param longSeq = one(new EntryValues.Plain(seq(many)), RANKS);
    List<Param> params = List.of(plain, Param.none(), runs, wide, nested, relative, twoEntries,
        elsewhere, longSeq);

    List<Param> packed = PackedParams.of(RANKS, params);
    assertInstanceOf(PackedParams.class, packed);
    assertEquals(params, packed);
    assertEquals(packed, params);
    assertEquals(params.hashCode(), packed.hashCode());
    for (int i = 0; i < params.size(); i++) {
      assertEquals(params.get(i), packed.get(i), "param " + i);
      assertEquals(params.get(i).hashCode(), packed.get(i).hashCode(), "param " + i);
    }
    assertTrue(PackedParams.packs(runs, RANKS));
    assertFalse(PackedParams.packs(nested, RANKS));
    assertFalse(PackedParams.packs(elsewhere, RANKS));
    assertThrows(UnsupportedOperationException.class, () -> packed.set(0, Param.none()));
  }

  @Test
  void aListWithNothingToPackIsCopiedAsItIs() {
    Param twoEntries = new Param(List.of(
        new ParamEntry(new EntryValues.Plain(seq(leaf(1))), RankList.of(0)),
        new ParamEntry(new EntryValues.Plain(seq(leaf(2))), RankList.of(2, 3))));
    List<Param> params = List.of(twoEntries);
    List<Param> out = PackedParams.of(RANKS, params);
    assertFalse(out instanceof PackedParams);
    assertEquals(params, out);
  }

  @Test
  void randomParametersReadBackEqual() {
    Random rnd = new Random(50);
    for (int round = 0; round < 500; round++) {
      List<Param> params = new ArrayList<>();
      int n = 1 + rnd.nextInt(9);
      for (int i = 0; i < n; i++) {
        params.add(randomParam(rnd));
      }
      List<Param> packed = PackedParams.of(RANKS, params);
      assertEquals(params, packed, "round " + round);
      assertEquals(params.hashCode(), packed.hashCode(), "round " + round);
      assertEquals(PackedParams.of(RANKS, new ArrayList<>(params)), packed, "round " + round);
      assertArrayEquals(params.stream().mapToLong(p -> p.leaves().sum()).toArray(),
          packed.stream().mapToLong(p -> p.leaves().sum()).toArray(), "round " + round);
    }
  }

  private static Param randomParam(Random rnd) {
    switch (rnd.nextInt(5)) {
      case 0:
        return Param.none();
      case 1:
        return one(new EntryValues.Plain(randomSeq(rnd)), RANKS);
      case 2:
        return one(new EntryValues.Undecided(randomSeq(rnd), randomSeq(rnd)), RANKS);
      case 3:
        return one(rnd.nextBoolean() ? new EntryValues.Absolute(randomSeq(rnd))
            : new EntryValues.Relative(randomSeq(rnd)), RANKS);
      default:
        return one(new EntryValues.Plain(randomSeq(rnd)), RankList.of(rnd.nextInt(4)));
    }
  }

  /** Values at the edges of the int form (symbols' codes are Long.MIN_VALUE + 1 + ordinal). */
  private static final long[] EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE + 77,
      Long.MIN_VALUE + (1 << 20) - 1, Long.MIN_VALUE + (1 << 20), Long.MAX_VALUE,
      Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MIN_VALUE + (1 << 20) - 1,
      Integer.MIN_VALUE + (1 << 20), Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, -1, 0};

  @Test
  void valuesAtTheEdgesOfTheIntFormReadBack() {
    for (long v : EDGES) {
      for (long w : EDGES) {
        List<Param> params = List.of(one(new EntryValues.Plain(seq(leaf(v))), RANKS),
            one(new EntryValues.Plain(seq(leaf(w), leaf(3))), RANKS));
        assertEquals(params, PackedParams.of(RANKS, params), v + " " + w);
      }
    }
  }

  private static ValueSeq randomSeq(Random rnd) {
    int len = 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 20 : 4);
    List<VNode> nodes = new ArrayList<>();
    for (int i = 0; i < len; i++) {
      int pick = rnd.nextInt(8);
      long v = pick == 0 ? rnd.nextLong() : pick == 1 ? EDGES[rnd.nextInt(EDGES.length)]
          : rnd.nextInt(100) - 10;
      int kind = rnd.nextInt(6);
      nodes.add(kind == 0 ? rep(2 + rnd.nextInt(5), leaf(v))
          : kind == 1 ? rep(2, leaf(v), leaf(v + 1)) : leaf(v));
    }
    return new ValueSeq(nodes);
  }

  /**
   * Two ranks; a loop of two sends whose tags are equal sequences (7,8) and a receive whose source
   * repeats (2*2,3 on rank 0, 0 on the others); a walk keeps a place per RSD, so each send reads 7,8,7 on its own.
   */
  private static final String TRACE = String.join("\n",
      "benchgen-compressed 1",
      "world 4",
      "loop trips=3 {",
      "  MPI_Send site=a.c:1 comm=0 dest=+1 tag=7,8 count=4,5*2 type=MPI_INT tsize=4",
      "      duration n=12 min=1 max=1 mean=1.0 sd=0.0 bins=1:12",
      "  MPI_Send site=a.c:2 comm=0 dest=+1 tag=7,8 count=4 type=MPI_INT tsize=4",
      "      compute a.c:1 40..90 mean=61.5 sd=20.25 bins=6:6,7:6",
      "      duration n=12 min=1 max=1 mean=1.0 sd=0.0 bins=1:12",
      "  MPI_Recv site=a.c:3 comm=0 src=2*2,3@0;0@1..3 tag=7,8 count=4 type=MPI_INT tsize=4"
          + " bytes=16",
      "      duration n=12 min=1 max=1 mean=1.0 sd=0.0 bins=1:12",
      "}",
      "");

  @Test
  void aPackedTraceWalksAndWritesAsTheTraceItWasMadeFrom() throws IOException {
    CompressedTrace t = CompressedTraceReader.read(Path.of("t.bgc"),
        new BufferedReader(new StringReader(TRACE)));
    CompressedTrace packed = t.withRsds(r -> new Rsd(r.op(), r.site(), r.ranks(),
        PackedParams.of(r.ranks(), r.params()), PackedStats.of(r.compute()), r.duration()));
    List<Rsd> rsds = new ArrayList<>();
    packed.body().forEach(n -> ((Loop) n).body().forEach(b -> rsds.add((Rsd) b)));
    assertEquals(3, rsds.size());
    rsds.forEach(r -> assertInstanceOf(PackedParams.class, r.params()));
    assertInstanceOf(PackedStats.class, rsds.get(1).compute());
    assertNotSame(rsds.get(0).params().get(2).entries().get(0),
        rsds.get(0).params().get(2).entries().get(0));
    assertEquals(t, packed);
    assertEquals(CompressedTraceWriter.toString(t), CompressedTraceWriter.toString(packed));
    for (int rank = 0; rank < 4; rank++) {
      assertEquals(walk(t, rank), walk(packed, rank), "rank " + rank);
    }
    // By hand, rank 0: three iterations of (send tag, send tag, receive source).
    assertEquals(List.of("7,1,4", "7,1,4", "2,7,4", "8,1,5", "8,1,4", "2,8,4", "7,1,5", "7,1,4",
        "3,7,4"), walk(packed, 0));
  }

  /** Per call of {@code rank}: its peer-or-tag values as "tag,dest,count" or "src,tag,count". */
  private static List<String> walk(CompressedTrace t, int rank) {
    TraversalContext c = new TraversalContext(t, rank);
    List<String> out = new ArrayList<>();
    while (c.hasNext()) {
      Step s = c.next();
      boolean send = s.rsd().op().mpiName().equals("MPI_Send");
      out.add(send
          ? s.value(Field.TAG) + "," + s.value(Field.DEST)
              + "," + s.value(Field.COUNT)
          : s.value(Field.SRC) + "," + s.value(Field.TAG)
              + "," + s.value(Field.COUNT));
    }
    return out;
  }
}
