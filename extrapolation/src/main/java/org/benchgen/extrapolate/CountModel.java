package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An integer that follows the run's size exactly: a trip count, a message's element count, a
 * root, a tag. Models, simplest first: {@code a}; {@code a*g} and {@code a/g}; {@code a + b*g},
 * for g each {@link Scale}. A model must give every traced value exactly (a count is not
 * approximately right); two parameters need three traced counts, so that one of them checks the
 * fit (with two counts only one-parameter models are tried). Where models of the fewest
 * parameters that fit disagree at the target, nothing is chosen: the values do not say which.
 */
record CountModel(String formula, int parameters, double a, double b, Scale scale, int kind) {
  private static final int CONST = 0;
  private static final int TIMES = 1;
  private static final int OVER = 2;
  private static final int LINEAR = 3;

  /** A traced value: the run's size and the value there. */
  record Point(Scale.Size size, long value) {}

  /** The value at {@code s}. */
  double at(Scale.Size s) {
    double g = kind == CONST ? 0 : scale.at(s);
    return switch (kind) {
      case CONST -> a;
      case TIMES -> a * g;
      case OVER -> a / g;
      default -> a + b * g;
    };
  }

  boolean isConstant() {
    return kind == CONST;
  }

  /**
   * The simplest model that gives every point, and its value at {@code target}; empty, with the
   * reason in {@code why}, where none does, where the simplest disagree at the target, or where
   * the model's value there is not a whole number.
   */
  static Optional<CountModel> fit(List<Point> points, List<Scale> scales, Scale.Size target,
      StringBuilder why) {
    long first = points.get(0).value();
    if (points.stream().allMatch(p -> p.value() == first)) {
      return Optional.of(new CountModel(Long.toString(first), 0, first, 0, null, CONST));
    }
    List<CountModel> found = new ArrayList<>();
    for (Scale g : scales) {
      tryModel(points, g, TIMES).ifPresent(found::add);
      if (g != Scale.LOG2_P) { // a share of n per rank is n/P, n/sqrt P...; never n/log2 P
        tryModel(points, g, OVER).ifPresent(found::add);
      }
    }
    if (found.isEmpty() && points.size() >= 3) {
      for (Scale g : scales) {
        tryModel(points, g, LINEAR).ifPresent(found::add);
      }
    }
    if (found.isEmpty()) {
      why.append(points.size() < 3 ? "no one-parameter model fits the two traced counts (a model"
          + " of two parameters needs a third)" : "no model fits");
      return Optional.empty();
    }
    CountModel m = found.get(0);
    double v = m.at(target);
    for (CountModel o : found) {
      if (Math.abs(o.at(target) - v) > 1e-6 * Math.max(1, Math.abs(v))) {
        why.append(String.format(Locale.ROOT, "%s and %s both fit and disagree at the target"
            + " (%s against %s); trace another count to tell them apart", m.formula, o.formula,
            num(v), num(o.at(target))));
        return Optional.empty();
      }
    }
    if (Math.abs(v - Math.rint(v)) > 1e-6 * Math.max(1, Math.abs(v))) {
      why.append(m.formula + " gives " + num(v) + " at the target, not a whole number");
      return Optional.empty();
    }
    return Optional.of(m);
  }

  private static Optional<CountModel> tryModel(List<Point> pts, Scale g, int kind) {
    double a;
    double b = 0;
    if (kind == LINEAR) {
      Point p = pts.get(0);
      Point q = pts.get(pts.size() - 1);
      double gp = g.at(p.size());
      double gq = g.at(q.size());
      if (gp == gq || pts.stream().mapToDouble(x -> g.at(x.size())).distinct().count() < 3) {
        return Optional.empty(); // two values of g fit any line: a third must check it
      }
      b = (q.value() - p.value()) / (gq - gp);
      a = p.value() - b * gp;
    } else {
      Point p = pts.get(pts.size() - 1);
      double gp = g.at(p.size());
      if (gp == 0) {
        return Optional.empty();
      }
      a = kind == TIMES ? p.value() / gp : p.value() * gp;
    }
    CountModel m = new CountModel(formula(kind, a, b, g.name()), kind == LINEAR ? 2 : 1, a, b, g,
        kind);
    for (Point p : pts) {
      if (Math.abs(m.at(p.size()) - p.value()) > 1e-9 * Math.max(1, Math.abs(p.value()))) {
        return Optional.empty();
      }
    }
    return Optional.of(m);
  }

  private static String formula(int kind, double a, double b, String g) {
    return switch (kind) {
      case TIMES -> a == 1 ? g : num(a) + "*" + g;
      case OVER -> num(a) + "/" + g;
      default -> (b < 0 ? "-" : "") + (Math.abs(b) == 1 ? "" : num(Math.abs(b)) + "*") + g
          + (a == 0 ? "" : (a < 0 ? " - " : " + ") + num(Math.abs(a)));
    };
  }

  static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.6g", v);
  }
}
