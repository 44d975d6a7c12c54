package org.benchgen.resolve;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.SlotTables;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;

/**
 * MPI matching simulated over every rank's traversal context (the heart of Algorithm 2): each
 * rank runs until it blocks; a rank whose wait is satisfied runs again later, in order. Sends and
 * receives match in MPI order (non-overtaking per source, tag and communicator); standard,
 * buffered and ready sends complete at once, synchronous ones when matched; Waitany and Waitsome
 * wait for the requests the trace says completed, tests never block; collectives and
 * MPI_Finalize wait for the whole communicator. Every step is a call of some rank, taken once, so
 * it never hangs. What it leaves (blocked ranks, unmatched messages) is read by {@link
 * DeadlockReport}; the sources it found ({@link WildcardSources}), by {@link SourceRewriter}.
 */
final class MatchingSimulation {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ANY_TAG = Sym.ANY_TAG.code();
  private static final long PROC_NULL = Sym.PROC_NULL.code();
  private static final long ABSENT = Sym.ABSENT.code();

  final int p;
  final Communicators comms;
  private final boolean reResolve;
  final TraversalContext[] ctx;
  private final StepDecoder[] dec;
  private final List<Map<Long, Request>> reqs = new ArrayList<>();
  final Inbox[] inbox;
  /** Messages that do not fit their receives, collectives whose members' blocks disagree. */
  final SizeChecks sizes;
  final List<ArrayList<PostedReceive>> posted = new ArrayList<>();
  final RankState[] state;
  private final ArrayDeque<Integer> ready = new ArrayDeque<>();
  /** Who has arrived at the collective in progress on each communicator. */
  final Map<Long, List<Integer>> arrived = new HashMap<>();
  /** The sources wildcard receives get. */
  final WildcardSources wild;
  private final WaitCharges charges;
  /** Loops' repeated iterations, taken as made ({@link IterationSkip}). */
  private final IterationSkip skips;
  /**
   * Per rank, how many calls it has taken (those of iterations skipped too, where messages are
   * logged): its current call is number {@code taken[r] - 1}.
   */
  private final long[] taken;
  /** Where every matched message goes ({@link MatchedMessages}); none for resolution alone. */
  private final MatchLog matches;
  /**
   * Whether a rank's messages to itself are between its threads (a threaded benchmark's ranks,
   * their threads' calls one after another): a call that waits for a message the rank sends
   * itself, or for its receipt, does not stop the rank, as another of its threads goes on; the
   * threads' order of those messages is checked on the rank's own (codegen's SelfMessages).
   */
  private boolean selfByThreads;

  MatchingSimulation(CompressedTrace trace, boolean reResolve, List<Rsd> wildcards) {
    this(trace, reResolve, wildcards, WaitCharges.NONE);
  }

  /** A simulation that also charges waiting time to {@code charges}. */
  MatchingSimulation(CompressedTrace trace, boolean reResolve, List<Rsd> wildcards,
      WaitCharges charges) {
    this(trace, reResolve, wildcards, charges, MatchLog.NONE);
  }

  /**
   * A simulation that also hands every message to {@code matches} once received. Iterations are
   * then skipped only outside loops with wildcard receives, and each skipped iteration's messages
   * are made from the one simulated ({@link IterationReplay}), so that every message is seen.
   */
  MatchingSimulation(CompressedTrace trace, boolean reResolve, List<Rsd> wildcards,
      WaitCharges charges, MatchLog matches) {
    this.charges = charges;
    this.matches = matches;
    this.p = trace.worldSize();
    this.comms = new Communicators(trace);
    this.sizes = new SizeChecks(comms);
    this.reResolve = reResolve;
    this.wild = new WildcardSources(comms, reResolve, wildcards, p);
    this.ctx = new TraversalContext[p];
    this.dec = new StepDecoder[p];
    this.inbox = new Inbox[p];
    this.state = new RankState[p];
    this.taken = new long[p];
    SlotTables tables = new SlotTables();
    for (int r = 0; r < p; r++) {
      ctx[r] = new TraversalContext(trace, r, comms, tables);
      dec[r] = new StepDecoder(trace.symbols());
      reqs.add(new HashMap<>());
      inbox[r] = new Inbox();
      posted.add(new ArrayList<>());
      state[r] = RankState.RUNNING;
      ready.add(r);
    }
    this.skips = IterationSkip.of(this, trace, reResolve, wildcards, charges, matches, taken);
  }

  /** Messages a rank sends itself are between its threads: waits on them do not block. */
  MatchingSimulation selfByThreads() {
    this.selfByThreads = true;
    return this;
  }

  /** Whether a wait of rank {@code r} on a message with {@code other} goes on regardless. */
  private boolean goesOn(int r, int other) {
    return selfByThreads && other == r;
  }

  /** Runs every rank as far as it can go. */
  void run() {
    while (true) {
      while (!ready.isEmpty()) {
        int r = ready.poll();
        if (state[r] == RankState.RUNNING) {
          runRank(r);
        }
      }
      if (!skips.anyStopped()) {
        return;
      }
      skips.release();
    }
  }

  /** Iterations of loops taken as made without simulating their calls ({@link IterationSkip}). */
  long skippedIterations() {
    return skips.skipped();
  }

  /** Whether rank {@code r} has nothing in flight: no request, no posted receive, no message. */
  boolean idle(int r) {
    return reqs.get(r).isEmpty() && posted.get(r).isEmpty() && !inbox[r].holdsUnmatched();
  }

  /** Rank {@code r} runs again, after the ranks already waiting to. */
  void resume(int r) {
    ready.add(r);
  }

  private void runRank(int r) {
    while (ctx[r].hasNext()) {
      if (skips.stops(r)) {
        return;
      }
      Step s = ctx[r].next();
      taken[r]++;
      charges.call(r, s);
      Optional<WaitState> wait = execute(r, s, dec[r].decode(s));
      if (wait.isPresent()) {
        state[r] = new RankState.Blocked(s, wait.get());
        return;
      }
    }
    state[r] = RankState.FINISHED;
  }

  /** Executes one call; what the rank then waits for, if it blocks in it. */
  private Optional<WaitState> execute(int r, Step s, RawEvent e) {
    Op op = e.op();
    switch (op.kind()) {
      case SEND -> {
        Optional<Message> m = send(r, s, e, e.get(Field.DEST), op == Op.SSEND
            || op == Op.ISSEND);
        if (op.createsRequest()) {
          Request q = new Request(false, m.isEmpty() || !m.get().sync || m.get().matched
              || goesOn(r, m.get().to));
          m.ifPresent(x -> {
            q.message = x;
            x.request = q;
          });
          reqs.get(r).put(e.get(Field.REQ), q);
        } else if (m.isPresent() && m.get().sync && !m.get().matched
            && !goesOn(r, m.get().to)) {
          return Optional.of(new WaitState.SyncSend(m.get()));
        }
        return Optional.empty();
      }
      case RECV -> {
        if (op == Op.IMPROBE && e.get(Field.FLAG) != 1) {
          return Optional.empty(); // found nothing, took nothing
        }
        return post(r, s, e, e.get(Field.SRC), e.get(Field.TAG));
      }
      case SENDRECV -> {
        send(r, s, e, e.get(Field.DEST), false);
        long rtag = op.has(Field.RTAG) ? e.get(Field.RTAG) : e.get(Field.TAG);
        return post(r, s, e, e.get(Field.SRC), rtag);
      }
      case PROBE -> {
        long src = e.get(Field.SRC);
        if (op == Op.IPROBE || src == PROC_NULL) {
          return Optional.empty();
        }
        long comm = e.get(Field.COMM);
        long tag = e.get(Field.TAG);
        Optional<Message> found = inbox[r].find(comm, src, tag, false);
        charges.probe(r, op, found);
        if (found.isPresent()) {
          return Optional.empty();
        }
        return Optional.of(new WaitState.Probe(comm, src, tag));
      }
      case COMPLETION -> {
        return complete(r, e);
      }
      case PERSISTENT_INIT -> {
        Request q = new Request(true, true);
        q.init = e;
        q.initStep = s;
        reqs.get(r).put(e.get(Field.REQ), q);
        return Optional.empty();
      }
      case START -> {
        long[] ids = e.startedRequests();
        for (long id : ids) {
          start(r, id);
        }
        return Optional.empty();
      }
      case REQUEST_FREE -> {
        reqs.get(r).remove(e.get(Field.REQ));
        return Optional.empty();
      }
      case CANCEL -> {
        Request q = reqs.get(r).get(e.get(Field.REQ));
        if (q != null && e.isPresent(Field.CANCEL) && e.get(Field.CANCEL) == 1) {
          cancel(r, q);
        } else if (q != null && !e.isPresent(Field.CANCEL) && q.message != null) {
          // Its request was freed uncompleted: whether the cancel took is not known. A later
          // receive may still take the message (it did not); if none does, it did.
          q.message.maybeCancelled = true;
        }
        return Optional.empty();
      }
      // OpKind.synchronizes: MPI_Comm_free is local. A window's creation, fence and free are
      // collective over its communicator (issue 46).
      case COLLECTIVE, COMM_CREATE, FINALIZE, WINDOW -> {
        if (op.createsRequest()) {
          // Nonblocking and persistent collectives wait for no message: done once made (or
          // started, which finds no init to start again).
          reqs.get(r).put(e.get(Field.REQ), new Request(op.isPersistentCollective(), true));
          long comm = s.syncComm();
          sizes.made(r, s, e, comm);
          return Optional.empty();
        }
        // MPI_Finalize has no communicator: comm() is the world's.
        long comm = s.syncComm();
        sizes.arrive(r, s, e, comm);
        return arrive(r, op, comm);
      }
      case LOCAL, FILE_IO -> {
        // MPI_Imrecv: its message was matched by its probe; its request is done. An MPI-IO
        // request waits for no rank either.
        if (op.createsRequest()) {
          reqs.get(r).put(e.get(Field.REQ), new Request(false, true));
        }
        return Optional.empty();
      }
      case RMA -> {
        // One-sided operations and passive or PSCW synchronisation wait for no message: an R-
        // operation's request is done once made. MPI_Win_start and MPI_Win_wait may wait for
        // other ranks' posts and completes, which this simulation does not model: it reports
        // no deadlock there, real or not (issue 46).
        if (op.createsRequest()) {
          reqs.get(r).put(e.get(Field.REQ), new Request(false, true));
        }
        return Optional.empty();
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  /**
   * A request its completion found cancelled: its receive (one recorded before receives said
   * so themselves), or its message, if not matched yet, is withdrawn (a message as if received
   * by no one). Where this simulation has matched it already, the trace's order is not the
   * simulation's, and it stays matched.
   */
  private void cancel(int r, Request q) {
    if (q.receive != null && !q.receive.matched) {
      posted.get(r).remove(q.receive);
      q.done = true;
    }
    if (q.message != null && !q.message.matched) {
      q.message.matched = true;
      q.done = true;
    }
  }

  /**
   * The receive of a call: blocking, what the rank waits for; nonblocking (MPI_Irecv, MPI-4's
   * MPI_Isendrecv, whose send is done at once as MPI_Isend's), its request, which waits for it.
   * One cancelled before any message matched it (MPI_Cancel) is never posted.
   */
  private Optional<WaitState> post(int r, Step s, RawEvent e, long src, long tag) {
    Op op = e.op();
    if (op.has(Field.CANCEL) && e.get(Field.CANCEL) == 1) {
      reqs.get(r).put(e.get(Field.REQ), new Request(false, true));
      return Optional.empty();
    }
    Optional<PostedReceive> x = receive(r, s, e, src, tag);
    boolean self = x.isPresent() && x.get().src != ANY_SOURCE
        && goesOn(r, comms.world(x.get().comm, r, x.get().src));
    if (op.createsRequest()) {
      Request q = new Request(false, x.isEmpty() || x.get().matched || self);
      x.ifPresent(y -> {
        q.receive = y;
        y.request = q;
      });
      reqs.get(r).put(e.get(Field.REQ), q);
      return Optional.empty();
    }
    return self ? Optional.empty() : block(x);
  }

  private static Optional<WaitState> block(Optional<PostedReceive> x) {
    return x.filter(y -> !y.matched).map(WaitState.Receive::new);
  }

  /**
   * Posts the message of send-side call {@code e} (none for PROC_NULL); it matches the earliest
   * posted receive it fits.
   */
  private Optional<Message> send(int r, Step s, RawEvent e, long dest, boolean sync) {
    if (dest == PROC_NULL) {
      return Optional.empty();
    }
    long comm = e.get(Field.COMM);
    long tag = e.get(Field.TAG);
    int to = comms.world(comm, r, dest);
    Message m = new Message(r, to, comms.rankIn(comm, r), comm, tag, sync, s,
        charges.enter(r), taken[r] - 1, SizeChecks.sent(e));
    for (PostedReceive x : posted.get(to)) {
      if (!x.matched && x.comm == comm && (x.src == ANY_SOURCE || x.src == m.fromCommRank)
          && (x.tag == ANY_TAG || x.tag == tag)) {
        match(m, x);
        posted.get(to).remove(x);
        return Optional.of(m);
      }
    }
    inbox[to].add(m);
    if (state[to] instanceof RankState.Blocked b && b.on() instanceof WaitState.Probe probe
        && inbox[to].find(probe.comm(), probe.src(), probe.tag(), false).isPresent()) {
      charges.probed(to, m);
      wake(to);
    }
    return Optional.of(m);
  }

  /** Posts a receive (none for PROC_NULL); it matches the earliest waiting message it fits. */
  private Optional<PostedReceive> receive(int r, Step s, RawEvent e, long src, long tag) {
    long comm = e.get(Field.COMM);
    Optional<ResolvedSources.Cell> cell = wild.cell(r, s, src);
    if (src == PROC_NULL) {
      return Optional.empty();
    }
    long recorded = e.get(Field.ASRC);
    long matchSrc = src;
    long matchTag = tag;
    if (src == ANY_SOURCE && !reResolve && recorded != ABSENT) {
      matchSrc = recorded;
      long atag = e.get(Field.ATAG);
      matchTag = tag == ANY_TAG && atag != ABSENT ? atag : tag;
    }
    PostedReceive x = new PostedReceive(r, comm, matchSrc, matchTag, s, cell, recorded, e.op(),
        charges.enter(r), charges.exit(r), !e.op().createsRequest(), taken[r] - 1);
    x.capacity = SizeChecks.capacity(e);
    Optional<Message> m = inbox[r].find(comm, matchSrc, matchTag, true);
    if (m.isPresent()) {
      match(m.get(), x);
    } else {
      posted.get(r).add(x);
    }
    return Optional.of(x);
  }

  private void match(Message m, PostedReceive x) {
    sizes.matched(m, x);
    m.matched = true;
    x.matched = true;
    x.message = m;
    charges.matched(x, m);
    matches.matched(x);
    wild.matched(x, m);
    if (x.request != null) {
      x.request.done = true;
    }
    if (m.request != null) {
      m.request.done = true;
    }
    recheck(x.owner);
    recheck(m.from);
  }

  /** Wakes a blocked rank whose wait is now satisfied. */
  private void recheck(int r) {
    if (state[r] instanceof RankState.Blocked b && b.on().satisfied()) {
      wake(r);
    }
  }

  private void wake(int r) {
    charges.woken(r);
    state[r] = RankState.RUNNING;
    ready.add(r);
  }

  private Optional<WaitState> complete(int r, RawEvent e) {
    Op op = e.op();
    long[] ids = op == Op.WAIT ? new long[] {e.get(Field.REQ)}
        : op == Op.WAITALL ? e.list(Field.REQS) : e.list(Field.DONE);
    List<Request> waitFor = new ArrayList<>();
    List<PostedReceive> receives = new ArrayList<>();
    for (long id : ids) {
      Request q = reqs.get(r).get(id);
      if (q == null) {
        continue;
      }
      if (q.receive != null) {
        receives.add(q.receive);
      }
      if (!q.persistent) {
        reqs.get(r).remove(id);
      }
      if (!q.done) {
        waitFor.add(q);
      }
    }
    for (PostedReceive x : receives) {
      matches.completed(x, taken[r] - 1);
    }
    boolean blocking = op == Op.WAIT || op == Op.WAITALL || op == Op.WAITANY
        || op == Op.WAITSOME;
    if (blocking) {
      charges.waitCall(r, op, receives, !waitFor.isEmpty());
    }
    if (!blocking || waitFor.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new WaitState.Requests(waitFor));
  }

  private void start(int r, long id) {
    Request q = reqs.get(r).get(id);
    if (q == null || q.init == null) {
      return;
    }
    RawEvent e = q.init;
    if (e.op() == Op.RECV_INIT) {
      Optional<PostedReceive> x = receive(r, q.initStep, e, e.get(Field.SRC), e.get(Field.TAG));
      q.receive = x.orElse(null);
      q.done = x.isEmpty() || x.get().matched;
      x.ifPresent(y -> y.request = q);
    } else {
      Optional<Message> m = send(r, q.initStep, e, e.get(Field.DEST),
          e.op() == Op.SSEND_INIT);
      q.message = m.orElse(null);
      q.done = m.isEmpty() || !m.get().sync || m.get().matched;
      m.ifPresent(y -> y.request = q);
    }
  }

  /** Arrives at a collective on {@code comm}; a wait while others have still to come. */
  private Optional<WaitState> arrive(int r, Op op, long comm) {
    List<Integer> here = arrived.computeIfAbsent(comm, k -> new ArrayList<>());
    here.add(r);
    charges.arrive(r, op, comm);
    if (here.size() < comms.size(comm)) {
      return Optional.of(new WaitState.Collective(comm));
    }
    arrived.remove(comm);
    sizes.complete(comm);
    charges.collectiveDone(comm);
    for (int x : here) {
      if (x != r) {
        wake(x);
      }
    }
    return Optional.empty();
  }
}
