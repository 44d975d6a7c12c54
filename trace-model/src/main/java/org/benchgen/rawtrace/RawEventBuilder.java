package org.benchgen.rawtrace;

import java.util.Arrays;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/** Builds a {@link RawEvent} field by field (for generators and tests). */
public final class RawEventBuilder {
  private final SymbolTable symbols;
  private final Op op;
  private final String site;
  private final long[] values;
  private final long[][] lists;
  private long enter;
  private long exit;

  /** An event of {@code op} at {@code site}, its names interned in {@code symbols}. */
  public RawEventBuilder(SymbolTable symbols, Op op, String site) {
    this.symbols = symbols;
    this.op = op;
    this.site = site;
    int n = op.fields().size();
    values = new long[n];
    lists = new long[n][];
    Arrays.fill(values, Sym.ABSENT.code());
    Arrays.fill(lists, RawEvent.NO_LIST);
  }

  private int slot(Field f) {
    int s = op.slot(f);
    if (s < 0) {
      throw new IllegalArgumentException(op.mpiName() + " has no field " + f.key());
    }
    return s;
  }

  public RawEventBuilder set(Field f, long v) {
    values[slot(f)] = v;
    return this;
  }

  public RawEventBuilder set(Field f, Sym s) {
    return set(f, s.code());
  }

  /** Sets a name field (datatype, reduction op). */
  public RawEventBuilder name(Field f, String name) {
    return set(f, symbols.name(name));
  }

  public RawEventBuilder list(Field f, long... v) {
    lists[slot(f)] = v.length == 0 ? new long[0] : v.clone();
    return this;
  }

  public RawEventBuilder times(long enter, long exit) {
    this.enter = enter;
    this.exit = exit;
    return this;
  }

  /** The call this builder makes. */
  public Op op() {
    return op;
  }

  public RawEvent build() {
    return new RawEvent(op, site, enter, exit, values.clone(), lists.clone());
  }
}
