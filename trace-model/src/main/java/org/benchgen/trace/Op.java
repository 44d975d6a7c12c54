package org.benchgen.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The MPI calls the trace format covers, each with its required and optional fields (the one table
 * that docs/trace-format.md documents). A call's fields have fixed slots: required first, then
 * optional, in the order given here.
 */
public enum Op {
  INIT("MPI_Init", OpKind.INIT, "", ""),
  FINALIZE("MPI_Finalize", OpKind.FINALIZE, "", ""),
  SEND("MPI_Send", OpKind.SEND, "comm dest tag count type tsize", ""),
  SSEND("MPI_Ssend", OpKind.SEND, "comm dest tag count type tsize", ""),
  BSEND("MPI_Bsend", OpKind.SEND, "comm dest tag count type tsize", ""),
  RSEND("MPI_Rsend", OpKind.SEND, "comm dest tag count type tsize", ""),
  ISEND("MPI_Isend", OpKind.SEND, "comm dest tag count type tsize req", ""),
  ISSEND("MPI_Issend", OpKind.SEND, "comm dest tag count type tsize req", ""),
  IRSEND("MPI_Irsend", OpKind.SEND, "comm dest tag count type tsize req", ""),
  IBSEND("MPI_Ibsend", OpKind.SEND, "comm dest tag count type tsize req", ""),
  RECV("MPI_Recv", OpKind.RECV, "comm src tag count type tsize bytes", "asrc atag"),
  IRECV("MPI_Irecv", OpKind.RECV, "comm src tag count type tsize req", "bytes asrc atag"),
  SENDRECV("MPI_Sendrecv", OpKind.SENDRECV, "comm dest tag count type tsize src rtag rcount rtype rtsize bytes", "asrc atag"),
  SENDRECV_REPLACE("MPI_Sendrecv_replace", OpKind.SENDRECV, "comm dest tag count type tsize src rtag bytes", "asrc atag"),
  PROBE("MPI_Probe", OpKind.PROBE, "comm src tag", "asrc atag bytes"),
  IPROBE("MPI_Iprobe", OpKind.PROBE, "comm src tag flag", "asrc atag bytes"),
  WAIT("MPI_Wait", OpKind.COMPLETION, "req", ""),
  WAITALL("MPI_Waitall", OpKind.COMPLETION, "reqs", ""),
  WAITANY("MPI_Waitany", OpKind.COMPLETION, "reqs done", ""),
  WAITSOME("MPI_Waitsome", OpKind.COMPLETION, "reqs done", ""),
  TEST("MPI_Test", OpKind.COMPLETION, "reqs done", ""),
  TESTALL("MPI_Testall", OpKind.COMPLETION, "reqs done", ""),
  TESTANY("MPI_Testany", OpKind.COMPLETION, "reqs done", ""),
  TESTSOME("MPI_Testsome", OpKind.COMPLETION, "reqs done", ""),
  SEND_INIT("MPI_Send_init", OpKind.PERSISTENT_INIT, "comm dest tag count type tsize req", ""),
  SSEND_INIT("MPI_Ssend_init", OpKind.PERSISTENT_INIT, "comm dest tag count type tsize req", ""),
  BSEND_INIT("MPI_Bsend_init", OpKind.PERSISTENT_INIT, "comm dest tag count type tsize req", ""),
  RSEND_INIT("MPI_Rsend_init", OpKind.PERSISTENT_INIT, "comm dest tag count type tsize req", ""),
  RECV_INIT("MPI_Recv_init", OpKind.PERSISTENT_INIT, "comm src tag count type tsize req", ""),
  START("MPI_Start", OpKind.START, "req", "bytes"),
  STARTALL("MPI_Startall", OpKind.START, "reqs", "bytes"),
  REQUEST_FREE("MPI_Request_free", OpKind.REQUEST_FREE, "req", ""),
  BARRIER("MPI_Barrier", OpKind.COLLECTIVE, "comm", ""),
  BCAST("MPI_Bcast", OpKind.COLLECTIVE, "comm root count type tsize", ""),
  REDUCE("MPI_Reduce", OpKind.COLLECTIVE, "comm root count type tsize op", ""),
  ALLREDUCE("MPI_Allreduce", OpKind.COLLECTIVE, "comm count type tsize op", ""),
  SCAN("MPI_Scan", OpKind.COLLECTIVE, "comm count type tsize op", ""),
  EXSCAN("MPI_Exscan", OpKind.COLLECTIVE, "comm count type tsize op", ""),
  REDUCE_SCATTER_BLOCK("MPI_Reduce_scatter_block", OpKind.COLLECTIVE, "comm count type tsize op", ""),
  REDUCE_SCATTER("MPI_Reduce_scatter", OpKind.COLLECTIVE, "comm rcounts type tsize op", ""),
  GATHER("MPI_Gather", OpKind.COLLECTIVE, "comm root count type tsize rcount rtype rtsize", ""),
  GATHERV("MPI_Gatherv", OpKind.COLLECTIVE, "comm root count type tsize rtype rtsize", "rcounts"),
  SCATTER("MPI_Scatter", OpKind.COLLECTIVE, "comm root count type tsize rcount rtype rtsize", ""),
  SCATTERV("MPI_Scatterv", OpKind.COLLECTIVE, "comm root type tsize rcount rtype rtsize", "counts"),
  ALLGATHER("MPI_Allgather", OpKind.COLLECTIVE, "comm count type tsize rcount rtype rtsize", ""),
  ALLGATHERV("MPI_Allgatherv", OpKind.COLLECTIVE, "comm count type tsize rcounts rtype rtsize", ""),
  ALLTOALL("MPI_Alltoall", OpKind.COLLECTIVE, "comm count type tsize rcount rtype rtsize", ""),
  ALLTOALLV("MPI_Alltoallv", OpKind.COLLECTIVE, "comm counts type tsize rcounts rtype rtsize", ""),
  IBARRIER("MPI_Ibarrier", OpKind.COLLECTIVE, "comm req", ""),
  IBCAST("MPI_Ibcast", OpKind.COLLECTIVE, "comm root count type tsize req", ""),
  IREDUCE("MPI_Ireduce", OpKind.COLLECTIVE, "comm root count type tsize op req", ""),
  IALLREDUCE("MPI_Iallreduce", OpKind.COLLECTIVE, "comm count type tsize op req", ""),
  ISCAN("MPI_Iscan", OpKind.COLLECTIVE, "comm count type tsize op req", ""),
  IEXSCAN("MPI_Iexscan", OpKind.COLLECTIVE, "comm count type tsize op req", ""),
  IREDUCE_SCATTER_BLOCK("MPI_Ireduce_scatter_block", OpKind.COLLECTIVE, "comm count type tsize op req", ""),
  IREDUCE_SCATTER("MPI_Ireduce_scatter", OpKind.COLLECTIVE, "comm rcounts type tsize op req", ""),
  IGATHER("MPI_Igather", OpKind.COLLECTIVE, "comm root count type tsize rcount rtype rtsize req", ""),
  IGATHERV("MPI_Igatherv", OpKind.COLLECTIVE, "comm root count type tsize rtype rtsize req", "rcounts"),
  ISCATTER("MPI_Iscatter", OpKind.COLLECTIVE, "comm root count type tsize rcount rtype rtsize req", ""),
  ISCATTERV("MPI_Iscatterv", OpKind.COLLECTIVE, "comm root type tsize rcount rtype rtsize req", "counts"),
  IALLGATHER("MPI_Iallgather", OpKind.COLLECTIVE, "comm count type tsize rcount rtype rtsize req", ""),
  IALLGATHERV("MPI_Iallgatherv", OpKind.COLLECTIVE, "comm count type tsize rcounts rtype rtsize req", ""),
  IALLTOALL("MPI_Ialltoall", OpKind.COLLECTIVE, "comm count type tsize rcount rtype rtsize req", ""),
  IALLTOALLV("MPI_Ialltoallv", OpKind.COLLECTIVE, "comm counts type tsize rcounts rtype rtsize req", ""),
  COMM_SPLIT("MPI_Comm_split", OpKind.COMM_CREATE, "comm color key newcomm", ""),
  COMM_DUP("MPI_Comm_dup", OpKind.COMM_CREATE, "comm newcomm", ""),
  COMM_CREATE("MPI_Comm_create", OpKind.COMM_CREATE, "comm newcomm", ""),
  CART_CREATE("MPI_Cart_create", OpKind.COMM_CREATE, "comm dims periods newcomm", ""),
  CART_SUB("MPI_Cart_sub", OpKind.COMM_CREATE, "comm remain newcomm", ""),
  COMM_FREE("MPI_Comm_free", OpKind.COMM_FREE, "comm", "");

  private static final Map<String, Op> BY_NAME = new HashMap<>();

  static {
    for (Op op : values()) {
      BY_NAME.put(op.mpiName, op);
    }
  }

  private final String mpiName;
  private final OpKind kind;
  private final List<Field> fields;
  private final int requiredCount;
  private final int[] slotOf = new int[Field.values().length];

  Op(String mpiName, OpKind kind, String required, String optional) {
    this.mpiName = mpiName;
    this.kind = kind;
    List<Field> all = new ArrayList<>();
    for (String k : (required + " " + optional).trim().split(" +")) {
      if (!k.isEmpty()) {
        all.add(Field.byKey(k));
      }
    }
    this.fields = Collections.unmodifiableList(all);
    this.requiredCount = required.isBlank() ? 0 : required.trim().split(" +").length;
    java.util.Arrays.fill(slotOf, -1);
    for (int i = 0; i < all.size(); i++) {
      slotOf[all.get(i).ordinal()] = i;
    }
  }

  /** The name as written in traces and code, e.g. {@code MPI_Isend}. */
  public String mpiName() {
    return mpiName;
  }

  public OpKind kind() {
    return kind;
  }

  /** All fields of this call in slot order: required, then optional. */
  public List<Field> fields() {
    return fields;
  }

  public boolean isRequired(Field f) {
    int s = slotOf[f.ordinal()];
    return s >= 0 && s < requiredCount;
  }

  /** The slot of {@code f} in this call's values, or -1 when the call has no such field. */
  public int slot(Field f) {
    return slotOf[f.ordinal()];
  }

  public boolean has(Field f) {
    return slotOf[f.ordinal()] >= 0;
  }

  /** Whether the call creates a new request (nonblocking or persistent); its id is in {@code req}. */
  public boolean createsRequest() {
    return has(Field.REQ) && kind != OpKind.COMPLETION && kind != OpKind.START
        && kind != OpKind.REQUEST_FREE;
  }

  public boolean isCollective() {
    return kind == OpKind.COLLECTIVE;
  }

  /** The call with this MPI name, or null (parser-internal). */
  static Op byName(String name) {
    return BY_NAME.get(name);
  }

  /** The call with this MPI name. */
  public static java.util.Optional<Op> forName(String name) {
    return java.util.Optional.ofNullable(BY_NAME.get(name));
  }
}
