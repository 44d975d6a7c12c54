package org.benchgen.codegen.cmpi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.threads.ThreadBody;

/**
 * A threaded benchmark's main function and thread functions from its blocks (in their order):
 * MPI's main thread's calls between phases stay in main; each phase becomes a {@code Phase} that
 * starts a POSIX thread per lane (a {@code ThreadFn} of the lane's calls), makes the main
 * thread's own calls of the phase, and joins the threads; a phase repeated, with the main
 * thread's block after it, is a {@code PhaseRepeat} loop.
 */
final class CThreads {
  private CThreads() {}

  static List<GeneratedFile> program(List<ThreadBody> blocks, boolean tracksSites,
      BiFunction<List<OutputModel>, List<OutputModel>, List<GeneratedFile>> files) {
    List<OutputModel> main = new ArrayList<>();
    List<OutputModel> lanes = new ArrayList<>();
    int i = 0;
    while (i < blocks.size()) {
      ThreadBody b = blocks.get(i);
      if (!b.block().parallel()) {
        main.addAll(b.body());
        i++;
        continue;
      }
      int phase = b.block().phase();
      List<OutputModel> own = new ArrayList<>();
      List<CModel.ThreadStart> starts = new ArrayList<>();
      while (i < blocks.size() && blocks.get(i).block().parallel()
          && blocks.get(i).block().phase() == phase) {
        ThreadBody t = blocks.get(i++);
        if (t.block().main()) {
          own.addAll(t.body());
        } else {
          String fn = "bg_phase" + phase + "_lane" + t.block().lane();
          lanes.add(new CModel.ThreadFn(fn, tracksSites, t.body()));
          starts.add(new CModel.ThreadStart(starts.size(), fn, t.block().lane()));
        }
      }
      List<OutputModel> unit = new ArrayList<>();
      if (starts.isEmpty()) {
        unit.addAll(own);
      } else {
        unit.add(new CModel.Phase(phase, starts.size(), starts, own));
      }
      if (b.repeats() == 1) {
        main.addAll(unit);
        continue;
      }
      // A phase repeated: with the main thread's block after it, in one loop.
      if (i < blocks.size() && !blocks.get(i).block().parallel()
          && blocks.get(i).block().phase() == phase) {
        unit.addAll(blocks.get(i++).body());
      }
      main.add(new CModel.PhaseRepeat(phase, b.repeats(), unit));
    }
    if (tracksSites) {
      main.add(new CModel.MainSiteKept());
    }
    return files.apply(main, lanes);
  }
}
