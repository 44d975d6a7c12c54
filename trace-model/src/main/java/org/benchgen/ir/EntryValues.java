package org.benchgen.ir;

import java.util.Optional;

/**
 * The value sequence of one parameter entry. Peers ({@code dest}, {@code src}, {@code asrc}) are
 * absolute communicator ranks or relative offsets ({@code +1}: the next rank, modulo the
 * communicator size); which one is decided when ranks merge, by which makes them agree. Until then
 * (a single rank) both are kept.
 */
public sealed interface EntryValues {
  /** A non-peer parameter. */
  record Plain(ValueSeq seq) implements EntryValues {}

  /** Peers as communicator ranks. */
  record Absolute(ValueSeq seq) implements EntryValues {}

  /** Peers as offsets from the rank's own communicator rank. */
  record Relative(ValueSeq seq) implements EntryValues {}

  /** Peers of one rank, both ways, until a merge decides. */
  record Undecided(ValueSeq absolute, ValueSeq relative) implements EntryValues {}

  /** The sequence as written (absolute for undecided peers). */
  default ValueSeq seq() {
    if (this instanceof Plain p) {
      return p.seq();
    } else if (this instanceof Absolute a) {
      return a.seq();
    } else if (this instanceof Relative r) {
      return r.seq();
    }
    return ((Undecided) this).absolute();
  }

  /** The values two rank sets share, if they can share one entry. */
  static Optional<EntryValues> unify(EntryValues a, EntryValues b) {
    if (a instanceof Undecided ua && b instanceof Undecided ub) {
      boolean abs = ua.absolute().equals(ub.absolute());
      boolean rel = ua.relative().equals(ub.relative());
      return abs && rel ? Optional.of(a)
          : rel ? Optional.of(new Relative(ua.relative()))
          : abs ? Optional.of(new Absolute(ua.absolute()))
          : Optional.empty();
    }
    if (b instanceof Undecided) {
      return unify(b, a);
    }
    if (a instanceof Undecided u) {
      return b instanceof Absolute ab && ab.seq().equals(u.absolute()) ? Optional.of(b)
          : b instanceof Relative rb && rb.seq().equals(u.relative()) ? Optional.of(b)
          : Optional.empty();
    }
    return a.equals(b) ? Optional.of(a) : Optional.empty();
  }
}
