package org.benchgen.resolve;

import java.util.List;
import org.benchgen.findings.Finding;
import org.benchgen.ir.CompressedTrace;

/** What {@link WildcardResolver} returns: the resolved trace, or the problem that stops it. */
public sealed interface Resolution permits Resolution.Resolved, Resolution.Failed {
  /**
   * The trace with every wildcard receive's source filled in; {@code resolved} counts the
   * receives, {@code warnings} say where a re-resolved source differs from the recorded one.
   */
  record Resolved(CompressedTrace trace, long resolved, List<String> warnings)
      implements Resolution {
    public Resolved {
      warnings = List.copyOf(warnings);
    }
  }

  record Failed(Finding finding) implements Resolution {}
}
