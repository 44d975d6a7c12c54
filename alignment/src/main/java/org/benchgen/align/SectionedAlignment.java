package org.benchgen.align;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.benchgen.compress.ChoiceSection;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Rsd;

/**
 * Alignment of a trace with choice sections ({@link ChoiceSection}, issue 50). A section's calls
 * are drawn at random each step, and a collective in it may be reached from several of its call
 * shapes in one step (MPICH's comm/ctxsplit: a split with color 1 at one site and one with
 * MPI_UNDEFINED at another). Walking it into {@link CollectiveAligner}'s output and folding that
 * again undoes the section (ctxsplit at 100,000 steps: 17.7 s of CPU, most of it folding), only for
 * the generators to build it anew. So the top level is cut at its sections: the parts between are
 * aligned each on its own, as before; each section is checked by the same simulation, its
 * synchronizing shapes alone and nothing written, and kept as it is, its shapes unjoined (each rank
 * makes its own calls in a section, a collective from whichever shape its step takes).
 *
 * <p>The parts are independent when every collective completes within its part: the simulation of
 * each says so, and the k-th collective of a communicator is then in the same part on every
 * member, as in the whole walk. Where a part does not complete on its own (a collective that some
 * members reach before a section and others after), or a section's compute paths name a call
 * that alignment joined before it (the whole walk renames them), this gives up and the caller walks
 * the whole trace, as it always did, which also words any finding.
 */
final class SectionedAlignment {
  private SectionedAlignment() {}

  /**
   * The alignment of {@code trace} ({@code placed}: its shared blocks one copy a place), cut at its
   * choice sections; empty when it has none, or where the parts do not align on their own.
   */
  static Optional<Alignment.Aligned> align(CompressedTrace trace, CompressedTrace placed) {
    List<Node> body = placed.body();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < body.size(); i++) {
      if (ChoiceSection.of(body.get(i)).isPresent()) {
        at.add(i);
      }
    }
    if (at.isEmpty()) {
      return Optional.empty();
    }
    at.add(body.size());
    List<Node> out = new ArrayList<>();
    boolean changed = false;
    long merged = 0;
    int from = 0;
    for (int end : at) {
      Set<String> joined = Set.of();
      if (end > from) {
        Alignment a = new CollectiveAligner(placed.withBody(body.subList(from, end)))
            .alignPlaced();
        if (!(a instanceof Alignment.Aligned part)) {
          return Optional.empty();
        }
        out.addAll(part.trace().body());
        changed |= part.changed();
        merged += part.merged();
        joined = joinedSites(part.trace().body());
      }
      if (end < body.size()) {
        ChoiceSection s = ChoiceSection.of(body.get(end)).orElseThrow();
        Loop sync = synchronizing(s);
        if (namesAny(s, joined) || !sync.body().isEmpty() && new CollectiveAligner(
            placed.withBody(List.of(sync))).check().isPresent()) {
          return Optional.empty();
        }
        out.add(body.get(end));
      }
      from = end + 1;
    }
    // Nothing joined: the trace as it came, its shared blocks kept.
    return Optional.of(changed ? new Alignment.Aligned(placed.withBody(out), true, merged)
        : new Alignment.Aligned(trace, false, 0));
  }

  /**
   * The section with only its shapes whose calls synchronize: the others wait for no one, and
   * each guard reads only its own trips, so the steps and their order stay.
   */
  private static Loop synchronizing(ChoiceSection s) {
    List<Node> kept = new ArrayList<>();
    for (Loop g : s.guards()) {
      List<Node> calls = g.body().stream()
          .filter(n -> ((Rsd) n).op().kind().synchronizes()).toList();
      if (!calls.isEmpty()) {
        kept.add(new Loop(g.ranks(), g.trips(), calls));
      }
    }
    return new Loop(s.loop().ranks(), s.loop().trips(), kept);
  }

  /** The call sites that alignment joined into one call in {@code nodes} (each of "A|B"). */
  private static Set<String> joinedSites(List<Node> nodes) {
    Set<String> out = new HashSet<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        if (r.site().contains("|")) {
          out.addAll(List.of(r.site().split("\\|")));
        }
      }
    }.scan(nodes);
    return out;
  }

  /** Whether a compute path of the section follows a call at one of {@code sites}. */
  private static boolean namesAny(ChoiceSection s, Set<String> sites) {
    if (sites.isEmpty()) {
      return false;
    }
    for (Rsd r : s.shapes()) {
      for (ComputeStat c : r.compute()) {
        if (sites.contains(c.after())) {
          return true;
        }
      }
    }
    return false;
  }
}
