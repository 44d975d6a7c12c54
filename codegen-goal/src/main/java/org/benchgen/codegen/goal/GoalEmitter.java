package org.benchgen.codegen.goal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.LoopContext;
import org.benchgen.codegen.ModelRenderer;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.ExpansionSize;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;

/**
 * Emits a GOAL schedule. GOAL has no loops or conditions, so the structured walk's nodes are not
 * used: {@link #program} unrolls each rank's calls of the aligned, resolved trace with the shared
 * traversal, in MPI's order ({@link RankSchedule}), with the mean compute time before each call
 * (for the call path it came from) as a {@code calc} of that many nanoseconds.
 */
final class GoalEmitter implements Emitter {
  /** Operations in a schedule at most: GOAL unrolls everything, and LogGOPSim reads it whole. */
  static final long MAX_OPERATIONS = 4_000_000;
  /** Above this many operations, generate says the schedule is large. */
  static final long LARGE = 1_000_000;
  /** Collectives' messages use tags from here up, which MPI programs rarely reach. */
  static final long COLLECTIVE_TAGS = 1L << 30;
  /** Tags of one communicator's collectives; 2,048 communicators fill GOAL's 32-bit tags. */
  static final long COMM_TAGS = 1L << 20;

  private static final ModelRenderer GOAL = new ModelRenderer(GoalEmitter.class, "goal.stg");
  private static final long PROC_NULL = Sym.PROC_NULL.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();
  private static final long ABSENT = Sym.ABSENT.code();

  private final Generation g;
  private final Communicators comms;
  private long operations;
  private final Map<Long, Long> commIndex = new HashMap<>();

  GoalEmitter(Generation g) {
    this.g = g;
    this.comms = new Communicators(g.trace());
    for (int i = 0; i < g.trace().comms().size(); i++) {
      commIndex.put((long) g.trace().comms().get(i).id(), i + 1L);
    }
  }

  @Override
  public List<OutputModel> rsd(RsdContext rsd) {
    return List.of();
  }

  @Override
  public OutputModel loop(LoopContext loop, List<OutputModel> body) {
    return new GoalModel.Unrolled();
  }

  @Override
  public OutputModel guard(Condition ranks, List<OutputModel> body) {
    return new GoalModel.Unrolled();
  }

  @Override
  public List<GeneratedFile> program(List<OutputModel> body) {
    CompressedTrace t = g.trace();
    // Every call is at least one operation but for a few (MPI_Init, probes): refuse up front
    // what cannot fit, rather than after minutes of unrolling.
    long calls = steps(t);
    if (calls > MAX_OPERATIONS) {
      throw tooLarge(calls + " calls");
    }
    List<GoalModel.RankBlock> blocks = new ArrayList<>();
    for (int r = 0; r < t.worldSize(); r++) {
      blocks.add(rank(t, r));
    }
    if (operations > LARGE) {
      g.approximations().note("the schedule unrolls every loop (GOAL has none) into "
          + operations + " operations, a large input for LogGOPSim");
    }
    String name = g.options().name();
    GoalModel.Schedule s = new GoalModel.Schedule(name, g.approximations().lines(),
        t.worldSize(), blocks);
    return List.of(new GeneratedFile(name + ".goal", GOAL.content(s)));
  }

  /**
   * The steps of walking every rank ({@link ExpansionSize#steps}, an upper bound), a choice section
   * counted by its calls: the bound counts each of its guards on every step, K times its calls for
   * K shapes (MPICH's ctxsplit at 100,000 steps: 7.8 million for 528,758 calls, refused).
   */
  private static long steps(CompressedTrace t) {
    List<org.benchgen.ir.Node> rest = new ArrayList<>();
    long calls = 0;
    try {
      for (org.benchgen.ir.Node n : t.body()) {
        Optional<ChoiceSection> c = ChoiceSection.of(n);
        if (c.isPresent()) {
          calls = Math.addExact(calls, c.get().calls());
        } else {
          rest.add(n);
        }
      }
      return Math.addExact(calls, ExpansionSize.steps(t.withBody(rest)));
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** One rank's calls, unrolled. */
  private GoalModel.RankBlock rank(CompressedTrace t, int r) {
    RankSchedule s = new RankSchedule(r);
    TraversalContext ctx = new TraversalContext(t, r, comms);
    StepDecoder dec = new StepDecoder(t.symbols());
    Map<Long, Integer> requests = new HashMap<>();
    Map<Long, RawEvent> persistent = new HashMap<>();
    Map<Long, Long> collectives = new HashMap<>();
    String lastSite = null;
    while (ctx.hasNext()) {
      Step step = ctx.next();
      if (lastSite != null) {
        long ns = Math.round(step.rsd().meanComputeAfter(lastSite, r));
        if (ns > 0) {
          s.compute(ns);
        }
      }
      lastSite = step.rsd().site();
      RawEvent e = dec.decode(step);
      call(s, r, e, requests, persistent, collectives);
      if (operations + s.size() > MAX_OPERATIONS) {
        throw tooLarge("more than that by rank " + r);
      }
    }
    operations += s.size();
    return s.block();
  }

  /** 0 for the world, i + 1 for the trace's i-th communicator definition: dense, global. */
  private long commIndex(long comm) {
    return commIndex.getOrDefault(comm, 0L);
  }

  private static TraceProblem tooLarge(String what) {
    return new TraceProblem("the GOAL schedule would unroll more than " + MAX_OPERATIONS
        + " operations (" + what + "): GOAL has no loops; generate the c-mpi target, or trace"
        + " fewer iterations");
  }

  private void call(RankSchedule s, int r, RawEvent e, Map<Long, Integer> requests,
      Map<Long, RawEvent> persistent, Map<Long, Long> collectives) {
    Op op = e.op();
    switch (op.kind()) {
      case SEND -> pointToPoint(s, e, true, requests, op.createsRequest());
      case RECV -> pointToPoint(s, e, false, requests, op.createsRequest());
      case SENDRECV -> {
        List<Integer> both = new ArrayList<>();
        send(s, e).ifPresent(both::add);
        receive(s, e, op.has(Field.RTAG) ? e.get(Field.RTAG) : e.get(Field.TAG))
            .ifPresent(both::add);
        s.join(both);
      }
      case COMPLETION -> {
        long[] ids = op == Op.WAIT ? new long[] {e.get(Field.REQ)}
            : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE);
        List<Integer> done = new ArrayList<>();
        for (long id : ids) {
          Integer label = persistent.containsKey(id) ? requests.get(id) : requests.remove(id);
          if (label != null) {
            done.add(label);
          }
        }
        if (!done.isEmpty()) {
          s.join(done);
        }
      }
      case PERSISTENT_INIT -> persistent.put(e.get(Field.REQ), e);
      case START -> {
        long[] ids = e.startedRequests();
        for (long id : ids) {
          RawEvent init = persistent.get(id);
          if (init != null) {
            boolean isSend = init.op() != Op.RECV_INIT;
            (isSend ? send(s, init) : receive(s, init, init.get(Field.TAG)))
                .ifPresent(label -> requests.put(id, label));
          }
        }
      }
      case REQUEST_FREE -> {
        persistent.remove(e.get(Field.REQ));
        requests.remove(e.get(Field.REQ));
      }
      case PROBE -> g.approximations().note("probes are left out (the receive that follows"
          + " waits for the message anyway)");
      // MPI_Comm_free waits for no one (OpKind.synchronizes): nothing to simulate.
      case COMM_FREE -> { }
      // GOAL schedules sends, receives and computation: a schedule without the I/O would be a
      // benchmark of another program.
      case FILE_IO -> throw new Unexpressible("GOAL has no file I/O ("
          + op.mpiName() + ")");
      case COLLECTIVE, COMM_CREATE -> {
        Field sync = org.benchgen.trace.Participants.field(op);
        long comm = op.has(sync) ? e.get(sync) : 0;
        int[] members = comms.members(comm);
        // Each communicator has 2^20 tags (its index among the trace's, the same on every rank,
        // picks them), used in turn: a collective takes n + 2, and the turn wraps at a multiple
        // of that, so a collective's tags never reach the next communicator's.
        int width = Collectives.tags(members.length);
        long seq = collectives.getOrDefault(comm, 0L);
        long wrap = Math.max(width, (COMM_TAGS / width) * width);
        collectives.put(comm, (seq + width) % wrap);
        long tag = COLLECTIVE_TAGS + commIndex(comm) % 2048 * COMM_TAGS + seq;
        if (sync == Field.NEWCOMM) {
          g.approximations().note(op.mpiName() + " is simulated as a barrier on its group");
        } else if (op.kind() != OpKind.COLLECTIVE) {
          g.approximations().note("communicator creation is simulated as a barrier on the"
              + " parent communicator");
        }
        List<Integer> labels = new Collectives(s, members, comms.rankIn(comm, r), tag)
            .expand(e);
        if (op.createsRequest()) {
          requests.put(e.get(Field.REQ), s.joined(labels));
        } else {
          s.join(labels);
        }
      }
      default -> {
        // MPI_Init, MPI_Finalize: nothing to simulate.
      }
    }
  }

  private void pointToPoint(RankSchedule s, RawEvent e, boolean isSend,
      Map<Long, Integer> requests, boolean nonblocking) {
    Optional<Integer> label = isSend ? send(s, e) : receive(s, e, e.get(Field.TAG));
    label.ifPresent(l -> {
      if (nonblocking) {
        requests.put(e.get(Field.REQ), l);
      } else {
        s.block(l);
      }
    });
  }

  /** The send of {@code e} after the frontier; none to MPI_PROC_NULL. */
  private Optional<Integer> send(RankSchedule s, RawEvent e) {
    long dest = e.get(Field.DEST);
    if (dest == PROC_NULL) {
      return Optional.empty();
    }
    long comm = e.get(Field.COMM);
    return Optional.of(s.send(e.get(Field.COUNT) * e.get(Field.TSIZE),
        comms.world(comm, s.rank(), dest), tag(e.get(Field.TAG)), List.of()));
  }

  /** The receive of {@code e} (its tag {@code tag}) after the frontier; none from PROC_NULL. */
  private Optional<Integer> receive(RankSchedule s, RawEvent e, long tag) {
    long src = e.get(Field.SRC);
    if (src == PROC_NULL) {
      return Optional.empty();
    }
    if (tag == ANY_TAG) {
      long atag = e.op().has(Field.ATAG) ? e.get(Field.ATAG) : ABSENT;
      if (atag == ABSENT) {
        g.approximations().note("a receive from MPI_ANY_TAG without its recorded tag matches"
            + " any tag (-1)");
      }
      tag = atag == ABSENT ? -1 : atag;
    }
    long bytes = e.op().has(Field.BYTES) && e.isPresent(Field.BYTES) ? e.get(Field.BYTES)
        : e.get(Field.COUNT) * (e.op().has(Field.RTSIZE) ? e.get(Field.RTSIZE)
            : e.get(Field.TSIZE));
    long comm = e.get(Field.COMM);
    return Optional.of(s.recv(bytes, comms.world(comm, s.rank(), src), tag(tag), List.of()));
  }

  /** A point-to-point tag; the collectives' range is noted when a program reaches it. */
  private long tag(long tag) {
    if (tag >= COLLECTIVE_TAGS) {
      g.approximations().note("a point-to-point tag of 2^30 or more may match a collective's"
          + " messages in the schedule");
    }
    return tag;
  }
}
