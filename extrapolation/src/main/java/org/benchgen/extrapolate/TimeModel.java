package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A time that follows the rank count P: a compute interval's or a call's mean, in nanoseconds.
 * Models: {@code a} (the mean of the traced values), {@code a + b*P}, {@code a + b/P},
 * {@code a + b*log2 P} and {@code a*P^b}, fitted by least squares (Commons Math's
 * {@link SimpleRegression}; the power law on logarithms). The one chosen is the one whose
 * leave-one-out predictions err least, so a model is judged on counts it was not fitted to, and
 * a model of two parameters only where it errs clearly less than the mean ({@link #OCCAM}); with
 * two traced counts that leaves one point per fit, so only {@code a} is tried. A model that
 * predicts no time or less at the target is not taken.
 */
record TimeModel(String formula, double atTarget, double looError, double residual) {
  /** A traced mean: the rank count and the time there. */
  record Point(int ranks, double value) {}

  /** How much of the mean's leave-one-out error a model of two parameters may keep. */
  private static final double OCCAM = 0.8;

  private record Form(String name, DoubleUnaryOperator x, boolean logY) {}

  private static final List<Form> FORMS = List.of(
      new Form("a + b*P", p -> p, false),
      new Form("a + b/P", p -> 1 / p, false),
      new Form("a + b*log2 P", p -> Math.log(p) / Math.log(2), false),
      new Form("a*P^b", Math::log, true));

  /** The model of least leave-one-out error for {@code points}, evaluated at {@code target}. */
  static TimeModel fit(List<Point> points, int target) {
    TimeModel best = constant(points, target);
    double constantError = best.looError;
    if (points.size() < 3) {
      return best;
    }
    for (Form f : FORMS) {
      if (f.logY && points.stream().anyMatch(p -> p.value() <= 0)) {
        continue;
      }
      double err = 0;
      for (int leave = 0; leave < points.size(); leave++) {
        List<Point> rest = new ArrayList<>(points);
        Point out = rest.remove(leave);
        err += relError(predict(f, rest, out.ranks()), out.value());
      }
      err /= points.size();
      // A model earns its second parameter by predicting clearly better than the mean: noise
      // at three counts fits some curve, whose extrapolation would be worse than the mean.
      double at = predict(f, points, target);
      // A time of zero or less at the target is a curve that left the data, not a forecast.
      if (err < best.looError && err < OCCAM * constantError && constantError - err > 0.02
          && at > 0) {
        double resid = 0;
        for (Point p : points) {
          resid += relError(predict(f, points, p.ranks()), p.value());
        }
        SimpleRegression r = regression(f, points);
        String formula = f.name.replace("a", num(f.logY ? Math.exp(r.getIntercept())
            : r.getIntercept())).replace("b", num(r.getSlope()));
        best = new TimeModel(formula, at, err,
            resid / points.size());
      }
    }
    return best;
  }

  private static TimeModel constant(List<Point> points, int target) {
    double mean = points.stream().mapToDouble(Point::value).average().orElse(0);
    double loo = 0;
    double resid = 0;
    for (int leave = 0; leave < points.size(); leave++) {
      double sum = 0;
      for (int i = 0; i < points.size(); i++) {
        sum += i == leave ? 0 : points.get(i).value();
      }
      double others = points.size() == 1 ? mean : sum / (points.size() - 1);
      loo += relError(others, points.get(leave).value());
      resid += relError(mean, points.get(leave).value());
    }
    return new TimeModel(num(mean), mean, loo / points.size(), resid / points.size());
  }

  private static SimpleRegression regression(Form f, List<Point> pts) {
    SimpleRegression r = new SimpleRegression();
    for (Point p : pts) {
      r.addData(f.x.applyAsDouble(p.ranks()), f.logY ? Math.log(p.value()) : p.value());
    }
    return r;
  }

  private static double predict(Form f, List<Point> pts, int at) {
    SimpleRegression r = regression(f, pts);
    double y = r.predict(f.x.applyAsDouble(at));
    return f.logY ? Math.exp(y) : y;
  }

  private static double relError(double predicted, double actual) {
    return Math.abs(predicted - actual) / Math.max(Math.abs(actual), 1);
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.4g", v);
  }
}
