package org.benchgen.findings;

/**
 * The problems a traversal of a compressed trace can find in its input, numbered once for good
 * (docs/alignment.md documents BG1xx, docs/resolve.md BG2xx, docs/codegen.md BG3xx). Alignment
 * reports the BG1xx ones, wildcard resolution the BG2xx ones, generation the BG3xx ones; one
 * table, so that codes never collide.
 */
public enum Problem {
  /** Members of one communicator reach different collectives as their same collective call. */
  MISMATCHED_COLLECTIVE("BG101", "ranks reach different collectives at the same point"),
  /** Some members of a communicator never reach a collective that others wait in. */
  UNREACHED_COLLECTIVE("BG102", "a collective that some members never reach"),
  /** A rank calls a collective on a communicator it is not a member of. */
  NOT_A_MEMBER("BG103", "a collective on a communicator the rank is not a member of"),
  /**
   * Ranks made calls from several threads (MPI_THREAD_MULTIPLE): alignment, resolution and the
   * generators follow one thread per rank.
   */
  SEVERAL_THREADS("BG104", "ranks that made calls from several threads"),
  /** Ranks wait for each other in a cycle (wait-for graph), or for ranks that will never act. */
  DEADLOCK("BG201", "deadlock"),
  /** A message is sent and never received. */
  UNMATCHED_SEND("BG202", "a message sent and never received"),
  /** A receive is posted and never satisfied. */
  UNMATCHED_RECEIVE("BG203", "a receive never satisfied"),
  /**
   * A message larger than the buffer of the receive that matches it: the benchmark would abort
   * with MPI_ERR_TRUNCATE.
   */
  TRUNCATED_MESSAGE("BG204", "a message larger than the receive that takes it"),
  /**
   * Members of one collective whose blocks (count x type size) differ, as MPI forbids: the
   * benchmark would abort with MPI_ERR_TRUNCATE.
   */
  MISMATCHED_SIZES("BG205", "members of a collective whose block sizes differ"),
  /**
   * The target language cannot say a call exactly, and an approximation would change which
   * messages match (docs/codegen.md).
   */
  UNEXPRESSIBLE("BG301", "the target language cannot say this call exactly");

  private final String code;
  private final String summary;

  Problem(String code, String summary) {
    this.code = code;
    this.summary = summary;
  }

  /** The stable code, e.g. {@code BG101}. */
  public String code() {
    return code;
  }

  public String summary() {
    return summary;
  }
}
