package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;

/**
 * The times of the target's calls: each compute path's mean (per rank class where the template
 * keeps classes) and each call's mean duration fitted to the traced counts ({@link TimeModel}),
 * the template's distribution scaled to it, and the counts those of the target's calls
 * ({@link Executions}).
 */
final class TimeScaler {
  private final List<Input> inputs;
  private final Scale.Size target;
  private final Map<Reg, Map<Node, Long>> targetExec = new IdentityHashMap<>();
  private final Map<Integer, Map<Node, Long>> templateExec = new HashMap<>();
  private final Map<String, Explanation> explained = new LinkedHashMap<>();

  TimeScaler(List<Input> inputs, Scale.Size target) {
    this.inputs = inputs;
    this.target = target;
  }

  List<Explanation> explained() {
    return List.copyOf(explained.values());
  }

  private Input template() {
    return inputs.get(inputs.size() - 1);
  }

  CompressedTrace fill(CompressedTrace t, Map<Rsd, TraceBuilder.Made> made) {
    return t.withBody(walk(t.body(), t, made));
  }

  private List<Node> walk(List<Node> nodes, CompressedTrace t, Map<Rsd, TraceBuilder.Made> made) {
    List<Node> out = new ArrayList<>(nodes.size());
    for (Node n : nodes) {
      if (n instanceof Loop l) {
        out.add(new Loop(l.ranks(), l.trips(), walk(l.body(), t, made)));
      } else {
        out.add(times((Rsd) n, t, made.get(n)));
      }
    }
    return out;
  }

  private Rsd times(Rsd o, CompressedTrace t, TraceBuilder.Made m) {
    Rsd tr = m.template();
    String where = tr.op().mpiName() + " at " + tr.site();
    long total = 0;
    for (Reg r : m.regions()) {
      total += r.region().size() * targetExec.computeIfAbsent(r,
          k -> Executions.of(t.body(), k.rep())).getOrDefault(o, 0L);
    }
    List<TimeModel.Point> dpts = new ArrayList<>();
    for (Input in : inputs) {
      if (in.keys().node(m.key()) instanceof Rsd x && x.duration().count() > 0) {
        dpts.add(new TimeModel.Point(in.ranks(), x.duration().mean()));
      }
    }
    CallTime duration = total == 0 || dpts.isEmpty() ? CallTime.NONE
        : new CallTime(total, TimeModel.fit(dpts, target.ranks()).atTarget());
    List<ComputeStat> compute = new ArrayList<>();
    double ratio = tr.duration().count() == 0 ? 0 : (double) total / tr.duration().count();
    for (ComputeStat c : tr.compute()) {
      Map<Integer, List<Reg>> byClass = new LinkedHashMap<>();
      for (Reg r : m.regions()) {
        int k = c.classOf(r.template()).map(c.classes()::indexOf).orElse(-1);
        byClass.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
      }
      if (c.classes().isEmpty() || !byClass.keySet().stream().allMatch(k -> k >= 0)) {
        long n = Math.round(c.time().count() * ratio);
        if (n > 0) {
          double f = factor(where, c.after(), "all", m, c.time().mean(), -1, null, false);
          OptionalDouble cpu = cpu(where, c.after(), "all", m, c.cpu(), -1, null);
          f = atLeastCpu(f, c.time().mean(), cpu);
          compute.add(new ComputeStat(c.after(), Histograms.scaled(c.time(), f, n), cpu));
        }
        continue;
      }
      List<ComputeStat.RankClass> classes = new ArrayList<>();
      for (Map.Entry<Integer, List<Reg>> e : byClass.entrySet()) {
        ComputeStat.RankClass k = c.classes().get(e.getKey());
        long execN = 0;
        for (Reg r : e.getValue()) {
          execN += r.region().size() * targetExec.get(r).getOrDefault(o, 0L);
        }
        long execT = 0;
        for (int rank : k.ranks().toArray()) {
          execT += templateExec.computeIfAbsent(rank,
              x -> Executions.of(template().trace().body(), x)).getOrDefault(tr, 0L);
        }
        long n = execT == 0 ? 0 : Math.round(k.time().count() * (double) execN / execT);
        if (n > 0) {
          Reg first = e.getValue().get(0);
          double f = factor(where, c.after(), first.region().describe(), m, k.time().mean(),
              e.getKey(), first, false);
          OptionalDouble cpu = cpu(where, c.after(), first.region().describe(), m, k.cpu(),
              e.getKey(), first);
          f = atLeastCpu(f, k.time().mean(), cpu);
          classes.add(new ComputeStat.RankClass(TraceBuilder.ranksOf(e.getValue()),
              Histograms.scaled(k.time(), f, n), cpu));
        }
      }
      if (!classes.isEmpty()) {
        classes.sort((a, b) -> Integer.compare(a.ranks().first(), b.ranks().first()));
        compute.add(ComputeStat.ofClasses(c.after(), classes));
      }
    }
    return new Rsd(o.op(), o.site(), o.ranks(), o.params(), compute, duration);
  }

  /**
   * The factor from the template's mean to the target's for one path (and class: its first region
   * {@code reg}, whose standing rank in each input gives that input's mean; pooled where null).
   */
  private double factor(String where, String after, String ranks, TraceBuilder.Made m,
      double templateMean, int classIndex, Reg reg, boolean cpu) {
    List<TimeModel.Point> pts = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      if (!(in.keys().node(m.key()) instanceof Rsd x)) {
        continue;
      }
      for (ComputeStat s : x.compute()) {
        if (s.after().equals(after)) {
          if (reg != null && reg.reps()[i] < 0) {
            continue;
          }
          Histogram h = reg == null ? s.time() : s.timeOf(reg.reps()[i]);
          OptionalDouble v = !cpu ? OptionalDouble.of(h.mean())
              : reg == null ? s.cpu() : s.cpuOf(reg.reps()[i]);
          if (h.count() > 0 && v.isPresent()) {
            pts.add(new TimeModel.Point(in.ranks(), v.getAsDouble()));
          }
        }
      }
    }
    if (pts.isEmpty() || templateMean <= 0) {
      return 1;
    }
    TimeModel model = TimeModel.fit(pts, target.ranks());
    double lo = pts.stream().mapToDouble(TimeModel.Point::value).min().orElse(0);
    double hi = pts.stream().mapToDouble(TimeModel.Point::value).max().orElse(0);
    if (hi > lo * 1.02 + 100) {
      explained.put(where + "\0" + after + "\0" + classIndex + "\0" + ranks + cpu, new Explanation(
          where, (cpu ? "CPU time" : "compute") + " after " + after, ranks,
          pts.stream().map(TimeModel.Point::ranks).toList(),
          pts.stream().map(p -> String.format(Locale.ROOT, "%.0f", p.value())).toList(),
          model.formula(), String.format(Locale.ROOT, "%.0f", model.atTarget()),
          pts.size() < 3 ? "two counts: the mean of both (no model can be checked)"
              : String.format(Locale.ROOT, "leave-one-out %.1f %%, residual %.1f %%",
                  100 * model.looError(), 100 * model.residual())));
    }
    return model.atTarget() / templateMean;
  }

  /**
   * The wall-time factor, raised where the fitted CPU time would exceed the fitted wall time: an
   * interval lasts at least the CPU time it used, and wall times traced oversubscribed are the
   * noisier fit (they hold the waits for a core).
   */
  private static double atLeastCpu(double f, double mean, OptionalDouble cpu) {
    return cpu.isPresent() && mean > 0 && cpu.getAsDouble() > mean * f
        ? cpu.getAsDouble() / mean : f;
  }

  /** The CPU time at the target, fitted on its own: descheduling is no part of it. */
  private OptionalDouble cpu(String where, String after, String ranks, TraceBuilder.Made m,
      OptionalDouble templateCpu, int classIndex, Reg reg) {
    if (templateCpu.isEmpty()) {
      return templateCpu;
    }
    double t = templateCpu.getAsDouble();
    return OptionalDouble.of(t * factor(where, after, ranks, m, t, classIndex, reg, true));
  }
}
