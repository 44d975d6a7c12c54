package org.benchgen.query;

import java.util.Locale;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.traverse.ExpansionSize;

/**
 * The most calls a query expands into its tables, checked before expanding: 10^7 by default, which
 * loads within 60 s and 2 GB (docs/query.md, "Limits"); raised with the Java property {@value
 * #PROPERTY} (in {@code BENCHGEN_JAVA_OPTS}).
 */
public final class CallLimit {
  public static final String PROPERTY = "benchgen.query.calls";
  public static final long DEFAULT = 10_000_000L;

  private CallLimit() {}

  /** Refuses {@code t}, read from {@code name}, when it has more calls than the limit. */
  public static void check(CompressedTrace t, String name) {
    long limit = limit();
    long calls = ExpansionSize.calls(t);
    if (calls > limit) {
      throw new QueryProblem(String.format(Locale.ROOT, "%s: this trace expands into up to %,d"
          + " calls, over the query limit of %,d (docs/query.md, \"Limits\"); narrow the trace,"
          + " or raise the limit with BENCHGEN_JAVA_OPTS=\"-D%s=N -Xmx...\"", name,
          calls, limit, PROPERTY));
    }
  }

  static long limit() {
    try {
      return ExpansionSize.limit(PROPERTY, DEFAULT, "calls");
    } catch (IllegalArgumentException e) {
      throw new QueryProblem(e.getMessage());
    }
  }
}
