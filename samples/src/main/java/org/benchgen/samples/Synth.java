package org.benchgen.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.benchgen.compress.ClassCompressor;
import org.benchgen.io.AtomicOutput;
import org.benchgen.io.TraceFiles;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * Synthetic per-rank event streams of classic communication patterns, with realistic timings
 * (compute intervals with jitter from a seeded generator, call durations from latency and
 * bandwidth), for tests and benchmarks. Deterministic for a given seed; ranks are written in
 * parallel and streamed, so large worlds need little memory.
 */
public final class Synth {
  /** The patterns {@code benchgen synth} knows. */
  public enum Pattern {
    ring("periodic ring: Irecv from r-1, Isend to r+1, Waitall, compute"),
    stencil2d("non-periodic 2-D halo exchange (4 neighbours, fewer at the edges)"),
    stencil3d("non-periodic 7-point 3-D halo exchange: Irecv/Isend + Waitall, Allreduce every 10"
        + " iterations"),
    wavefront("Sweep3D-like pipelined sweeps over a 2-D grid: blocking Recv upstream, compute,"
        + " Send downstream, from two corners; Allreduce per iteration"),
    alltoall("Alltoall and Allreduce with compute between"),
    masterWorker("master-worker: rank 0 hands out tasks, receives results with ANY_SOURCE"
        + " (actual sources recorded)"),
    mpmd("MPMD: every rank runs code of its own, a Sendrecv around the ring from each of its"
        + " own distinct call sites, none shared with another rank"),
    irregular("rounds of Irecv/Isend/Waitall with a random peer, count, tag and compute time"
        + " each, every send matched by its receive"),
    shuffled("blocking Send and Recv in a random order: each step a random pair of ranks"
        + " exchanges one message of random count and tag; an Allreduce every 50 steps. Nothing"
        + " folds into loops");

    private final String description;

    Pattern(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }

    /** Whether the pattern needs at least two ranks (a master and a worker, or a peer). */
    public boolean needsTwoRanks() {
      return this == masterWorker || this == irregular || this == shuffled;
    }

    /** The name on the command line ({@code master-worker}). */
    public String cliName() {
      return this == masterWorker ? "master-worker" : name();
    }
  }

  private static final double LATENCY_NS = 1_500;
  private static final double NS_PER_BYTE = 0.1;

  private final Pattern pattern;
  private final int ranks;
  private final int iterations;
  private final long seed;
  private final boolean splitCollectives;
  /**
   * mpmd: the call sites of each rank; irregular: the exchange rounds of each rank; shuffled: the
   * steps of the whole schedule.
   */
  private final int scale;
  /** The names of the streams being written (ranks are written in parallel). */
  private final SymbolTable symbols = new SymbolTable();

  public Synth(Pattern pattern, int ranks, int iterations, long seed) {
    this(pattern, ranks, iterations, seed, false);
  }

  /**
   * {@code splitCollectives}: odd ranks reach every collective and MPI_Finalize from a call site
   * of their own (the next line), as in the paper's Figure 3, so that alignment has work to do.
   */
  public Synth(Pattern pattern, int ranks, int iterations, long seed, boolean splitCollectives) {
    this(pattern, ranks, iterations, seed, splitCollectives, 1);
  }

  private Synth(Pattern pattern, int ranks, int iterations, long seed, boolean splitCollectives,
      int scale) {
    if (ranks < 1 || iterations < 1 || scale < 1) {
      throw new IllegalArgumentException("ranks, iterations, sites and events must be at least 1");
    }
    if (pattern.needsTwoRanks() && ranks < 2) {
      throw new IllegalArgumentException(pattern.cliName() + " needs at least 2 ranks");
    }
    this.pattern = pattern;
    this.ranks = ranks;
    this.iterations = iterations;
    this.seed = seed;
    this.splitCollectives = splitCollectives;
    this.scale = scale;
  }

  /**
   * MPMD: each rank makes {@code sites} MPI_Sendrecv calls (to r+1, from r-1), each from a call
   * site of its own that no other rank has; besides MPI_Init and MPI_Finalize nothing is shared,
   * so the merge of ranks finds no common call sites.
   */
  public static Synth mpmd(int ranks, int sites, long seed) {
    return new Synth(Pattern.mpmd, ranks, 1, seed, false, sites);
  }

  /**
   * Irregular: each rank records {@code events} events between MPI_Init and MPI_Finalize (rounded
   * up to a multiple of 3): rounds of Irecv, Isend and Waitall with the peers, counts and tags of
   * {@link IrregularExchange}, and random compute times. At least 2 ranks.
   */
  public static Synth irregular(int ranks, int events, long seed) {
    return new Synth(Pattern.irregular, ranks, 1, seed, false, (events + 2) / 3);
  }

  /**
   * Shuffled: about {@code events} point-to-point events on each rank (the schedule has events x
   * ranks / 2 steps, each a Send on one rank and its Recv on another, from {@link
   * IrregularExchange}), and an Allreduce on all ranks every 50 steps. At least 2 ranks.
   */
  public static Synth shuffled(int ranks, int events, long seed) {
    long steps = Math.max(1, (long) events * ranks / 2);
    if (steps > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("shuffled: events x ranks / 2 must be below 2^31");
    }
    return new Synth(Pattern.shuffled, ranks, 1, seed, false, (int) steps);
  }

  /** Writes all ranks' streams into a new directory {@code out}. */
  public void write(Path out, boolean gzip, IntConsumer progress) throws IOException {
    int[] masterOrder = pattern == Pattern.masterWorker
        ? MasterWorker.order(ranks, iterations, seed) : new int[0];
    AtomicInteger done = new AtomicInteger();
    AtomicOutput.writeDirectory(out, tmp -> {
      try {
        java.util.concurrent.atomic.AtomicBoolean failed = new java.util.concurrent.atomic
            .AtomicBoolean();
        IntStream.range(0, ranks).parallel().forEach(r -> {
          // After a failure (a full disk) no rank starts: the output is being removed.
          if (failed.get()) {
            return;
          }
          try (var w = TraceFiles.rankWriter(tmp, r, ranks, gzip, symbols)) {
            new RankScript(r, w::event, masterOrder).run();
          } catch (IOException e) {
            failed.set(true);
            throw new UncheckedIOException(e);
          }
          progress.accept(done.incrementAndGet());
        });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    });
  }

  /**
   * Why this run's compressed trace cannot be written directly ({@link #writeCompressed}); empty
   * where it can.
   */
  public java.util.Optional<String> whyNotCompressed() {
    return SynthClasses.of(pattern, ranks, splitCollectives).whyNone();
  }

  /**
   * Writes the run's compressed trace to {@code out} without writing a stream: two ranks of
   * each class of ranks that behave alike are compressed and stand for the class; the work is
   * the classes', not the world's (docs/compression.md, "Classes of ranks").
   */
  public void writeCompressed(Path out) throws IOException {
    SynthClasses.Classes c = SynthClasses.of(pattern, ranks, splitCollectives);
    if (c.whyNone().isPresent()) {
      throw new IllegalArgumentException(c.whyNone().get());
    }
    TraceFiles.writeCompressed(ClassCompressor.compress(ranks, c.classes(), symbols,
        (r, sink) -> new RankScript(r, sink::event, new int[0]).run()), out);
  }

  /** Where a rank's events go: a stream's writer, or a rank's compressor. */
  @FunctionalInterface
  private interface Events {
    void event(RawEvent e) throws IOException;
  }

  /** A grid of {@code dims} dimensions with about equal sides whose product is {@code n}. */
  static int[] grid(int n, int dims) {
    int[] d = new int[dims];
    int rest = n;
    for (int i = 0; i < dims; i++) {
      int target = (int) Math.round(Math.pow(rest, 1.0 / (dims - i)));
      int best = 1;
      for (int f = 1; f <= rest; f++) {
        if (rest % f == 0 && Math.abs(f - target) < Math.abs(best - target)) {
          best = f;
        }
      }
      d[i] = best;
      rest /= best;
    }
    return d;
  }

  /** One rank's stream: a clock, a request counter and the pattern's calls. */
  private final class RankScript {
    private final int rank;
    private final Events out;
    private final int[] masterOrder;
    private final SplittableRandom rnd;
    private long clock = 1_000_000;
    private long nextReq = 1;

    RankScript(int rank, Events out, int[] masterOrder) {
      this.rank = rank;
      this.out = out;
      this.masterOrder = masterOrder;
      this.rnd = new SplittableRandom(seed * 1_000_003 + rank);
    }

    void run() throws IOException {
      call(new RawEventBuilder(symbols, Op.INIT, "main.c:10"), 20_000);
      switch (pattern) {
        case ring -> ring();
        case stencil2d -> stencil(grid(ranks, 2));
        case stencil3d -> stencil(grid(ranks, 3));
        case wavefront -> wavefront();
        case alltoall -> alltoall();
        case masterWorker -> masterWorker();
        case mpmd -> mpmd();
        case irregular -> irregular();
        case shuffled -> shuffled();
        default -> throw new IllegalStateException();
      }
      compute(10_000);
      call(new RawEventBuilder(symbols, Op.FINALIZE, site("main.c", 99)), 30_000);
    }

    private void compute(double meanNs) {
      clock += (long) (meanNs * (0.95 + 0.1 * rnd.nextDouble()));
    }

    private void call(RawEventBuilder b, double ns) throws IOException {
      long enter = clock;
      clock += (long) (ns * (0.9 + 0.2 * rnd.nextDouble()));
      out.event(b.times(enter, clock).build());
    }

    private double transfer(long bytes) {
      return LATENCY_NS + bytes * NS_PER_BYTE;
    }

    private RawEventBuilder p2p(Op op, String site, Field peerField, long peer, int tag,
        long count) {
      RawEventBuilder b = new RawEventBuilder(symbols, op, site).set(Field.COMM, 0)
          .set(peerField, peer).set(Field.TAG, tag).set(Field.COUNT, count)
          .name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8);
      if (op.kind() == org.benchgen.trace.OpKind.RECV) {
        b.set(Field.BYTES, peer == Sym.PROC_NULL.code() ? 0 : count * 8);
      }
      if (op.createsRequest()) {
        b.set(Field.REQ, nextReq++);
      }
      return b;
    }

    /** {@code file:line}, or the next line on odd ranks when collectives are split. */
    private String site(String file, int line) {
      return file + ":" + (splitCollectives && rank % 2 == 1 ? line + 1 : line);
    }

    private RawEventBuilder collective(Op op, String file, int line, long count) {
      return new RawEventBuilder(symbols, op, site(file, line)).set(Field.COMM,
          0).set(Field.COUNT, count)
          .name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8).name(Field.OP, "MPI_SUM");
    }

    private void waitall(String site, long first, int n) throws IOException {
      long[] reqs = new long[n];
      for (int i = 0; i < n; i++) {
        reqs[i] = first + i;
      }
      call(new RawEventBuilder(symbols, Op.WAITALL, site).list(Field.REQS, reqs), 8_000);
    }

    private void ring() throws IOException {
      long count = 1024;
      for (int it = 0; it < iterations; it++) {
        compute(200_000);
        long first = nextReq;
        call(p2p(Op.IRECV, "ring.c:21", Field.SRC, Math.floorMod(rank - 1, ranks), 0, count),
            800);
        call(p2p(Op.ISEND, "ring.c:22", Field.DEST, (rank + 1) % ranks, 0, count), 900);
        waitall("ring.c:23", first, 2);
      }
    }

    /** Halo exchange on a non-periodic grid of 2 or 3 dimensions. */
    private void stencil(int[] dims) throws IOException {
      int nd = dims.length;
      int[] coord = new int[nd];
      int rest = rank;
      for (int i = nd - 1; i >= 0; i--) {
        coord[i] = rest % dims[i];
        rest /= dims[i];
      }
      String file = nd == 2 ? "stencil2d.c" : "stencil3d.f90";
      long count = nd == 2 ? 512 : 4096;
      List<int[]> neighbours = new ArrayList<>(); // (rank, direction index)
      for (int d = 0; d < nd; d++) {
        for (int s : new int[] {-1, 1}) {
          int c = coord[d] + s;
          if (c >= 0 && c < dims[d]) {
            int stride = 1;
            for (int k = nd - 1; k > d; k--) {
              stride *= dims[k];
            }
            neighbours.add(new int[] {rank + s * stride, 2 * d + (s > 0 ? 1 : 0)});
          }
        }
      }
      for (int it = 0; it < iterations; it++) {
        compute(nd == 2 ? 150_000 : 400_000);
        long first = nextReq;
        for (int[] nb : neighbours) {
          call(p2p(Op.IRECV, file + ":" + (40 + nb[1]), Field.SRC, nb[0], nb[1] ^ 1, count),
              700);
        }
        for (int[] nb : neighbours) {
          call(p2p(Op.ISEND, file + ":" + (50 + nb[1]), Field.DEST, nb[0], nb[1], count), 900);
        }
        waitall(file + ":60", first, 2 * neighbours.size());
        if (nd == 3 && it % 10 == 9) {
          compute(20_000);
          call(collective(Op.ALLREDUCE, file, 70, 1), 15_000 + 500 * log2(ranks));
        }
      }
    }

    private void wavefront() throws IOException {
      int[] d = grid(ranks, 2);
      int px = d[0];
      int py = d[1];
      int x = rank / py;
      int y = rank % py;
      long count = 1500;
      int blocks = 4;
      for (int it = 0; it < iterations; it++) {
        for (int sweep = 0; sweep < 2; sweep++) {
          int sx = sweep == 0 ? 1 : -1;
          int up = x - sx >= 0 && x - sx < px ? (x - sx) * py + y : -1;
          int left = y - sx >= 0 && y - sx < py ? x * py + y - sx : -1;
          int down = x + sx >= 0 && x + sx < px ? (x + sx) * py + y : -1;
          int right = y + sx >= 0 && y + sx < py ? x * py + y + sx : -1;
          for (int b = 0; b < blocks; b++) {
            if (up >= 0) {
              call(p2p(Op.RECV, "sweep.f:110", Field.SRC, up, 1, count), transfer(count * 8));
            }
            if (left >= 0) {
              call(p2p(Op.RECV, "sweep.f:111", Field.SRC, left, 2, count), transfer(count * 8));
            }
            compute(60_000);
            if (down >= 0) {
              call(p2p(Op.SEND, "sweep.f:120", Field.DEST, down, 1, count), transfer(count * 8));
            }
            if (right >= 0) {
              call(p2p(Op.SEND, "sweep.f:121", Field.DEST, right, 2, count), transfer(count * 8));
            }
          }
        }
        compute(30_000);
        call(collective(Op.ALLREDUCE, "sweep.f", 200, 1), 15_000 + 500 * log2(ranks));
      }
    }

    private void alltoall() throws IOException {
      long count = 256;
      for (int it = 0; it < iterations; it++) {
        compute(300_000);
        call(new RawEventBuilder(symbols, Op.ALLTOALL, site("fft.c", 80)).set(Field.COMM, 0)
            .set(Field.COUNT, count).name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8)
            .set(Field.RCOUNT, count).name(Field.RTYPE, "MPI_DOUBLE").set(Field.RTSIZE, 8),
            transfer(count * 8 * ranks));
        compute(50_000);
        call(collective(Op.ALLREDUCE, "fft.c", 90, 2), 15_000 + 500 * log2(ranks));
      }
    }

    private void masterWorker() throws IOException {
      long task = 64;
      long result = 128;
      if (rank == 0) {
        for (int w = 1; w < ranks; w++) {
          call(p2p(Op.SEND, "master.c:30", Field.DEST, w, 1, task), transfer(task * 8));
        }
        int[] sent = new int[ranks];
        java.util.Arrays.fill(sent, 1);
        for (int w : masterOrder) {
          compute(2_000);
          call(p2p(Op.RECV, "master.c:40", Field.SRC, Sym.ANY_SOURCE.code(), 2, result)
              .set(Field.ASRC, w).set(Field.ATAG, 2).set(Field.BYTES, result * 8),
              transfer(result * 8) + 20_000);
          // Another task while the worker has some left, else the stop message (tag 3).
          boolean more = sent[w]++ < iterations;
          call(p2p(Op.SEND, "master.c:45", Field.DEST, w, more ? 1 : 3, more ? task : 0),
              transfer(task * 8));
        }
      } else {
        SplittableRandom tasks = new SplittableRandom(seed * 7919 + rank);
        for (int t = 0; t < iterations; t++) {
          call(p2p(Op.RECV, "worker.c:60", Field.SRC, 0, 1, task), transfer(task * 8) + 5_000);
          clock += MasterWorker.taskTime(tasks, rank);
          call(p2p(Op.SEND, "worker.c:70", Field.DEST, 0, 2, result), transfer(result * 8));
        }
        call(p2p(Op.RECV, "worker.c:60", Field.SRC, 0, 3, 0), transfer(0) + 5_000);
      }
    }

    private void mpmd() throws IOException {
      int to = (rank + 1) % ranks;
      int from = Math.floorMod(rank - 1, ranks);
      for (int i = 0; i < scale; i++) {
        compute(5_000 + 100 * (i % 50));
        long count = mpmdCount(i);
        call(new RawEventBuilder(symbols, Op.SENDRECV, "rank" + rank + ".c:" + (i + 1))
            .set(Field.COMM, 0).set(Field.DEST, to).set(Field.TAG, 0).set(Field.COUNT, count)
            .name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8).set(Field.SRC, from)
            .set(Field.RTAG, 0).set(Field.RCOUNT, count).name(Field.RTYPE, "MPI_DOUBLE")
            .set(Field.RTSIZE, 8).set(Field.BYTES, count * 8), transfer(count * 8));
      }
    }

    private void irregular() throws IOException {
      IrregularExchange x = new IrregularExchange(seed, ranks);
      for (long round = 0; round < scale; round++) {
        compute(x.computeNs(round, rank));
        int src = x.source(round, rank);
        int dest = x.dest(round, rank);
        long first = nextReq;
        long in = x.count(round, src);
        call(p2p(Op.IRECV, "irregular.c:30", Field.SRC, src, x.tag(round, src), in), 800);
        long out = x.count(round, rank);
        call(p2p(Op.ISEND, "irregular.c:31", Field.DEST, dest, x.tag(round, rank), out),
            900 + out * NS_PER_BYTE);
        compute(x.computeNs(round, rank) / 4);
        waitall("irregular.c:33", first, 2);
      }
    }

    private void shuffled() throws IOException {
      IrregularExchange x = new IrregularExchange(seed, ranks);
      for (long t = 0; t < scale; t++) {
        int from = x.sender(t);
        int to = x.dest(t, from);
        if (rank == from || rank == to) {
          compute(x.computeNs(t, rank));
          long count = x.count(t, from);
          int tag = x.tag(t, from);
          call(rank == from ? p2p(Op.SEND, "shuffled.c:40", Field.DEST, to, tag, count)
              : p2p(Op.RECV, "shuffled.c:42", Field.SRC, from, tag, count), transfer(count * 8));
        }
        if (t % 50 == 49) {
          compute(20_000);
          call(collective(Op.ALLREDUCE, "shuffled.c", 50, 1 + x.tag(t, -1) % 64),
              15_000 + 500 * log2(ranks));
        }
      }
    }
  }

  /** mpmd: the count of every rank's i-th Sendrecv (the same on all ranks, so they match). */
  static long mpmdCount(int i) {
    return 1L << (i % 12);
  }

  private static int log2(int n) {
    return 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
  }
}
