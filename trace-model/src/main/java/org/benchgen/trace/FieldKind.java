package org.benchgen.trace;

import java.util.EnumSet;
import java.util.Set;

/**
 * How a field's value is written, which symbols it admits and which numbers: the one place where
 * the range of a field is decided, for every reader of traces ({@link #check}).
 */
public enum FieldKind {
  /** A plain integer, any sign (a split key, a flag). */
  INT(EnumSet.noneOf(Sym.class), Long.MIN_VALUE, Long.MAX_VALUE),
  /**
   * A byte offset, any sign, 64-bit (MPI_Aint): a datatype's lower bound, which may be an
   * absolute address (a struct type for MPI_BOTTOM).
   */
  OFFSET(EnumSet.noneOf(Sym.class), Long.MIN_VALUE, Long.MAX_VALUE),
  /**
   * A rank in the event's communicator (on an intercommunicator, in its remote group); relative
   * encoding applies to {@link Field#isPeer()}.
   */
  PEER(EnumSet.of(Sym.ANY_SOURCE, Sym.PROC_NULL), 0, Long.MAX_VALUE),
  /**
   * A collective's root: a rank as {@link #PEER}, always absolute; on an intercommunicator
   * {@code ROOT} (MPI_ROOT) at the root and {@code PROC_NULL} beside it.
   */
  ROOT(EnumSet.of(Sym.PROC_NULL, Sym.ROOT), 0, Long.MAX_VALUE),
  /** A message tag: an {@code int} in MPI, 0 to 2^31-1. */
  TAG(EnumSet.of(Sym.ANY_TAG), 0, TraceLimits.MAX_TAG),
  /** Free text (call sites, datatype and op names), interned; percent-encoded in files. */
  NAME(EnumSet.noneOf(Sym.class), 0, Long.MAX_VALUE),
  /** A list of integers, interned. */
  LIST(EnumSet.noneOf(Sym.class), Long.MIN_VALUE, Long.MAX_VALUE),
  /**
   * An element count or a datatype size: 0 to 2^62, as {@link #BYTES}. MPI passes counts as
   * {@code int}s, or as {@code MPI_Count}s in MPI-4's large-count forms ({@code large=1}), and
   * sizes as {@code MPI_Count}s ({@code MPI_Type_size_x}).
   */
  COUNT(EnumSet.noneOf(Sym.class), 0, TraceLimits.MAX_COUNT),
  /** A list of counts ({@link #COUNT} each), interned. */
  COUNTS(EnumSet.noneOf(Sym.class), 0, TraceLimits.MAX_COUNT),
  /** Bytes a call moved: at most a count times a datatype size, so 0 to 2^62. */
  BYTES(EnumSet.noneOf(Sym.class), 0, TraceLimits.MAX_BYTES),
  /** A request: its id in raw streams, its age among live requests in compressed traces. */
  REQ(EnumSet.noneOf(Sym.class), 0, Long.MAX_VALUE),
  /** A list of requests ({@code NULL} for MPI_REQUEST_NULL), interned once encoded. */
  REQS(EnumSet.of(Sym.NULL), 0, Long.MAX_VALUE),
  COMM(EnumSet.noneOf(Sym.class), 0, Long.MAX_VALUE),
  NEWCOMM(EnumSet.of(Sym.NULL), 0, Long.MAX_VALUE),
  /** A communicator that only some ranks pass ({@code NULL} elsewhere), the world included. */
  PEERCOMM(EnumSet.of(Sym.NULL), 0, Long.MAX_VALUE),
  COLOR(EnumSet.of(Sym.UNDEFINED), Long.MIN_VALUE, Long.MAX_VALUE),
  /** An MPI thread level ({@code MPI_Init_thread}): one of four symbols in order, no number. */
  THREAD_LEVEL(EnumSet.of(Sym.THREAD_SINGLE, Sym.THREAD_FUNNELED, Sym.THREAD_SERIALIZED,
      Sym.THREAD_MULTIPLE), 1, 0);

  private final Set<Sym> symbols;
  private final long min;
  private final long max;

  FieldKind(Set<Sym> symbols, long min, long max) {
    this.symbols = symbols;
    this.min = min;
    this.max = max;
  }

  /** The symbols a value (or, for lists, an element) of this kind may be. */
  public Set<Sym> symbols() {
    return symbols;
  }

  /** Whether a value of this kind names a communicator (its id in the trace). */
  public boolean isComm() {
    return this == COMM || this == NEWCOMM || this == PEERCOMM;
  }

  public boolean isList() {
    return this == LIST || this == COUNTS || this == REQS;
  }

  /** The kind of a list's elements: the kind itself for a scalar (and for requests). */
  public FieldKind element() {
    return this == LIST ? INT : this == COUNTS ? COUNT : this;
  }

  /**
   * Checks a number (not a symbol) given for field {@code key} (or one of its list's elements):
   * within this kind's range.
   *
   * @throws TraceProblem saying what is wrong, without a place (the reader adds it)
   */
  public void check(long v, String key) {
    if (min > max) {
      throw new TraceProblem("'" + key + "' takes one of " + symbols.stream().map(Sym::text)
          .collect(java.util.stream.Collectors.joining(", ")) + ", not a number (" + v + ")");
    }
    if (v < min || v > max) {
      throw new TraceProblem(v < 0 && min == 0 ? "negative value " + v + " for '" + key + "'"
          : "value " + v + " for '" + key + "' is out of range (" + min + " to " + max + ")");
    }
  }
}
