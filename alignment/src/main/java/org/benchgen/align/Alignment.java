package org.benchgen.align;

import org.benchgen.findings.Finding;
import org.benchgen.ir.CompressedTrace;

/** What {@link CollectiveAligner} returns: an aligned trace, or the problem that prevents one. */
public sealed interface Alignment permits Alignment.Aligned, Alignment.Failed {
  /**
   * The aligned trace; {@code merged} counts the collective calls that were made one RSD from
   * several (0 when the trace passed through unchanged, {@code changed} false).
   */
  record Aligned(CompressedTrace trace, boolean changed, long merged) implements Alignment {}

  record Failed(Finding finding) implements Alignment {}
}
