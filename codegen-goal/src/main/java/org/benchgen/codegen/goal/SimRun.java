package org.benchgen.codegen.goal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.ModelRenderer;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.network.LogGop;
import org.benchgen.network.NetworkFit;

/**
 * The GOAL target's Makefile: {@code make simrun} converts NAME.goal with LogGOPSim's
 * {@code txt2bin} and simulates it with the LogGOP parameters fitted from the trace
 * ({@link org.benchgen.network.LogGopFit}), or LogGOPSim's defaults when there is no fit, the
 * Makefile saying which (docs/simulation.md, "Parameters fitted from the trace").
 */
public final class SimRun {
  private static final ModelRenderer MAKE = new ModelRenderer(SimRun.class, "simrun.stg");

  /** The Makefile's name. */
  public static final String FILE = "Makefile";

  private SimRun() {}

  /** The template's model: the options, where they came from, the unit of time. */
  public record Makefile(String program, List<String> about, String options, boolean picoseconds,
      String unit) implements OutputModel {}

  /** The parameters to simulate with: the fit's, or LogGOPSim's defaults without one. */
  public static LogGop parameters(NetworkFit fit) {
    return fit instanceof NetworkFit.Fitted f ? f.parameters() : LogGop.DEFAULTS;
  }

  /**
   * The unit of LogGOPSim's integers: the fit's ({@link LogGop#unit}); nanoseconds for the
   * defaults, as LogGOPSim takes them when given none.
   */
  public static LogGop.TimeUnit unit(NetworkFit fit) {
    return fit instanceof NetworkFit.Fitted f ? f.parameters().unit() : LogGop.TimeUnit.NS;
  }

  /** What the fit gave, for people: a few lines, the parameters last. */
  public static List<String> describe(NetworkFit fit) {
    List<String> lines = new ArrayList<>();
    LogGop p = parameters(fit);
    LogGop.Integers i = p.in(unit(fit));
    if (fit instanceof NetworkFit.Fitted f) {
      lines.add(String.format(Locale.ROOT, "LogGOP parameters fitted from the trace's"
          + " point-to-point times: L %.0f ns, o %.0f ns, g %.0f ns, G %.4f ns a byte (%.2f"
          + " GB/s)", p.L(), p.o(), p.g(), p.G(), 1 / p.G()));
      lines.add("fit: " + f.quality().describe());
      f.notes().forEach(n -> lines.add("note: " + n));
    } else {
      lines.add("no LogGOP parameters fitted from the trace: "
          + ((NetworkFit.Refused) fit).why() + "; LogGOPSim's defaults used");
    }
    lines.add("LogGOPSim " + i.options() + (i.unit() == LogGop.TimeUnit.PS
        ? " (picoseconds: G is below " + (long) LogGop.TimeUnit.PS_BELOW + " ns a byte, and"
            + " LogGOPSim reads integers; make simrun scales the schedule's calc to match)"
        : " (nanoseconds)"));
    return lines;
  }

  /** The Makefile of {@code program}'s schedule, simulated with what {@code fit} gives. */
  public static GeneratedFile makefile(String program, NetworkFit fit) {
    LogGop p = parameters(fit);
    LogGop.Integers i = p.in(unit(fit));
    return new GeneratedFile(FILE, MAKE.content(new Makefile(program, describe(fit),
        i.options(), i.unit() == LogGop.TimeUnit.PS, i.unit().symbol)));
  }
}
