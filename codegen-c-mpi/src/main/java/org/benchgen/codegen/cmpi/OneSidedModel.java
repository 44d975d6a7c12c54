package org.benchgen.codegen.cmpi;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;

/**
 * The C+MPI output model of one-sided communication (issue 46): one record per template of the
 * one-sided section of {@code c-mpi.stg}, same name. Windows are named by their slots, as the
 * trace numbers them on each rank.
 */
public sealed interface OneSidedModel extends OutputModel {
  /** A window made by {@code kind} (BG_WIN_CREATE ...), of {@code size} bytes and {@code unit}. */
  record WinCreate(String kind, Value slot, Value size, Value unit, OutputModel comm)
      implements OneSidedModel {}

  /** A call of the run-time library on window {@code slot} ({@code bg_win_free} ...). */
  record WinRuntime(String function, Value slot, List<OutputModel> args)
      implements OneSidedModel {}

  /**
   * An MPI call on window {@code slot}, which follows {@code args} (MPI_Put, MPI_Win_fence ...);
   * {@code after}: the new request of an R- operation (MPI_Rput ...), or nothing.
   */
  record WinCall(String function, List<OutputModel> args, Value slot, List<OutputModel> after)
      implements OneSidedModel {}

  /**
   * An operation's target displacement on window {@code slot}, which may be a dynamic one: the
   * run-time library's for {@code target} there, else {@code disp} as traced.
   */
  record WinDisp(Value slot, OutputModel target, Value disp) implements OneSidedModel {}
}
