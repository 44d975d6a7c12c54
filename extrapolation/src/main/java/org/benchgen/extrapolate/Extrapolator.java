package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;

/**
 * Traces of one program at a few rank counts made into its trace at another (docs/
 * extrapolation.md). The grid of each trace is inferred ({@link GridInference}) and one rule must
 * explain them all ({@link DimsRule}); the largest trace is the template, each of the target's
 * regions taking its values from the rank placed alike there, fitted across the counts. Before
 * anything is returned, the same is done towards every traced count and must give that trace's
 * calls, bytes and message matrix on every rank: what cannot be checked so is refused.
 */
public final class Extrapolator {
  /** A trace to extrapolate from, and its name for messages. */
  public record Traced(String name, CompressedTrace trace) {}

  /** The trace at the target, its grid and rule, what changed with the count, and notes. */
  public record Result(CompressedTrace trace, Grid grid, String rule, List<Grid> tracedGrids,
      List<Explanation> explained, List<String> notes) {}

  private Extrapolator() {}

  public static Result extrapolate(List<Traced> given, int target)
      throws ExtrapolationException {
    List<Traced> sorted = new ArrayList<>(given);
    sorted.sort(Comparator.comparingInt(t -> t.trace().worldSize()));
    if (sorted.size() < 2) {
      throw new ExtrapolationException("give traces at two rank counts at least (three let"
          + " benchgen check its models)");
    }
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).trace().worldSize() == sorted.get(i - 1).trace().worldSize()) {
        throw new ExtrapolationException(sorted.get(i - 1).name() + " and " + sorted.get(i).name()
            + " are both of " + sorted.get(i).trace().worldSize() + " ranks; give each count once");
      }
    }
    List<Grid> inferred = new ArrayList<>();
    for (Traced t : sorted) {
      checkComms(t);
      inferred.add(GridInference.of(t.trace()));
    }
    // A count too small to show every dimension (a 3-D grid of 4 ranks is 2x2) has sides of 1.
    int dims = inferred.stream().mapToInt(x -> x.dims().length).max().orElse(1);
    List<Input> inputs = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      Traced t = sorted.get(i);
      CompressedTrace template = sorted.get(sorted.size() - 1).trace();
      // A loop of log2 cols trips is one trip, and written as its body, at 2 columns.
      CompressedTrace aligned = i == sorted.size() - 1 ? t.trace()
          : OneTripLoops.align(template, t.trace());
      // Sides of 1 go where the call sites say (GridAlignment), not always last.
      Grid big = inferred.get(sorted.size() - 1).padded(dims);
      inputs.add(new Input(t.name(), aligned, GridAlignment.align(inferred.get(i), aligned, big,
          template), new NodeKeys(aligned.body())));
    }
    List<Grid> grids = inputs.stream().map(Input::grid).toList();
    List<Integer> counts = inputs.stream().map(Input::ranks).toList();
    Optional<DimsRule> rule = DimsRule.explain(counts, grids);
    if (rule.isEmpty()) {
      throw new ExtrapolationException("the process grids of the traces follow no rule benchgen"
          + " knows: " + describe(inputs) + " (docs/extrapolation.md, \"Grids\")");
    }
    Optional<Grid> g = rule.get().at(target);
    if (g.isEmpty()) {
      throw new ExtrapolationException(target + " ranks do not make a grid by the traces' rule ("
          + rule.get().name() + ", " + describe(inputs) + ")");
    }
    // The template's regions must be alike before anything is fitted from them.
    ResidueClasses.check(inputs, g.get());
    List<String> notes = new ArrayList<>();
    if (inputs.size() == 2) {
      notes.add("two traced counts: only one-parameter models of counts, and constant times"
          + " (their mean), were tried; a third count lets benchgen fit and check more");
    }
    Input template = inputs.get(inputs.size() - 1);
    boolean endless = sorted.stream().allMatch(t -> GridInference.byPeerFunctions(t.trace()));
    if (endless) {
      notes.add("the grids are the layouts of partners r XOR 2^k or transposes, which have no"
          + " ends: two regions, rank 0 and all the others, rank 1 standing for them");
    }
    CellValues.Knowledge cells = new CellValues.Knowledge(); // fitted once for every count
    for (Input in : inputs) {
      if (!standsFor(template.grid(), in.grid())) {
        notes.add("not checked against " + in.name() + ": its grid (" + in.grid() + ") has"
            + " places the largest trace's (" + template.grid() + ") lacks");
        continue;
      }
      TraceBuilder b = new TraceBuilder(inputs, in.size(), endless, cells);
      CompressedTrace back = b.build(new TimeScaler(inputs, in.size()));
      TraceComparison cmp = new TraceComparison(TraceStats.of(in.trace(), r -> { }),
          TraceStats.of(back, r -> { }));
      if (!cmp.identical()) {
        String first = cmp.callDifferences().isEmpty() ? cmp.matrixDifferences()
            + " rank pairs of the message matrix differ"
            : cmp.callDifferences().size() + " calls differ, first: "
                + cmp.callDifferences().get(0).describe() + " (traced vs extrapolated)";
        throw new ExtrapolationException("extrapolating these traces back to " + in.ranks()
            + " ranks does not give " + in.name() + ": " + first + "; the program does not"
            + " follow its grid (" + in.grid() + ") the way benchgen models it, so no count"
            + " can be trusted (docs/extrapolation.md)");
      }
    }
    Scale.Size size = new Scale.Size(target, g.get());
    TraceBuilder b = new TraceBuilder(inputs, size, endless, cells);
    TimeScaler times = new TimeScaler(inputs, size);
    CompressedTrace out = b.build(times);
    return new Result(out, g.get(), rule.get().name(), grids, b.explained(times), notes);
  }

  /** Whether every rank of {@code g} has a rank placed alike in {@code template}. */
  private static boolean standsFor(Grid template, Grid g) {
    return g.regions().stream().allMatch(r -> g.mapTo(r.first(), template).isPresent());
  }

  private static String describe(List<Input> inputs) {
    return inputs.stream().map(i -> i.grid() + " at " + i.ranks())
        .collect(Collectors.joining(", "));
  }

  /** Communicators other than copies of the world are not extrapolated yet: refused. */
  private static void checkComms(Traced t) throws ExtrapolationException {
    int p = t.trace().worldSize();
    for (CommDef c : t.trace().comms()) {
      boolean world = !c.isInter() && c.members().size() == p;
      for (int i = 0; world && i < p; i++) {
        world = c.members().get(i) == i;
      }
      boolean self = !c.isInter() && c.members().size() == 1;
      if (!world && !self) {
        throw new ExtrapolationException(t.name() + ": communicator " + c.id() + " holds "
            + c.members().size() + " of the " + p + " ranks" + (c.isInter() ? " (an"
            + " intercommunicator)" : "") + "; benchgen extrapolates only traces whose"
            + " communicators are copies of MPI_COMM_WORLD or of one rank each"
            + " (docs/extrapolation.md)");
      }
    }
  }
}
