package org.benchgen.trace;

import java.util.EnumSet;
import java.util.Set;

/** How a field's value is written and which symbols it admits. */
public enum FieldKind {
  /** A plain integer. */
  INT(EnumSet.noneOf(Sym.class)),
  /** A rank in the event's communicator; relative encoding applies to {@link Field#isPeer()}. */
  PEER(EnumSet.of(Sym.ANY_SOURCE, Sym.PROC_NULL)),
  TAG(EnumSet.of(Sym.ANY_TAG)),
  /** Free text (call sites, datatype and op names), interned; percent-encoded in files. */
  NAME(EnumSet.noneOf(Sym.class)),
  /** A list of integers, interned. */
  LIST(EnumSet.noneOf(Sym.class)),
  /** A request: its id in raw streams, its age among live requests in compressed traces. */
  REQ(EnumSet.noneOf(Sym.class)),
  /** A list of requests ({@code NULL} for MPI_REQUEST_NULL), interned once encoded. */
  REQS(EnumSet.of(Sym.NULL)),
  COMM(EnumSet.noneOf(Sym.class)),
  NEWCOMM(EnumSet.of(Sym.NULL)),
  COLOR(EnumSet.of(Sym.UNDEFINED));

  private final Set<Sym> symbols;

  FieldKind(Set<Sym> symbols) {
    this.symbols = symbols;
  }

  /** The symbols a value (or, for lists, an element) of this kind may be. */
  public Set<Sym> symbols() {
    return symbols;
  }

  public boolean isList() {
    return this == LIST || this == REQS;
  }
}
