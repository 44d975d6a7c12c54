package org.benchgen.codegen.cmpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.LoopContext;
import org.benchgen.codegen.ModelRenderer;
import org.benchgen.codegen.ParamExpressions;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.threads.ThreadBody;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Loop;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * Builds the C+MPI output model: each RSD becomes its real MPI call with the traced sizes, tags,
 * datatypes and communicator, requests named by age in a run-time list that mirrors the trace's,
 * and the compute before it; loops become {@code for} loops and rank sets {@code if}s.
 */
final class CEmitter implements Emitter {
  /** SimGrid's files, written beside the program for {@code make simrun}. */
  static final String PLATFORM = "platform.xml";
  static final String HOSTFILE = "hostfile";

  private final Generation g;
  private final CompressedTrace trace;
  private final SymbolTable symbols;
  private final ModelRenderer renderer = new ModelRenderer(CEmitter.class, "c-mpi.stg");
  private final List<String> counters = new ArrayList<>();
  private final BufferSizes buffers;
  private final CArgs a;
  private final CCollectives collectives;
  /** One-sided communication (issue 46). */
  private final COneSided oneSided;
  private final CFiles files;
  private boolean bsend;
  /** Whether the program makes MPI-4 large-count calls (MPI_Send_c, ...). */
  private boolean largeCount;
  /** Whether the program attaches a Bsend buffer of its own (then the set-up attaches none). */
  private boolean attaches;
  /** The level the program asks MPI_Init_thread for; none: it calls MPI_Init. */
  private List<Value> threadLevel = List.of();

  CEmitter(Generation g) {
    this.g = g;
    this.trace = g.trace();
    this.symbols = trace.symbols();
    this.buffers = new BufferSizes(trace.worldSize(), symbols);
    this.a = new CArgs(g);
    this.collectives = new CCollectives(a);
    this.oneSided = new COneSided(g, a);
    this.files = new CFiles(a);
  }

  @Override
  public List<OutputModel> rsd(RsdContext c) {
    Rsd r = c.rsd();
    buffers.add(r);
    String site = CNames.comment(r.op().mpiName() + " at " + r.site());
    if (r.op().kind() == OpKind.INIT) {
      if (r.op() == Op.INIT_THREAD) {
        threadLevel = List.of(threadLevel(r));
      }
      // The program's prologue makes the call; only its site may matter, to the first compute.
      return c.trackedSite().<List<OutputModel>>map(t -> List.of(new CModel.InitSite(t)))
          .orElse(List.of());
    }
    if (r.op() == Op.FINALIZE) {
      return c.compute().<List<OutputModel>>map(x -> List.of(new CModel.ComputeOnly(site, x)))
          .orElse(List.of());
    }
    OutputModel call = call(c);
    Optional<Integer> handedTo = g.handoffs().givenTo(r.site());
    if (handedTo.isPresent()) {
      call = new CModel.Given(call, handedTo.get(), g.handoffs().startsBatch(r.site()));
    }
    if (g.handoffs().locked(r.site())) {
      call = new CModel.Locked(call);
    }
    if (c.counterUsed()) {
      counters.add(c.counter());
    }
    return List.of(new CModel.Statement(site, c.compute().stream().toList(), call,
        c.counterUsed() ? List.of(c.counter()) : List.of(), c.trackedSite().stream().toList()));
  }

  @Override
  public OutputModel loop(LoopContext l, List<OutputModel> body) {
    if (l.counterUsed()) {
      counters.add(l.counter());
    }
    // Every loop of a C+MPI benchmark is a region: it holds irregular sections as data.
    return new CModel.Region(l.region().orElseThrow(), new Loop(l.variable(), l.trips(),
        l.last(), false, l.counterUsed() ? List.of(l.counter()) : List.of(), body));
  }

  @Override
  public OutputModel guard(Condition ranks, List<OutputModel> body) {
    return new CModel.If(ranks, body);
  }

  @Override
  public OutputModel dispatch(Value selector, List<List<OutputModel>> cases) {
    List<CModel.DispatchCase> out = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      out.add(new CModel.DispatchCase(i, cases.get(i)));
    }
    return new CModel.Dispatch(selector, out);
  }

  @Override
  public List<GeneratedFile> program(List<OutputModel> body) {
    return files(body, List.of(), false);
  }

  @Override
  public List<GeneratedFile> threadedProgram(List<ThreadBody> blocks) {
    return CThreads.program(blocks, g.tracksSites(), (body, lanes) -> files(body, lanes, true));
  }

  /**
   * The files of a program whose main function runs {@code body}; {@code threaded}: with the
   * functions of its threads ({@code lanes}), whose counters are the program's statics.
   */
  private List<GeneratedFile> files(List<OutputModel> body, List<OutputModel> lanes,
      boolean threaded) {
    String name = g.options().name();
    List<OutputModel> startup = new ArrayList<>();
    List<OutputModel> tables = new ArrayList<>();
    // The members of communicators no call makes: their lists are tables, declared below.
    List<OutputModel> uncreated = new ArrayList<>();
    g.comms().uncreated().forEach((slot, members) -> {
      List<Value> items = new ArrayList<>();
      items.add(new Value.Num(members.size()));
      members.forEach(m -> items.add(new Value.Num(m)));
      uncreated.add(new CModel.StartupComm(slot, g.tables().of("list", items)));
    });
    for (Table t : g.tables().all()) {
      Optional<CModel.CodedTable> coded = CodedTables.of(t);
      tables.add(coded.isPresent() ? coded.get() : t);
      coded.ifPresent(c -> startup.add(c.decode()));
    }
    g.comms().selfSlot().ifPresent(s -> startup.add(new CModel.StartupSelf(s)));
    if (files.used()) {
      startup.add(files.setup());
    }
    startup.addAll(uncreated);
    List<String> about = List.of(
        CNames.comment("Generated by benchgen from a trace of " + trace.worldSize() + " ranks."),
        "Compute: the " + g.options().compute().label()
            + " of each interval's histogram; --compute-scale X multiplies it at run time.");
    List<String> headers = threaded ? List.of(CRuntime.HEADER, CRuntime.THREADS_HEADER)
        : List.of(CRuntime.HEADER);
    CModel.CProgram p = new CModel.CProgram(name, trace.worldSize(), headers, about,
        g.approximations().lines().stream().map(CNames::comment).toList(), tables,
        g.tables().histograms(), g.options().compute() == org.benchgen.codegen.ComputeMode.SAMPLE,
        g.options().seed(), threaded ? List.of() : counters, g.tracksSites(), g.comms().count(),
        g.regions().count(), regionHelp(), threadLevel, startup, bsend && !attaches, largeCount,
        buffers.send(), buffers.recv(), body, threaded ? counters : List.of(), lanes);
    List<String> sources = new ArrayList<>(List.of(name + ".c"));
    sources.addAll(CRuntime.SOURCES);
    if (threaded) {
      sources.add(CRuntime.THREADS_SOURCE);
    }
    // The program, its Makefile, SimGrid's platform and hostfile, then the run-time library.
    List<GeneratedFile> files = new ArrayList<>(List.of(
        new GeneratedFile(name + ".c", renderer.content(p)),
        new GeneratedFile("Makefile", renderer.render(new CModel.Makefile(name, sources,
            sources.stream().map(CRuntime::object).toList(), headers, trace.worldSize(), threaded))),
        new GeneratedFile(PLATFORM, renderer.content(new CModel.Platform(trace.worldSize(),
            trace.worldSize() - 1, g.options().cluster().latency(),
            g.options().cluster().bandwidth()))),
        new GeneratedFile(HOSTFILE, renderer.content(new CModel.Hostfile(
            java.util.stream.IntStream.range(0, trace.worldSize()).boxed().toList())))));
    files.addAll(CRuntime.files());
    if (threaded) {
      files.addAll(CRuntime.threadFiles());
    }
    return files;
  }

  /**
   * The thread level every rank asks for, before it knows its rank: the one the traced ranks asked
   * for, or the highest of them where they differ (MPI's levels and their symbols are in order).
   */
  private Value threadLevel(Rsd r) {
    long[] asked = r.param(Field.LEVEL).leaves().distinct().sorted().toArray();
    Sym top = Sym.of(asked[asked.length - 1]);
    if (asked.length > 1) {
      g.approximations().note("the ranks asked MPI_Init_thread for different thread levels; each"
          + " asks for the highest, MPI_" + top.text());
    }
    return new Value.Symbol(top.name(), false);
  }

  /** How the program's header explains --compute-scale LN=X: nothing without loops. */
  private List<String> regionHelp() {
    int regions = g.regions().count();
    return regions == 0 ? List.of() : List.of("LN=X does so in loop region N only (the loops"
        + " are named L1 to L" + regions + " in comments", "below) and in the loops inside it"
        + " without a factor of their own.");
  }

  /** The call of one RSD. */
  private OutputModel call(RsdContext c) {
    Op op = c.rsd().op();
    // MPI-IO decides its own (CFiles.large: past an int, a datatype of bytes, not MPI_..._c).
    boolean large = op.kind() == OpKind.FILE_IO ? files.large(c) : a.large(c);
    largeCount |= large;
    String fn = op.mpiName(large);
    OpKind k = op.kind();
    if (op == Op.BSEND || op == Op.IBSEND || op == Op.BSEND_INIT) {
      bsend = true;
    }
    return switch (k) {
      case SEND, PERSISTENT_INIT -> op == Op.RECV_INIT
          ? new CModel.Call(fn, a.args(a.recvBuf(), sent(c), a.type(c, Field.TYPE),
              a.arg(c, Field.SRC), a.arg(c, Field.TAG), a.comm(c), new CModel.NewReq(true)))
          : new CModel.Call(fn, a.args(a.sendBuf(), sent(c), a.type(c, Field.TYPE),
              a.arg(c, Field.DEST), a.arg(c, Field.TAG), a.comm(c),
              op.createsRequest() ? new CModel.NewReq(k == OpKind.PERSISTENT_INIT) : null));
      case RECV -> op == Op.MPROBE ? new CModel.Call(fn, a.args(a.source(c),
          a.arg(c, Field.TAG), a.comm(c), new CModel.NewMessage(), new CModel.StatusIgnore()))
          : op == Op.IMPROBE ? new CModel.Improbe(a.source(c), a.arg(c, Field.TAG), a.comm(c),
              a.arg(c, Field.FLAG))
          : new CModel.Call(fn, a.args(a.recvBuf(),
          a.received(c, Field.TYPE, Field.TSIZE), a.type(c, Field.TYPE), a.source(c),
          a.arg(c, Field.TAG), a.comm(c),
          op == Op.IRECV ? new CModel.NewReq(false) : new CModel.StatusIgnore()));
      // MPI-4's MPI_Isendrecv(_replace) end with a new request where the others have a status.
      case SENDRECV -> op == Op.SENDRECV || op == Op.ISENDRECV
          ? new CModel.Call(fn, a.args(a.sendBuf(), sent(c), a.type(c, Field.TYPE),
              a.arg(c, Field.DEST), a.arg(c, Field.TAG),
              a.recvBuf(), a.received(c, Field.RTYPE, Field.RTSIZE),
              a.type(c, Field.RTYPE), a.source(c), a.arg(c, Field.RTAG), a.comm(c),
              statusOrRequest(op)))
          : new CModel.Call(fn, a.args(a.recvBuf(), sent(c), a.type(c, Field.TYPE),
              a.arg(c, Field.DEST), a.arg(c, Field.TAG),
              a.source(c), a.arg(c, Field.RTAG), a.comm(c), statusOrRequest(op)));
      case PROBE -> new CModel.Call(fn, a.args(a.source(c), a.arg(c, Field.TAG), a.comm(c),
          op == Op.IPROBE ? new CModel.FlagArg() : null, new CModel.StatusIgnore()));
      case COMPLETION -> completion(c);
      case START -> op == Op.START ? new CModel.Start(c.value(Field.REQ))
          : new CModel.Startall(a.list(c, Field.REQS));
      case REQUEST_FREE -> new CModel.RequestFree(c.value(Field.REQ));
      case CANCEL -> new CModel.Cancel(c.value(Field.REQ));
      case COLLECTIVE -> collectives.of(c, large);
      case COMM_CREATE -> commCreate(c);
      case COMM_FREE -> new CModel.Call(fn, a.args(new CModel.NewCommArg(c.comm())));
      case LOCAL -> local(c, fn, large);
      case WINDOW, RMA -> oneSided.of(c);
      case FILE_IO -> files.of(c, fn);
      case INIT, FINALIZE -> throw new IllegalStateException("handled by the program");
    };
  }

  /**
   * MPI_Reduce_local on the buffers; the program's own Bsend buffer, of its traced size; the
   * receive of a message matched by a probe, named by its age.
   */
  private OutputModel local(RsdContext c, String fn, boolean large) {
    return switch (c.rsd().op()) {
      case REDUCE_LOCAL -> new CModel.Call(fn, a.args(a.sendBuf(),
          a.recvBuf(), sent(c), a.reduceType(c), a.reduceOp(c)));
      case BUFFER_ATTACH -> {
        attaches = true;
        yield new CModel.BufferAttach(c.value(Field.BYTES), large);
      }
      case BUFFER_DETACH -> new CModel.BufferDetach(large);
      case MRECV, IMRECV -> new CModel.Call(fn, a.args(a.recvBuf(),
          a.received(c, Field.TYPE, Field.TSIZE), a.type(c, Field.TYPE),
          new CModel.TakeMessage(c.value(Field.MSG)), c.rsd().op() == Op.IMRECV
              ? new CModel.NewReq(false) : new CModel.StatusIgnore()));
      default -> throw new IllegalStateException("not a local call: " + c.rsd().op());
    };
  }

  private static OutputModel statusOrRequest(Op op) {
    return op.createsRequest() ? new CModel.NewReq(false) : new CModel.StatusIgnore();
  }

  /** A point-to-point call's send count, in bytes where need be. */
  private OutputModel sent(RsdContext c) {
    return a.count(c, Field.COUNT, Field.TYPE, Field.TSIZE);
  }

  private OutputModel completion(RsdContext c) {
    return switch (c.rsd().op()) {
      case WAIT -> new CModel.Wait(c.value(Field.REQ));
      // Items another thread made are taken from it (RequestHandoffs).
      case WAITALL -> g.handoffs().takenFrom(c.rsd().site()).<OutputModel>map(from ->
          new CModel.WaitallTaken(a.list(c, Field.REQS), a.ints(from)))
          .orElse(new CModel.Waitall(a.list(c, Field.REQS)));
      default -> new CModel.Complete(c.rsd().op().name(), a.list(c, Field.REQS),
          a.list(c, Field.DONE));
    };
  }

  private OutputModel commCreate(RsdContext c) {
    Op op = c.rsd().op();
    Value slot = g.comms().oneSlot(c.rsd())
        ? new Value.Num(g.comms().createdBy(c.rsd(), Sym.NULL.code()))
        : c.value(Field.NEWCOMM, new ParamExpressions.Leaf(
            id -> new Value.Num(g.comms().createdBy(c.rsd(), id)), "int"));
    // MPI-4's MPI_Comm_idup_with_info where the benchmark is built with MPI-4, else the same
    // communicator by MPI_Comm_idup (its info is hints, and not recorded).
    if (op == Op.COMM_IDUP_WITH_INFO) {
      return new CModel.CommDuplicating(new CModel.IdupWithInfo(c.comm(), slot), slot, c.comm());
    }
    if (op == Op.COMM_IDUP) {
      return new CModel.CommDuplicating(new CModel.Call(op.mpiName(), a.args(a.comm(c),
          new CModel.NewCommArg(slot), new CModel.NewReq(false))), slot, c.comm());
    }
    OutputModel made = switch (op) {
      case COMM_SPLIT -> new CModel.Call(op.mpiName(), a.args(a.comm(c), a.arg(c, Field.COLOR),
          a.arg(c, Field.KEY), new CModel.NewCommArg(slot)));
      case COMM_DUP -> new CModel.Call(op.mpiName(), a.args(a.comm(c),
          new CModel.NewCommArg(slot)));
      case COMM_DUP_WITH_INFO -> new CModel.Call(op.mpiName(), a.args(a.comm(c),
          new CModel.InfoNull(), new CModel.NewCommArg(slot)));
      case CART_CREATE -> {
        Value dims = a.list(c, Field.DIMS);
        yield new CModel.Call(op.mpiName(), a.args(a.comm(c), new CModel.ListLength(dims),
            new CModel.ListItems(dims), new CModel.ListItems(a.list(c, Field.PERIODS)),
            new CModel.Arg(new Value.Num(0)), new CModel.NewCommArg(slot)));
      }
      case CART_SUB -> new CModel.Call(op.mpiName(), a.args(a.comm(c),
          new CModel.ListItems(a.list(c, Field.REMAIN)), new CModel.NewCommArg(slot)));
      // A split by type (a node's shared memory, say) may group other ranks on another
      // machine: made by their own call, then by their traced members where the call gives
      // another group. A graph gets each rank's traced neighbours (none in older traces).
      case COMM_SPLIT_TYPE, GRAPH_CREATE, DIST_GRAPH_CREATE, DIST_GRAPH_CREATE_ADJACENT ->
          new CModel.CommRemade(op.name(), c.comm(), op.has(Field.NNODES)
              ? c.value(Field.NNODES) : new Value.Num(0), c.value(Field.NEWCOMM,
                  new ParamExpressions.Leaf(this::membersOf, "lists")),
              a.listOrEmpty(c, Field.SOURCES), a.listOrEmpty(c, Field.DESTS), slot);
      // The group passed, where recorded (the result's members tell it only to its members).
      case COMM_CREATE -> new CModel.CommCreate(c.comm(), c.has(Field.GROUP)
          ? a.list(c, Field.GROUP) : c.value(Field.NEWCOMM,
              new ParamExpressions.Leaf(this::membersOf, "lists")), slot);
      case COMM_CREATE_GROUP -> new CModel.CommCreateGroup(c.comm(), c.value(Field.NEWCOMM,
          new ParamExpressions.Leaf(this::membersOf, "lists")), c.value(Field.TAG), slot);
      // The peer communicator counts at the local leader only: the world elsewhere (any
      // valid communicator does).
      case INTERCOMM_CREATE -> new CModel.Call(op.mpiName(), a.args(a.comm(c),
          a.arg(c, Field.LEADER), new CModel.CommArg(c.value(Field.PCOMM,
              new ParamExpressions.Leaf(id -> new Value.Num(Sym.isSymbol(id) ? 0
                  : g.comms().of(id)), "int"))), a.arg(c, Field.RLEADER), a.arg(c, Field.TAG),
          new CModel.NewCommArg(slot)));
      case INTERCOMM_MERGE -> new CModel.Call(op.mpiName(), a.args(a.comm(c), a.arg(c, Field.HIGH),
          new CModel.NewCommArg(slot)));
      case COMM_CREATE_FROM_GROUP -> new CModel.CommFromGroup(c.value(Field.NEWCOMM,
          new ParamExpressions.Leaf(this::membersOf, "lists")), slot);
      case INTERCOMM_CREATE_FROM_GROUPS -> new CModel.IntercommFromGroups(
          c.value(Field.NEWCOMM, new ParamExpressions.Leaf(id -> groupOf(id, true), "lists")),
          c.value(Field.NEWCOMM, new ParamExpressions.Leaf(id -> groupOf(id, false), "lists")),
          c.value(Field.LEADER), c.value(Field.RLEADER), slot);
      default -> throw new IllegalStateException("not a communicator creation: " + op);
    };
    return new CModel.CommCreated(made, slot);
  }

  /**
   * The world ranks of communicator {@code id} as a list (empty for MPI_COMM_NULL); of both its
   * groups for an intercommunicator.
   */
  private Value membersOf(long id) {
    // Both groups of an intercommunicator: each rank takes those of its parent's local group.
    return ranks(Sym.isSymbol(id) ? List.of() : trace.comm(id).orElseThrow().all());
  }

  /** An intercommunicator's first group (its canonical {@code members}) or its second. */
  private Value groupOf(long id, boolean first) {
    CommDef d = trace.comm(id).orElseThrow();
    return ranks(first ? d.members() : d.remote());
  }

  private Value ranks(List<Integer> m) {
    List<Value> items = new ArrayList<>();
    items.add(new Value.Num(m.size()));
    m.forEach(x -> items.add(new Value.Num(x)));
    return new Value.ListRef(g.tables().of("list", items));
  }

}
