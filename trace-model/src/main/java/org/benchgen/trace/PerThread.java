package org.benchgen.trace;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * State kept per thread of one rank's stream, where times and call paths run per thread: an
 * event's {@code thread} field (docs/trace-format.md) says which thread made it, 0 (MPI's main
 * thread) when absent. Thread 0 is kept in a field, since most streams have no other; the others,
 * whose numbers come from the trace, in a map (never an array sized by a number read).
 *
 * @param <T> the mutable state of one thread
 */
public final class PerThread<T> {
  private final Supplier<T> make;
  private final T main;
  private Map<Long, T> others;

  /** State made by {@code make} for each thread, when the thread is first seen. */
  public PerThread(Supplier<T> make) {
    this.make = make;
    this.main = make.get();
  }

  /** The state of {@code thread}. */
  public T of(long thread) {
    if (thread == 0) {
      return main;
    }
    if (others == null) {
      others = new HashMap<>();
    }
    return others.computeIfAbsent(thread, t -> make.get());
  }

  /** Each thread's state seen so far, MPI's main thread's first. */
  public void forEach(java.util.function.Consumer<T> f) {
    f.accept(main);
    if (others != null) {
      others.values().forEach(f);
    }
  }

  /** The state of the thread that made an event of {@code op} with these field values. */
  public T of(Op op, long[] values) {
    return of(thread(op, values));
  }

  /** The thread that made an event of {@code op} with these field values: 0 when not said. */
  public static long thread(Op op, long[] values) {
    int s = op.slot(Field.THREAD);
    return s < 0 || values[s] == Sym.ABSENT.code() ? 0 : values[s];
  }
}
