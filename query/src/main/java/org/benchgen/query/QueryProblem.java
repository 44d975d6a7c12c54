package org.benchgen.query;

import org.benchgen.trace.TraceProblem;

/**
 * A statement that cannot run on a trace: bad SQL, an unknown column or view, a statement that is
 * not a query, a trace too large to expand. Exit code 1, as for a problem in the input.
 */
public final class QueryProblem extends TraceProblem {
  private static final long serialVersionUID = 1L;

  public QueryProblem(String message) {
    super(message);
  }
}
