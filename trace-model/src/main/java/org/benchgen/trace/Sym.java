package org.benchgen.trace;

/**
 * Symbolic values (MPI constants and "absent"), encoded as reserved longs at the very bottom of the
 * long range so they never collide with numbers, including negative relative peers.
 */
public enum Sym {
  ANY_SOURCE,
  PROC_NULL,
  ANY_TAG,
  UNDEFINED,
  NULL,
  /** A field that this execution of the call did not have (an optional field left out). */
  ABSENT;

  private static final long BASE = Long.MIN_VALUE + 1;
  private static final Sym[] VALUES = values();

  /** The reserved long that stands for this symbol. */
  public long code() {
    return BASE + ordinal();
  }

  /** The text of this symbol in trace files ({@code -} for ABSENT). */
  public String text() {
    return this == ABSENT ? "-" : name();
  }

  public static boolean isSymbol(long v) {
    return v >= BASE && v < BASE + VALUES.length;
  }

  public static Sym of(long v) {
    if (!isSymbol(v)) {
      throw new IllegalArgumentException("not a symbol: " + v);
    }
    return VALUES[(int) (v - BASE)];
  }

  /** Parses a symbol's text; returns null when {@code text} is no symbol (parser-internal use). */
  static Sym parse(String text) {
    if (text.equals("-")) {
      return ABSENT;
    }
    for (Sym s : VALUES) {
      if (s != ABSENT && s.name().equals(text)) {
        return s;
      }
    }
    return null;
  }
}
