package org.benchgen.compress;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.SymbolTable;

/**
 * Compresses a run whose ranks fall into classes known to behave alike (the regions of a regular
 * grid: its corners, edges, faces and inside) from two ranks of each class: the class's first
 * rank stands for the first half of it and its last rank for the rest ({@link StandIn}); the two
 * are merged as {@code compress} merges ranks, which reads a peer as an offset or as a rank by
 * what they have in common; then the classes are merged. The work is that of the classes'
 * streams, not of the world's: {@code synth} writes a compressed trace of 65,536 ranks this way.
 * A class whose two ranks differ in anything the trace keeps apart (a value, a call, a loop's
 * trip count) is refused: its ranks do not behave alike.
 */
public final class ClassCompressor {
  /** Feeds every event of one rank, in order, to a rank's compressor. */
  @FunctionalInterface
  public interface RankSource {
    void feed(int rank, RankCompressor sink) throws IOException;
  }

  private ClassCompressor() {}

  /**
   * The compressed trace of a world of {@code world} ranks split into {@code classes} (disjoint,
   * together every rank), whose streams {@code source} gives.
   */
  public static CompressedTrace compress(int world, List<RankList> classes, SymbolTable symbols,
      RankSource source) throws IOException {
    long covered = classes.stream().mapToLong(RankList::size).sum();
    RankList all = classes.stream().reduce(RankList.empty(), RankList::union);
    if (covered != world || all.size() != world || all.last() != world - 1) {
      throw new IllegalArgumentException("the classes do not split ranks 0.." + (world - 1)
          + " (they hold " + all.size() + " distinct ranks of " + covered + ")");
    }
    List<CompressedTrace> perClass = new ArrayList<>();
    List<RankList> sorted = classes.stream().sorted(Comparator.comparingInt(RankList::first))
        .toList();
    for (RankList c : sorted) {
      perClass.add(ofClass(world, c, symbols, source));
    }
    return CommNumbers.of(mergeAll(perClass, 0, perClass.size()));
  }

  private static CompressedTrace ofClass(int world, RankList c, SymbolTable symbols,
      RankSource source) throws IOException {
    int[] members = c.toArray();
    int first = members[0];
    if (members.length == 1) {
      return single(world, first, symbols, source);
    }
    int last = members[members.length - 1];
    int half = members.length / 2;
    RankList low = RankList.of(java.util.Arrays.copyOfRange(members, 0, half));
    RankList high = RankList.of(java.util.Arrays.copyOfRange(members, half, members.length));
    CompressedTrace merged = new TraceMerger().merge(
        StandIn.of(single(world, first, symbols, source), first, low),
        StandIn.of(single(world, last, symbols, source), last, high));
    List<String> apart = new ArrayList<>();
    new org.benchgen.ir.NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (splits(r, first, last)) {
          apart.add(r.op().mpiName() + " at " + r.site());
        }
      }

      @Override
      public void visitLoop(Loop l) {
        if (splits(l, first, last)) {
          apart.add("a loop's ranks or trip count");
        }
        super.visitLoop(l);
      }
    }.scan(merged.body());
    if (!apart.isEmpty()) {
      throw new IllegalArgumentException("ranks " + first + " and " + last
          + " of one class do not behave alike: they differ in a call, a value or a trip count ("
          + apart.get(0) + ")");
    }
    return merged;
  }

  private static CompressedTrace single(int world, int rank, SymbolTable symbols,
      RankSource source) throws IOException {
    RankCompressor rc = new RankCompressor(rank, world, symbols);
    source.feed(rank, rc);
    return rc.finish();
  }

  /**
   * Whether a rank list of {@code n} that says what ranks do (its own, its parameters' or trip
   * count's entries) holds one of the two ranks and not the other. Not the compute classes:
   * random jitter may set either half apart in time, which is a statistic of the half, not a
   * difference of behaviour.
   */
  private static boolean splits(Node n, int a, int b) {
    Stream<Param> params = n instanceof Loop l ? Stream.of(l.trips()) : ((Rsd) n).params().stream();
    return Stream.concat(Stream.of(n.ranks()), params.flatMap(p -> p.entries().stream()
        .map(e -> e.ranks()))).anyMatch(l -> l.contains(a) != l.contains(b));
  }

  /** Classes lo .. hi-1 merged as compress merges ranks: halves, recursively. */
  private static CompressedTrace mergeAll(List<CompressedTrace> ts, int lo, int hi) {
    if (hi - lo == 1) {
      return ts.get(lo);
    }
    int mid = (lo + hi) >>> 1;
    return new TraceMerger().merge(mergeAll(ts, lo, mid), mergeAll(ts, mid, hi));
  }
}
