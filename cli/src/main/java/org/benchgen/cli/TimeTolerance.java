package org.benchgen.cli;

import org.benchgen.stats.TraceComparison;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --time-tolerance PERCENT}, as {@code verify} and {@code report} judge times. */
final class TimeTolerance {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(names = "--time-tolerance", paramLabel = "PERCENT",
      defaultValue = "" + TraceComparison.DEFAULT_TOLERANCE,
      description = "the largest relative error of a rank's run or compute time, or of a loop"
          + " region's time, that the verdict calls within (default ${DEFAULT-VALUE}); regions"
          + " with less than 1 %% of A's time are shown but not judged")
  double percent;

  /** The tolerance, checked: a percentage of 0 or more. */
  double percent() {
    if (!(percent >= 0) || Double.isInfinite(percent)) {
      throw new ParameterException(spec.commandLine(), "--time-tolerance must be a percentage"
          + " of 0 or more, not " + percent);
    }
    return percent;
  }
}
