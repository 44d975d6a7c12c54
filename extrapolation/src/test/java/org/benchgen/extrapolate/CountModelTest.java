package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CountModelTest {
  private static final List<Scale> SCALES = List.of(Scale.P, Scale.LOG2_P, Scale.SQRT_P,
      Scale.CBRT_P);

  private static Scale.Size size(int p) {
    return new Scale.Size(p, new Grid(new int[] {p}));
  }

  private static Optional<CountModel> fit(int target, StringBuilder why, long... pv) {
    List<CountModel.Point> pts = new ArrayList<>();
    for (int i = 0; i < pv.length; i += 2) {
      pts.add(new CountModel.Point(size((int) pv[i]), pv[i + 1]));
    }
    return CountModel.fit(pts, SCALES, size(target), why);
  }

  private static long at(int target, long... pv) {
    StringBuilder why = new StringBuilder();
    CountModel m = fit(target, why, pv).orElseThrow(() -> new AssertionError(why));
    return Math.round(m.at(size(target)));
  }

  @Test
  void constantsStay() {
    assertEquals(1024, at(4096, 4, 1024, 8, 1024, 16, 1024));
  }

  @Test
  void ringTripsAreOneLessThanTheRanks() {
    assertEquals(4095, at(4096, 4, 3, 8, 7, 16, 15)); // P - 1, two parameters, three counts
  }

  @Test
  void recursiveDoublingIsLog2() {
    assertEquals(12, at(4096, 4, 2, 8, 3, 16, 4));
  }

  @Test
  void strongScalingDividesByP() {
    assertEquals(16, at(4096, 4, 16384, 8, 8192, 16, 4096)); // 65536 / P
    assertEquals(4096, at(256, 4, 32768, 16, 16384, 64, 8192)); // n / sqrt P: 65536/2, /4, /8 -> /16
  }

  @Test
  void twoCountsAllowOneParameterOnly() {
    StringBuilder why = new StringBuilder();
    assertTrue(fit(64, why, 4, 3, 8, 7).isEmpty()); // P - 1 needs a third count
    assertTrue(why.toString().contains("third"), why.toString());
  }

  @Test
  void modelsThatDisagreeAtTheTargetAreRefused() {
    StringBuilder why = new StringBuilder();
    // 2 at 4, 4 at 16: sqrt P and log2 P both fit, and give 8 and 6 at 64.
    assertTrue(fit(64, why, 4, 2, 16, 4).isEmpty());
    assertTrue(why.toString().contains("disagree"), why.toString());
  }

  @Test
  void aValueThatIsNoWholeNumberAtTheTargetIsRefused() {
    StringBuilder why = new StringBuilder();
    assertTrue(fit(12, why, 4, 1000, 8, 500, 16, 250).isEmpty()); // 4000/12
    assertTrue(why.toString().contains("not a whole number"), why.toString());
  }

  @Test
  void valuesOfNoModelAreRefused() {
    StringBuilder why = new StringBuilder();
    assertTrue(fit(64, why, 4, 7, 8, 3, 16, 11).isEmpty());
  }

  @Test
  void aLineThroughTwoSidesIsNotCheckedByAThirdCountOfTheSameSide() {
    // px = 2, 4, 4 at 4, 8, 16 ranks: -1320*px + 8250 passes through all three points but only
    // two of them tell; at px = 8 it would give -2310.
    List<CountModel.Point> pts = List.of(
        new CountModel.Point(new Scale.Size(4, new Grid(new int[] {2, 2})), 5610),
        new CountModel.Point(new Scale.Size(8, new Grid(new int[] {4, 2})), 2970),
        new CountModel.Point(new Scale.Size(16, new Grid(new int[] {4, 4})), 2970));
    StringBuilder why = new StringBuilder();
    assertTrue(CountModel.fit(pts, List.of(Scale.dim(0)),
        new Scale.Size(32, new Grid(new int[] {8, 4})), why).isEmpty(), why.toString());
  }
}
