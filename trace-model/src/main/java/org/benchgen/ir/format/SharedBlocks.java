package org.benchgen.ir.format;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;

/**
 * Shared blocks (issue 21): a sequence of nodes that occurs in several places (a peeled
 * iteration, a routine called from two places) is written once, as a block, and each place says
 * {@code use N n=K}. Occurrences make the same calls (equal call lines, loops alike); their times
 * are pooled as loop folding pools iterations: a call's compute paths merged, its call counts
 * summed. K is how many times the use made the block's first call, and every other count of the
 * block scales with it: occurrences are shared only where their counts are proportional, so the
 * reader gives each place its own counts back exactly (docs/compressed-format.md, "Shared
 * blocks"). The choice is greedy, the largest saving first, and looks at the calls only, never
 * at their times, so that writing a trace read from a file gives the same blocks again. The
 * tracer makes the same blocks in the job with its C twin, {@code tracer/src/fold_blocks.c} (the
 * times: {@code fold_pool.c}): a change here changes it and the shared cases
 * ({@code tracer/test/cases/blocks.cases}) with it.
 */
final class SharedBlocks {
  /**
   * Blocks are looked for only in traces of at most this many nodes (calls and loops), and
   * parameter entries: the search would cost seconds, and the reader refuses files whose uses
   * put more in place ({@link BlockUses}), so that a small file cannot fill the memory.
   */
  static final int MAX_NODES = 5_000;
  static final int MAX_ENTRIES = 1 << 20;
  /** The longest sequence of siblings considered, and the most blocks. */
  static final int MAX_LENGTH = 24;
  static final int MAX_BLOCKS = 128;
  /** What a use line and a block's own two lines cost, and a call's time lines on average. */
  private static final int USE_BYTES = 16;
  private static final int BLOCK_BYTES = 16;
  private static final int TIME_BYTES = 90;

  /** A shared block: its number and its body, with every place's times pooled. */
  record Block(int id, List<Item> body) {}

  /** The blocks, numbered so that a block uses only blocks before it, and the body. */
  record Result(List<Block> blocks, List<Item> body) {}

  /** A place where a sequence starts: a body and an index in it. */
  private record Place(List<Item> body, int start) {}

  private final Function<Rsd, String> callText;
  private final Function<Loop, String> loopText;
  /** Per call and loop, the text that tells it apart (and its length, the bytes it costs). */
  private final Map<Object, String> texts = new IdentityHashMap<>();
  private final Map<Object, Integer> shapes = new HashMap<>();
  private final List<Block> blocks = new ArrayList<>();
  private final Set<List<Integer>> refused = new HashSet<>();

  private SharedBlocks(Function<Rsd, String> callText, Function<Loop, String> loopText) {
    this.callText = callText;
    this.loopText = loopText;
  }

  /**
   * {@code body} as items, with blocks where sharing saves bytes. Calls are told apart by their
   * {@code callText}, loops by their {@code loopText} and bodies: text, so that a trace in memory
   * and the same trace read from its file form the same blocks.
   */
  static Result of(List<Node> body, Function<Rsd, String> callText,
      Function<Loop, String> loopText) {
    if (!looksFor(body)) {
      return none(body);
    }
    List<Item> items = items(body);
    SharedBlocks s = new SharedBlocks(callText, loopText);
    while (s.blocks.size() < MAX_BLOCKS && s.shareOne(items)) {
      // one block per round: the next round searches the bodies as the last one left them
    }
    Result r = s.finish(items);
    // What the reader will put in place, use by use: past its limits, no blocks.
    return s.placed(r) ? r : new Result(List.of(), items(body));
  }

  /**
   * Whether the uses of {@code r} put in place no more than {@link BlockUses} accepts, counted
   * as it counts: per use line (in the body or in a block), the block's nodes, parameter
   * entries, bytes of call and loop lines (here their text, at least as long as the reader's
   * lines) and compute lines, blocks that it uses included.
   */
  private boolean placed(Result r) {
    long[][] sizes = new long[r.blocks().size() + 1][];
    for (Block b : r.blocks()) {
      sizes[b.id()] = size(b.body(), sizes);
    }
    long[] total = new long[4];
    for (List<Item> b : bodies(r.body(), r.blocks())) {
      for (Item it : b) {
        if (it instanceof Item.Use u) {
          for (int k = 0; k < 4; k++) {
            total[k] += sizes[u.block()][k];
          }
        }
      }
    }
    return total[0] <= MAX_NODES && total[1] <= MAX_ENTRIES && total[2] <= BlockUses.MAX_TEXT
        && total[3] <= BlockUses.MAX_COMPUTE_LINES;
  }

  /** Nodes, entries, line bytes and compute lines of {@code items}, uses of earlier blocks expanded. */
  private long[] size(List<Item> items, long[][] blocks) {
    long[] s = new long[4];
    for (Item it : items) {
      long[] add;
      if (it instanceof Item.Use u) {
        add = blocks[u.block()];
      } else if (it instanceof Item.Rep r) {
        add = size(r.body(), blocks).clone();
        add[0]++;
        add[1] += r.loop().trips().entries().size();
        add[2] += text(r.loop()).length() + 2;
      } else {
        Rsd c = ((Item.Call) it).rsd();
        add = new long[] {1, c.params().stream().mapToLong(p -> p.entries().size()).sum(),
            text(c).length(), c.compute().stream()
                .mapToLong(x -> Math.max(1, x.classes().size())).sum()};
      }
      for (int k = 0; k < 4; k++) {
        s[k] += add[k];
      }
    }
    return s;
  }

  /** {@code body} as items, without blocks (a view: no copy of the tree). */
  static Result none(List<Node> body) {
    return new Result(List.of(), view(body));
  }

  /** Whether blocks are looked for in a trace of this body (not in one of many nodes). */
  static boolean looksFor(List<Node> body) {
    long[] size = new long[2];
    count(body, size);
    return size[0] <= MAX_NODES && size[1] <= MAX_ENTRIES;
  }

  /** Adds {@code body}'s nodes to {@code size[0]} and their parameter entries to {@code size[1]}. */
  static void count(List<Node> body, long[] size) {
    for (Node n : body) {
      size[0]++;
      if (n instanceof Loop l) {
        size[1] += l.trips().entries().size();
        count(l.body(), size);
      } else {
        ((Rsd) n).params().forEach(p -> size[1] += p.entries().size());
      }
    }
  }

  /**
   * {@code body} as items made as they are read, for a trace without blocks: its writing needs
   * no copy of the whole tree (an item and a list per node, about 90 MB for 4 x 10^6 events
   * where nothing folds, held beside the trace).
   */
  private static List<Item> view(List<Node> body) {
    return new AbstractList<>() {
      @Override
      public Item get(int i) {
        Node n = body.get(i);
        return n instanceof Loop l ? new Item.Rep(l, view(l.body())) : new Item.Call((Rsd) n);
      }

      @Override
      public int size() {
        return body.size();
      }
    };
  }

  private static List<Item> items(List<Node> body) {
    List<Item> out = new ArrayList<>(body.size());
    for (Node n : body) {
      out.add(n instanceof Loop l ? new Item.Rep(l, items(l.body())) : new Item.Call((Rsd) n));
    }
    return out;
  }

  /** Forms the block that saves the most, if one saves anything; whether it did. */
  private boolean shareOne(List<Item> top) {
    List<List<Item>> bodies = bodies(top, blocks);
    List<int[]> ids = new ArrayList<>();
    Map<Integer, Integer> frequency = new HashMap<>();
    for (List<Item> b : bodies) {
      int[] x = b.stream().mapToInt(this::shape).toArray();
      ids.add(x);
      for (int v : x) {
        frequency.merge(v, 1, Integer::sum);
      }
    }
    // Every sequence of siblings that could repeat, with where it starts, in document order.
    Map<List<Integer>, List<Place>> places = new LinkedHashMap<>();
    for (int k = 0; k < bodies.size(); k++) {
      int[] x = ids.get(k);
      for (int i = 0; i < x.length; i++) {
        List<Integer> prefix = new ArrayList<>();
        for (int j = i; j < x.length && j - i < MAX_LENGTH && frequency.get(x[j]) > 1; j++) {
          prefix.add(x[j]);
          places.computeIfAbsent(List.copyOf(prefix), p -> new ArrayList<>())
              .add(new Place(bodies.get(k), i));
        }
      }
    }
    record Candidate(List<Integer> seq, List<Place> at, long gain) {}
    List<Candidate> candidates = new ArrayList<>();
    for (Map.Entry<List<Integer>, List<Place>> e : places.entrySet()) {
      if (e.getValue().size() < 2 || refused.contains(e.getKey())) {
        continue;
      }
      int len = e.getKey().size();
      List<Place> apart = new ArrayList<>();
      for (Place p : e.getValue()) {
        Place last = apart.isEmpty() ? null : apart.get(apart.size() - 1);
        if (last == null || last.body() != p.body() || last.start() + len <= p.start()) {
          apart.add(p);
        }
      }
      long bytes = 0;
      for (Item it : apart.get(0).body().subList(apart.get(0).start(),
          apart.get(0).start() + len)) {
        bytes += bytes(it);
      }
      long gain = (apart.size() - 1) * bytes - apart.size() * USE_BYTES - BLOCK_BYTES;
      if (apart.size() > 1 && gain > 0) {
        candidates.add(new Candidate(e.getKey(), apart, gain));
      }
    }
    candidates.sort(Comparator.comparingLong((Candidate c) -> -c.gain()));
    for (Candidate c : candidates) {
      int len = c.seq().size();
      List<List<Item>> copies = c.at().stream()
          .map(p -> (List<Item>) new ArrayList<>(p.body().subList(p.start(), p.start() + len)))
          .toList();
      long[] calls = copies.stream().mapToLong(SharedBlocks::firstCalls).toArray();
      Optional<List<Item>> pooled = pool(copies, calls);
      if (pooled.isEmpty()) {
        refused.add(c.seq());
        continue;
      }
      int id = blocks.size() + 1;
      blocks.add(new Block(id, pooled.get()));
      // From the last place back, so that earlier starts in the same body stay valid.
      for (int i = c.at().size() - 1; i >= 0; i--) {
        Place p = c.at().get(i);
        p.body().subList(p.start(), p.start() + len).clear();
        p.body().add(p.start(), new Item.Use(id, calls[i]));
      }
      return true;
    }
    return false;
  }

  /** Every body: the top one, the blocks' and the loops' inside them, in document order. */
  private static List<List<Item>> bodies(List<Item> top, List<Block> blocks) {
    List<List<Item>> out = new ArrayList<>();
    collect(top, out);
    blocks.forEach(b -> collect(b.body(), out));
    return out;
  }

  private static void collect(List<Item> body, List<List<Item>> out) {
    out.add(body);
    for (Item it : body) {
      if (it instanceof Item.Rep r) {
        collect(r.body(), out);
      }
    }
  }

  /** A number per distinct shape: the same calls, loops alike, or the same block. */
  private int shape(Item it) {
    if (it instanceof Item.Call c) {
      return intern(text(c.rsd()));
    }
    if (it instanceof Item.Rep r) {
      return intern(List.of(text(r.loop()), r.body().stream().map(this::shape).toList()));
    }
    return intern(List.of("use", ((Item.Use) it).block()));
  }

  private int intern(Object key) {
    return shapes.computeIfAbsent(key, k -> shapes.size());
  }

  private String text(Object callOrLoop) {
    return texts.computeIfAbsent(callOrLoop, x -> x instanceof Rsd r ? callText.apply(r)
        : loopText.apply((Loop) x));
  }

  /** About how many bytes an item takes, from its calls alone (never its times). */
  private long bytes(Item it) {
    if (it instanceof Item.Call c) {
      return text(c.rsd()).length() + TIME_BYTES;
    }
    if (it instanceof Item.Rep r) {
      return text(r.loop()).length() + 4 + r.body().stream().mapToLong(this::bytes).sum();
    }
    return USE_BYTES;
  }

  /** How many times a sequence made its first call; 0 when it has none. */
  static long firstCalls(List<Item> items) {
    if (items.isEmpty()) {
      return 0;
    }
    Item first = items.get(0);
    if (first instanceof Item.Call c) {
      return c.rsd().duration().count();
    }
    if (first instanceof Item.Rep r) {
      return firstCalls(r.body());
    }
    return ((Item.Use) first).calls();
  }

  /**
   * The copies (same shapes, item by item) as one, their times pooled; empty where their counts
   * are not proportional to {@code calls} (each copy's first call's count) or a compute path
   * has rank classes that differ between copies.
   */
  private static Optional<List<Item>> pool(List<List<Item>> copies, long[] calls) {
    for (long k : calls) {
      if (k <= 0) {
        return Optional.empty();
      }
    }
    List<Item> out = new ArrayList<>();
    for (int j = 0; j < copies.get(0).size(); j++) {
      int at = j;
      List<Item> column = copies.stream().map(c -> c.get(at)).toList();
      Optional<Item> p = poolItem(column, calls);
      if (p.isEmpty()) {
        return Optional.empty();
      }
      out.add(p.get());
    }
    return Optional.of(out);
  }

  private static Optional<Item> poolItem(List<Item> column, long[] calls) {
    Item first = column.get(0);
    if (first instanceof Item.Rep r) {
      List<List<Item>> bodies = column.stream().map(x -> ((Item.Rep) x).body()).toList();
      return pool(bodies, calls).map(b -> new Item.Rep(r.loop(), b));
    }
    long[] counts = column.stream().mapToLong(x -> x instanceof Item.Call c
        ? c.rsd().duration().count() : ((Item.Use) x).calls()).toArray();
    long sum = 0;
    try {
      for (int i = 0; i < counts.length; i++) {
        if (Math.multiplyExact(counts[i], calls[0]) != Math.multiplyExact(counts[0], calls[i])) {
          return Optional.empty();
        }
        sum = Math.addExact(sum, counts[i]);
      }
    } catch (ArithmeticException e) {
      return Optional.empty();
    }
    if (first instanceof Item.Use u) {
      return Optional.of(new Item.Use(u.block(), sum));
    }
    Rsd r = ((Item.Call) first).rsd();
    CallTime time = CallTime.NONE;
    List<List<ComputeStat>> computes = new ArrayList<>();
    for (Item x : column) {
      Rsd c = ((Item.Call) x).rsd();
      time = time.merge(c.duration());
      computes.add(c.compute());
    }
    CallTime pooledTime = time;
    return poolCompute(computes).map(cs -> new Item.Call(new Rsd(r.op(), r.site(), r.ranks(),
        r.params(), cs, pooledTime)));
  }

  /**
   * The compute paths of the copies merged path by path, in order of first appearance. A list
   * that several copies share (the same list, not an equal one) counts once: the copies of a
   * block read from a file share its pooled paths (the counts of calls, not of compute
   * intervals, say how much ran where: {@link Rsd#computeScale}), and {@link AsWritten} keeps
   * them shared; every other call has its own list, however equal.
   */
  private static Optional<List<ComputeStat>> poolCompute(List<List<ComputeStat>> lists) {
    Set<List<ComputeStat>> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    List<List<ComputeStat>> once = lists.stream().filter(distinct::add).toList();
    if (once.size() == 1) {
      return Optional.of(once.get(0));
    }
    Map<String, ComputeStat> byPath = new LinkedHashMap<>();
    for (List<ComputeStat> l : once) {
      for (ComputeStat c : l) {
        ComputeStat o = byPath.get(c.after());
        if (o == null) {
          byPath.put(c.after(), c);
        } else if (o.classes().isEmpty() && c.classes().isEmpty()) {
          byPath.put(c.after(), new ComputeStat(c.after(), o.time().merge(c.time()),
              ComputeStat.mergeCpu(o.time(), o.cpu(), c.time(), c.cpu())));
        } else if (sameRanks(o.classes(), c.classes())) {
          List<ComputeStat.RankClass> joined = new ArrayList<>();
          for (int i = 0; i < o.classes().size(); i++) {
            joined.add(o.classes().get(i).join(c.classes().get(i)));
          }
          byPath.put(c.after(), ComputeStat.ofClasses(c.after(), joined));
        } else {
          // Rank classes that differ from place to place: pooling would lose the imbalance.
          return Optional.empty();
        }
      }
    }
    return Optional.of(List.copyOf(byPath.values()));
  }

  private static boolean sameRanks(List<ComputeStat.RankClass> a, List<ComputeStat.RankClass> b) {
    return a.size() == b.size() && !a.isEmpty()
        && a.stream().map(ComputeStat.RankClass::ranks).toList()
            .equals(b.stream().map(ComputeStat.RankClass::ranks).toList());
  }

  /**
   * The blocks used more than once, numbered in the order they are first needed (a block before
   * any that uses it); one used once is put back in place, its counts being that place's.
   */
  private Result finish(List<Item> top) {
    Map<Integer, Integer> uses = new HashMap<>();
    for (List<Item> b : bodies(top, blocks)) {
      for (Item it : b) {
        if (it instanceof Item.Use u) {
          uses.merge(u.block(), 1, Integer::sum);
        }
      }
    }
    Map<Integer, Integer> numbers = new HashMap<>();
    List<Block> out = new ArrayList<>();
    renumber(top, uses, numbers, out);
    return new Result(out, top);
  }

  private void renumber(List<Item> body, Map<Integer, Integer> uses,
      Map<Integer, Integer> numbers, List<Block> out) {
    for (int i = 0; i < body.size(); i++) {
      Item it = body.get(i);
      if (it instanceof Item.Rep r) {
        renumber(r.body(), uses, numbers, out);
      } else if (it instanceof Item.Use u) {
        Block b = blocks.get(u.block() - 1);
        if (uses.get(u.block()) == 1) {
          body.remove(i);
          body.addAll(i, b.body());
          i--;
          continue;
        }
        if (!numbers.containsKey(u.block())) {
          renumber(b.body(), uses, numbers, out);
          numbers.put(u.block(), out.size() + 1);
          out.add(new Block(out.size() + 1, b.body()));
        }
        body.set(i, new Item.Use(numbers.get(u.block()), u.calls()));
      }
    }
  }
}
