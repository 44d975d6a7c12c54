package org.benchgen.codegen.threads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.benchgen.codegen.Benchmarks;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.GenerateOptions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.RequestHandoffs;
import org.benchgen.codegen.TraceWalker;
import org.benchgen.codegen.Target;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.CpuTime;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;

/**
 * The generation pipeline for a trace whose ranks made calls from several threads: split every
 * rank into blocks ({@link ThreadSplit}), check that the lanes of each phase may run at once
 * ({@link ThreadChecks}), put each rank's blocks one after another into a single-threaded trace
 * that {@link Benchmarks#prepare} aligns and resolves as any trace (a deadlock or an unmatched
 * message there is one in the threads' order too), then walk each block on its own and let the
 * target make one thread per lane ({@link Emitter#threadedProgram}). Nothing is written here.
 */
public final class ThreadedBenchmarks {
  /**
   * The most phases of threads that differ a rank may have (equal ones in a row are one,
   * repeated: {@link PhaseLoops}). Each phase's threads become functions of their own: 10,000
   * phases that differ would be megabytes of C that does not compile in reasonable time.
   */
  static final int MAX_PHASES = 256;
  /**
   * Heap a threaded benchmark takes per call of the trace, over all ranks: its ranks are split
   * into threads call by call (ThreadSplit keeps every rank's calls, some 450 bytes each, and
   * the serial trace made of them), so a trace of a thread polling MPI_Iprobe 14 million times
   * (MPICH's mt_iprobe_sendrecv_huge) exhausted a 6 GB heap after 264 s. A trace of more calls
   * than the heap holds at this rate is refused at once, naming the heap it would need.
   */
  static final long HEAP_PER_CALL = 1000;

  private ThreadedBenchmarks() {}

  private static final String SERIAL = "with each thread's calls in turn";

  /** Why a benchmark of these threads is refused, as BG104 says it. */
  private static Benchmarks.Failed refused(String why) {
    return new Benchmarks.Failed(new Finding(Problem.SEVERAL_THREADS, "the benchmark's threads"
        + " cannot reproduce the traced ones: " + why + " (nothing written)"));
  }

  /** Generates {@code target}'s threaded benchmark of {@code trace}. */
  public static Benchmarks.Outcome generate(CompressedTrace trace, Target target,
      GenerateOptions options) {
    target.checkName(options.name());
    TraceStats counts = TraceStats.of(trace, r -> { });
    long calls = 0;
    for (int r = 0; r < trace.worldSize(); r++) {
      calls += counts.rank(r).events();
    }
    long heap = Runtime.getRuntime().maxMemory();
    if (calls > heap / HEAP_PER_CALL) {
      long gb = (calls * HEAP_PER_CALL >> 30) + 1;
      return refused("the ranks made " + calls + " calls, and a threaded benchmark is made from"
          + " each thread's calls one by one, some " + HEAP_PER_CALL + " bytes of heap a call:"
          + " this heap of " + (heap >> 20) + " MB holds " + heap / HEAP_PER_CALL + " (give the"
          + " JVM " + gb + " GB or more, e.g. BENCHGEN_JAVA_OPTS=-Xmx" + gb + "g)");
    }
    ThreadSplit splitter = new ThreadSplit(trace);
    org.benchgen.traverse.Communicators comms = new org.benchgen.traverse.Communicators(trace);
    Benchmarks.Outcome first = null;
    Set<List<Object>> tried = new java.util.HashSet<>();
    // The phases as recorded; then, where some rank recorded a collective of its main
    // thread among its threads' calls, joined around it on every rank (ThreadSplit#inner).
    Set<String> inner = new java.util.TreeSet<>();
    for (int r = 0; r < trace.worldSize(); r++) {
      inner.addAll(splitter.inner(r));
    }
    for (Set<String> joins : inner.isEmpty() ? List.of(Set.<String>of())
        : List.of(Set.<String>of(), inner)) {
      // Where each rank's phases lie; padded to every rank's places where ranks differ.
      java.util.SortedSet<Integer> places = new java.util.TreeSet<>();
      List<int[]> anchors = new ArrayList<>();
      for (int r = 0; r < trace.worldSize(); r++) {
        int[] a = splitter.anchors(r, joins);
        anchors.add(a);
        java.util.Arrays.stream(a).forEach(places::add);
      }
      int[] all = places.stream().mapToInt(Integer::intValue).toArray();
      List<int[]> paddings = anchors.stream().allMatch(a -> java.util.Arrays.equals(a, all))
          ? List.of(new int[0]) : List.of(new int[0], all);
      for (int[] padding : paddings) {
        for (LaneKey key : LaneKey.values()) {
          Attempt t = generate(trace, target, options, splitter, comms, key, padding, joins,
              tried);
          if (t == null) {
            continue; // this keying put every thread in the lane an earlier one did
          }
          Benchmarks.Outcome o = t.outcome();
          if (t.stop()) {
            // Refused whatever the lanes: as recorded, the reason; joined, the first one's.
            return first != null ? first : o;
          }
          if (!(o instanceof Benchmarks.Failed f)
              || f.finding().problem() == Problem.UNEXPRESSIBLE) {
            return o;
          }
          // The first keying's finding is the one reported when none pairs the lanes.
          first = first == null ? o : first;
        }
      }
    }
    return first;
  }

  /** A keying's outcome; {@code stop}: a refusal that no other keying would change. */
  private record Attempt(Benchmarks.Outcome outcome, boolean stop) {}

  /**
   * The benchmark of the ranks split with {@code key}, {@code padding} and {@code joins}, or why
   * not; null where the keying put every thread in the lane an earlier one did ({@code tried}).
   */
  private static Attempt generate(CompressedTrace trace, Target target,
      GenerateOptions options, ThreadSplit splitter, org.benchgen.traverse.Communicators comms,
      LaneKey key, int[] padding, Set<String> joins, Set<List<Object>> tried) {
    List<ThreadSplit.RankBlocks> ranks = new ArrayList<>();
    RequestHandoffs.Builder handoffs = new RequestHandoffs.Builder();
    Set<String> shared = new java.util.HashSet<>();
    Optional<String> unequal = Optional.empty();
    List<Object> lanes = new ArrayList<>(List.of(padding.length, joins));
    List<ThreadSplit.Blocks> splits = new ArrayList<>();
    for (int r = 0; r < trace.worldSize(); r++) {
      ThreadSplit.Split s = splitter.split(r, key, padding, joins);
      if (s instanceof ThreadSplit.Refused f) {
        return new Attempt(refused(f.reason()), true);
      }
      splits.add((ThreadSplit.Blocks) s);
      lanes.add(((ThreadSplit.Blocks) s).threads());
    }
    if (!tried.add(lanes)) {
      return null;
    }
    // Equal phases as one repeated (their handed-over requests' sites name their phases: kept).
    PhaseLoops.Looped looped = splits.stream().allMatch(s -> s.handoffs().isEmpty())
        ? PhaseLoops.of(splits.stream().map(ThreadSplit.Blocks::rank).toList())
        : new PhaseLoops.Looped(splits.stream().map(ThreadSplit.Blocks::rank).toList(), Map.of());
    for (int r = 0; r < trace.worldSize(); r++) {
      ThreadSplit.RankBlocks b = ThreadComms.privatised(looped.ranks().get(r));
      int phases = b.events().keySet().stream().mapToInt(ThreadBlock::phase).max().orElse(0);
      if (phases > MAX_PHASES) {
        return new Attempt(refused("rank " + r + " starts and joins its threads " + phases
            + " times, in as many phases that differ (at most " + MAX_PHASES + " are generated,"
            + " each phase's threads as functions of their own; equal ones in a row are one,"
            + " repeated)"), true);
      }
      Optional<String> concurrent = ThreadChecks.check(b);
      if (concurrent.isPresent()) {
        return new Attempt(refused(concurrent.get()), true);
      }
      Optional<String> self = SelfMessages.check(b, comms);
      if (self.isPresent()) {
        return new Attempt(new Benchmarks.Failed(new Finding(Problem.DEADLOCK, self.get()
            + " (nothing written)")), true);
      }
      ranks.add(b);
      ThreadComms.Locks l = ThreadComms.locks(b);
      l.locked().forEach(handoffs::lock);
      shared.addAll(l.shared());
      for (ThreadSplit.Handoff h : splits.get(r).handoffs()) {
        unequal = unequal.or(() -> h.takes().isEmpty()
            ? handoffs.give(h.site(), h.gives(), h.first())
            : handoffs.take(h.site(), h.takes()));
      }
    }
    Optional<String> both = shared.stream().filter(handoffs::locks).findFirst();
    if (both.isPresent()) {
      return new Attempt(refused("the calls at " + both.get() + " are collectives that several"
          + " threads of a rank make on a communicator of one rank, and on another rank calls on"
          + " a communicator of several ranks (the benchmark makes the first under a lock, which"
          + " the second must not hold)"), true);
    }
    return new Attempt(unequal.isPresent() ? refused(unequal.get() + ": the threads that hand"
        + " requests over are not in the same lanes on every rank")
        : generate(trace, target, options, ranks, handoffs.build(), looped.repeats()), false);
  }

  /**
   * The benchmark of the ranks' blocks as one {@link LaneKey} put them in lanes, or why not: a
   * deadlock or unmatched message in every serial order, or a collective that joins two lanes.
   */
  private static Benchmarks.Outcome generate(CompressedTrace trace, Target target,
      GenerateOptions options, List<ThreadSplit.RankBlocks> ranks, RequestHandoffs handoffs,
      Map<Integer, Long> repeats) {
    Benchmarks.Preparation preparation = null;
    for (Comparator<ThreadBlock> order : ThreadBlock.SERIAL_ORDERS) {
      CompressedTrace serial;
      try {
        serial = serialize(trace, ranks, order);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      // Messages a rank sends itself go between its threads (checked by SelfMessages).
      Benchmarks.Preparation p = Benchmarks.prepare(options.compute() == ComputeMode.CPU
          ? CpuTime.replayed(serial) : serial, true);
      // The first order's finding is the one reported when none resolves.
      preparation = preparation == null || p instanceof Benchmarks.Prepared ? p : preparation;
      if (p instanceof Benchmarks.Prepared) {
        break;
      }
    }
    if (preparation instanceof Benchmarks.Failed f) {
      return new Benchmarks.Failed(new Finding(f.finding().problem(), SERIAL
          + ", in every order of the threads of a phase tried (sites written pPHASE.LANE:,"
          + " lane 0 MPI's main thread, or sPHASE: for the main thread after phase PHASE): "
          + f.finding().message()));
    }
    Benchmarks.Prepared p = (Benchmarks.Prepared) preparation;
    Map<ThreadBlock, List<Integer>> blocks = new TreeMap<>(ThreadBlock.ORDER);
    List<Node> body = p.trace().body();
    List<ThreadBlock> blockOf = new ArrayList<>();
    for (int i = 0; i < body.size(); i++) {
      Set<ThreadBlock> of = blocksOf(body.get(i));
      if (of.size() != 1) {
        return refused("one call of the trace stands for calls of several threads' blocks ("
            + (of.isEmpty() ? "none" : of.toString()) + "): a collective made on different"
            + " threads of different ranks");
      }
      blockOf.add(of.iterator().next());
      blocks.computeIfAbsent(blockOf.get(i), k -> new ArrayList<>()).add(i);
    }
    // Irregular sections as data where each lies within one block and every block's nodes are
    // in one run (so that each block is walked as a range); else node by node.
    boolean runs = blocks.values().stream().allMatch(ix -> ix.get(ix.size() - 1) - ix.get(0)
        == ix.size() - 1);
    List<org.benchgen.codegen.IrregularSections.Span> spans = !runs ? List.of()
        : p.spans().stream().filter(s -> blockOf.subList(s.start(), s.end()).stream()
            .distinct().count() == 1).toList();
    Generation g = new Generation(p.trace(), options, target.naming(), spans,
        target.dataTables(), handoffs);
    List<GeneratedFile> files;
    try {
      Emitter emitter = target.emitter(g);
      TraceWalker walker = new TraceWalker(g, emitter);
      List<ThreadBody> bodies = new ArrayList<>();
      blocks.forEach((b, ix) -> bodies.add(new ThreadBody(b, runs
          ? walker.walk(ix.get(0), ix.get(ix.size() - 1) + 1)
          : walker.walkNodes(ix.stream().map(body::get).toList()),
          repeats.getOrDefault(b.phase(), 1L))));
      files = emitter.threadedProgram(bodies);
    } catch (Unexpressible u) {
      return new Benchmarks.Failed(new Finding(Problem.UNEXPRESSIBLE, u.getMessage()
          + " (the " + target.name() + " target writes nothing)"));
    }
    List<String> notes = new ArrayList<>(g.approximations().lines());
    return new Benchmarks.Generated(files, notes, p.aligned(), p.resolved());
  }

  /** The blocks whose calls node {@code n} holds, by their sites. */
  private static Set<ThreadBlock> blocksOf(Node n) {
    Set<ThreadBlock> out = new LinkedHashSet<>();
    boolean[] unnamed = {false};
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        // A collective alignment joined from several sites names each ("p1.3:x|p1.2:x"): the
        // blocks of all of them (MPICH's mult_session, whose lanes did not pair, made one
        // benchmark thread free a communicator another made, 4 runs of 7).
        for (String site : r.site().split("\\|", -1)) {
          Optional<ThreadBlock> b = ThreadBlock.of(site);
          if (b.isPresent()) {
            out.add(b.get());
          } else {
            unnamed[0] = true;
          }
        }
      }
    }.scan(List.of(n));
    return unnamed[0] ? Set.of() : out;
  }

  /**
   * The single-threaded trace of every rank's blocks in order, requests numbered again in that
   * order: written as streams into a temporary directory and compressed, as {@code compress}
   * does.
   */
  private static CompressedTrace serialize(CompressedTrace trace,
      List<ThreadSplit.RankBlocks> ranks, Comparator<ThreadBlock> blockOrder) throws IOException {
    Path dir = Files.createTempDirectory("benchgen-threads");
    try {
      for (ThreadSplit.RankBlocks r : ranks) {
        try (Writer out = Files.newBufferedWriter(dir.resolve(TraceDirectory.fileName(r.rank(),
            false)));
            RawTraceWriter w = new RawTraceWriter(out, r.rank(), trace.worldSize(),
                trace.symbols())) {
          for (int i = 0; i < r.commIds().size(); i++) {
            w.comm(r.commIds().get(i), r.commMembers().get(i), r.commRemote().get(i));
          }
          Map<Long, Long> ids = new HashMap<>();
          long[] next = {1};
          long clock = 0;
          List<ThreadBlock> order = new ArrayList<>(r.events().keySet());
          order.sort(blockOrder);
          for (ThreadBlock b : order) {
            long start = clock;
            for (RawEvent e : r.events().get(b)) {
              w.event(renumbered(e, ids, next, start));
              clock = start + e.exit();
            }
          }
        }
      }
      return new TraceCompressor().compress(TraceDirectory.open(dir), n -> { }).trace();
    } finally {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  /** {@code e} with its request ids in the order the blocks run, its times from {@code start}. */
  private static RawEvent renumbered(RawEvent e, Map<Long, Long> ids, long[] next, long start) {
    long[] values = e.values().clone();
    long[][] lists = e.lists().clone();
    int req = e.op().slot(Field.REQ);
    if (e.op().createsRequest()) {
      ids.put(values[req], next[0]);
      values[req] = next[0]++;
    } else if (req >= 0 && e.isPresent(Field.REQ)) {
      values[req] = ids.getOrDefault(values[req], values[req]);
    }
    for (Field f : new Field[] {Field.REQS, Field.DONE}) {
      int s = e.op().slot(f);
      if (s >= 0 && e.isPresent(f)) {
        long[] l = lists[s].clone();
        for (int i = 0; i < l.length; i++) {
          l[i] = org.benchgen.trace.Sym.isSymbol(l[i]) ? l[i] : ids.getOrDefault(l[i], l[i]);
        }
        lists[s] = l;
      }
    }
    return new RawEvent(e.op(), e.site(), start + e.enter(), start + e.exit(), values, lists,
        e.cpu());
  }
}
