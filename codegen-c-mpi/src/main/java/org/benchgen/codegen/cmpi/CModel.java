package org.benchgen.codegen.cmpi;

import java.util.List;
import org.benchgen.codegen.output.Compute;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;

/** The C+MPI output model: one record per template of {@code c-mpi.stg}, same name. */
public sealed interface CModel extends OutputModel {
  /**
   * The whole program. {@code headers}: the run-time library's, to include; {@code about}: header
   * comment lines (already safe inside a C comment); {@code counters}: execution counters to
   * declare; {@code comms}: communicator slots; {@code largeCount}: it makes MPI-4 large-count
   * calls; {@code sendBytes}, {@code recvBytes}: buffer sizes.
   */
  record CProgram(String name, int ranks, List<String> headers, List<String> about,
      List<String> approximations, List<OutputModel> tables, List<Compute.HistTable> histograms,
      boolean sampled, long seed, List<String> counters, boolean tracksSites, int comms,
      int regions, List<String> regionHelp, List<Value> threadLevel, List<OutputModel> startup,
      boolean bsend, boolean largeCount, long sendBytes, long recvBytes, List<OutputModel> body,
      List<String> statics, List<OutputModel> lanes)
      implements CModel {}

  /**
   * {@code make} for the program, with {@code MPICC} and {@code CFLAGS} overridable: it compiles
   * {@code sources} (the program's and the run-time library's) into {@code objects}, one each,
   * which depend on {@code headers}; {@code make sim} and {@code simrun} build and run it under
   * SimGrid for {@code ranks} ranks.
   */
  record Makefile(String name, List<String> sources, List<String> objects, List<String> headers,
      int ranks, boolean pthread) implements CModel {}

  /**
   * A loop of the program as a region that {@code --compute-scale LN=X} can scale on its own:
   * {@code number} is the loop's number in program order, from 1.
   */
  record Region(int number, OutputModel loop) implements CModel {}

  /** SimGrid's platform: a cluster of {@code ranks} hosts, node-0 to node-{@code last}. */
  record Platform(int ranks, int last, String latency, String bandwidth) implements CModel {}

  /** SimGrid's hostfile: a host per rank, in rank order. */
  record Hostfile(List<Integer> hosts) implements CModel {}

  /**
   * One traced call: its compute, the call, then the bookkeeping: the execution counter to
   * advance, the site to record as the last call. {@code site} is safe inside a C comment.
   */
  record Statement(String site, List<Compute> compute, OutputModel call, List<String> counter,
      List<Integer> tracked) implements CModel {}

  /** Records the site of MPI_Init as the last call, where the first compute depends on it. */
  record InitSite(int site) implements CModel {}

  /** Only compute (MPI_Finalize's, before the program's own epilogue). */
  record ComputeOnly(String site, Compute compute) implements CModel {}

  /** An MPI call by its name (from benchgen's call table, never from a trace). */
  record Call(String function, List<OutputModel> args) implements CModel {}

  /** A communicator-creating call, then the slot's rank and size looked up. */
  record CommCreated(OutputModel call, Value slot) implements CModel {}

  /**
   * A nonblocking dup ({@code MPI_Comm_idup}), whose communicator may not be used before its
   * request completes: the slot takes the rank and size of the parent's.
   */
  record CommDuplicating(OutputModel call, Value slot, Value parent) implements CModel {}

  /** {@code MPI_Comm_create} of the group of world ranks {@code members} (a list). */
  record CommCreate(Value parent, Value members, Value slot) implements CModel {}

  /** MPI_Comm_idup_with_info of {@code parent} into {@code slot}, with a new request. */
  record IdupWithInfo(Value parent, Value slot) implements CModel {}

  /**
   * MPI_Comm_split_type or a graph topology's creation ({@code op}, an Op's name) on {@code
   * parent}, giving slot {@code slot} the traced {@code members} (a list) where the call gives
   * another group; {@code nnodes}: MPI_Graph_create's; {@code sources}, {@code dests}: this
   * rank's traced neighbours (lists, empty for none).
   */
  record CommRemade(String op, Value parent, Value nnodes, Value members, Value sources,
      Value dests, Value slot) implements CModel {}

  /** {@code MPI_Comm_create_group} of the group of world ranks {@code members} (a list). */
  record CommCreateGroup(Value parent, Value members, Value tag, Value slot) implements CModel {}

  /** MPI-4's {@code MPI_Comm_create_from_group} of the world ranks {@code members} (a list). */
  record CommFromGroup(Value members, Value slot) implements CModel {}

  /**
   * MPI-4's {@code MPI_Intercomm_create_from_groups} of the world ranks {@code first} and {@code
   * second} (lists; each rank's local group is the one holding it), with the traced leaders.
   */
  record IntercommFromGroups(Value first, Value second, Value leader, Value rleader, Value slot)
      implements CModel {}

  /**
   * A table of {@code length} numbers written as {@code chunks} of characters (string literals),
   * each indexing {@code values} by its code minus the first character; {@code decode} fills the
   * table at start-up ({@link CodedTables}).
   */
  record CodedTable(String name, int length, List<Value> values, List<String> chunks,
      Decode decode) implements CModel {}

  /**
   * The start-up decoding of a coded table: chunks of {@code chunk} characters, {@code first} the
   * character of the first value.
   */
  record Decode(String name, int length, int chunk, int first) implements CModel {}

  /** A start-up communicator of these world ranks (one no recorded call created). */
  record StartupComm(int slot, String members) implements CModel {}

  /** The start-up slot holding MPI_COMM_SELF. */
  record StartupSelf(int slot) implements CModel {}

  record Wait(Value age) implements CModel {}

  record Waitall(Value reqs) implements CModel {}

  /**
   * MPI_Waitall of these ages, the items that another lane made (at their place in {@code
   * from}, a list of lanes, -1 elsewhere) taken from the lane that handed them over.
   */
  record WaitallTaken(Value reqs, Value from) implements CModel {}

  /**
   * A call whose new request is handed to lane {@code lane}, which waits for it; {@code turn}:
   * the first of a batch, made once that lane has completed the batch before.
   */
  record Given(OutputModel call, int lane, boolean turn) implements CModel {}

  /** A call made under the rank's lock of one-rank communicators ({@code bg_self_lock}). */
  record Locked(OutputModel call) implements CModel {}

  /** Waitany, Waitsome and the tests: {@code kind} names the call ({@code WAITANY} …). */
  record Complete(String kind, Value reqs, Value done) implements CModel {}

  record Start(Value age) implements CModel {}

  record Startall(Value reqs) implements CModel {}

  record RequestFree(Value age) implements CModel {}

  /** MPI_Cancel of the live request of this age (it stays live until completed). */
  record Cancel(Value age) implements CModel {}

  record If(Condition cond, List<OutputModel> body) implements CModel {}

  /** One step of an irregular section: the case numbered {@code selector}. */
  record Dispatch(Value selector, List<DispatchCase> cases) implements CModel {}

  /** The calls of one shape of an irregular section. */
  record DispatchCase(int number, List<OutputModel> body) implements CModel {}

  /** Arguments. */
  record SendBuf() implements CModel {}

  record RecvBuf() implements CModel {}

  record Arg(Value value) implements CModel {}

  record CommArg(Value slot) implements CModel {}

  /** {@code MPI_INFO_NULL}: the hints an MPI call took are not traced. */
  record InfoNull() implements CModel {}

  record NewCommArg(Value slot) implements CModel {}

  record NewReq(boolean persistent) implements CModel {}

  record StatusIgnore() implements CModel {}

  record FlagArg() implements CModel {}

  /** The items of a list value. */
  record ListItems(Value list) implements CModel {}

  /** The length of a list value. */
  record ListLength(Value list) implements CModel {}

  /** Displacements for a list of counts: their prefix sums, in scratch array {@code which}. */
  record Displs(Value list, int which) implements CModel {}

  /** A new message handle, for MPI_Mprobe to set (the newest of the probed messages). */
  record NewMessage() implements CModel {}

  /** The message probed and not received yet of this age (0: the newest), which is taken. */
  record TakeMessage(Value age) implements CModel {}

  /**
   * MPI_Improbe as traced: where it found a message ({@code found} 1), it takes that message
   * (waiting for it, unseen, where it has not arrived yet); where it found none, it probes a
   * communicator on which nothing is sent, so it takes no message the program receives later.
   */
  record Improbe(OutputModel source, OutputModel tag, OutputModel comm, OutputModel found)
      implements CModel {}

  /** MPI_Buffer_attach of a new buffer of {@code bytes} bytes (MPI_Buffer_attach_c: large). */
  record BufferAttach(Value bytes, boolean large) implements CModel {}

  /** MPI_Buffer_detach (_c where large) of the buffer attached, which is then freed. */
  record BufferDetach(boolean large) implements CModel {}

  /** MPI_Alltoallw's datatypes: MPI_BYTE for every count of {@code list} (bytes). */
  record ByteTypes(Value list) implements CModel {}

  /** Displacements as MPI_Aint (MPI_Neighbor_alltoallw's), in scratch array {@code which}. */
  record AintDispls(Value list, int which) implements CModel {}

  /**
   * The items of a list value, kept: a copy that stays, for a call whose request may read them
   * until it completes or is freed (nonblocking and persistent collectives).
   */
  record KeptItems(Value list) implements CModel {}

  /** Displacements for a list of counts, kept as {@link KeptItems}; MPI_Aints or ints. */
  record KeptDispls(Value list, boolean aint) implements CModel {}

  /**
   * The lists of a large-count call (MPI_Alltoallv_c): its counts are a table of MPI_Counts
   * ({n, c1, ..., cn}), its displacements MPI_Aints; {@code kept} as {@link KeptItems}.
   */
  record CountDispls(Value list, int which, boolean kept) implements CModel {}

  /** The items of a list of MPI_Counts, kept as {@link KeptItems}. */
  record KeptCounts(Value list) implements CModel {}

  /** MPI_Alltoallw_c's datatypes: MPI_BYTE for every count of {@code list} (MPI_Counts). */
  record CountByteTypes(Value list) implements CModel {}

  // Threads (docs/codegen.md, "Threads"): a traced rank's calls from several threads.

  /**
   * The function a thread of the benchmark runs: the calls of lane {@code lane} of a phase;
   * {@code tracksSites}: it keeps its own last call's site.
   */
  record ThreadFn(String name, boolean tracksSites, List<OutputModel> body) implements CModel {}

  /** Starting thread {@code index} of a phase, running {@code fn} as lane {@code lane}. */
  record ThreadStart(int index, String fn, int lane) implements CModel {}

  /**
   * Phase {@code number}: its {@code count} threads started, MPI's main thread's own calls of the
   * phase ({@code body}), then the threads joined.
   */
  record Phase(int number, int count, List<ThreadStart> starts, List<OutputModel> body)
      implements CModel {}

  /**
   * Phase {@code number} and MPI's main thread's calls after it ({@code body}), made
   * {@code times} times in a row, as the traced program did ({@code PhaseLoops}).
   */
  record PhaseRepeat(int number, long times, List<OutputModel> body) implements CModel {}

  /**
   * The end of a threaded program's main thread where it tracks sites: its last site marked
   * used, since its own compute times may not depend on it where its threads' do.
   */
  record MainSiteKept() implements CModel {}
}
