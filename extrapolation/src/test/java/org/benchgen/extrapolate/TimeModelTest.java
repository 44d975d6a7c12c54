package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeModelTest {
  private static List<TimeModel.Point> pts(double... pv) {
    TimeModel.Point[] out = new TimeModel.Point[pv.length / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = new TimeModel.Point((int) pv[2 * i], pv[2 * i + 1]);
    }
    return List.of(out);
  }

  @Test
  void strongScalingTimeFollowsOneOverP() {
    // 1000 + 64000/P at 4, 8, 16, 32: 17000, 9000, 5000, 3000; at 64: 2000.
    TimeModel m = TimeModel.fit(pts(4, 17000, 8, 9000, 16, 5000, 32, 3000), 64);
    assertEquals(2000, m.atTarget(), 1e-6);
    assertTrue(m.formula().contains("/P"), m.formula());
  }

  @Test
  void aPowerLawIsFitted() {
    // 100 * P^0.5 at 4, 16, 64: 200, 400, 800; at 256: 1600.
    TimeModel m = TimeModel.fit(pts(4, 200, 16, 400, 64, 800), 256);
    assertEquals(1600, m.atTarget(), 1e-6);
  }

  @Test
  void noiseAroundAConstantStaysTheMean() {
    TimeModel m = TimeModel.fit(pts(4, 1010, 8, 990, 16, 1005, 32, 995), 4096);
    assertEquals(1000, m.atTarget(), 1e-6);
  }

  @Test
  void twoCountsGiveTheirMean() {
    TimeModel m = TimeModel.fit(pts(4, 100, 8, 200), 64);
    assertEquals(150, m.atTarget(), 1e-9);
  }
}
