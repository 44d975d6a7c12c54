package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Histogram numbers as the format writes them: values rounded by hand. */
class DecimalsTest {
  @Test
  void meansKeepSixSignificantDigits() {
    assertEquals("200649", Decimals.mean(200648.75, 200520, 200780));
    assertEquals("20148.8", Decimals.mean(20148.75, 18990, 21350)); // half to even: 7 -> 8
    assertEquals("1234560", Decimals.mean(1234565.0, 1_000_000, 2_000_000)); // half: 6 stays
    assertEquals("1234580", Decimals.mean(1234575.0, 1_000_000, 2_000_000)); // half: 7 -> 8
    // The double's exact value is rounded, not its shortest text: the double 20148.65 is
    // 20148.6500000000014551915..., above the half; 585.7375 is 585.7374999999999545..., below.
    assertEquals("20148.7", Decimals.mean(20148.65, 18990, 21350));
    assertEquals("585.737", Decimals.mean(585.7375, 102, 16505));
    assertEquals("123.457", Decimals.mean(123.4567891, 100, 200));
    assertEquals("896.5", Decimals.mean(896.5, 860, 950));
    assertEquals("0", Decimals.mean(0.0, 0, 0));
    assertEquals("0.333333", Decimals.mean(1.0 / 3, 0, 1));
  }

  @Test
  void aMeanStaysWithinMinAndMaxAndHasNoExponent() {
    // 1,234,567 to six digits is 1,234,570, past the largest value.
    assertEquals("1234567", Decimals.mean(1234567.0, 1234567, 1234567));
    assertEquals("1234561", Decimals.mean(1234561.0, 1234561, 1234561));
    assertEquals("1000000000000", Decimals.mean(1e12, 1_000_000_000_000L, 1_000_000_000_000L));
    assertEquals("123457000000", Decimals.mean(123456789012.0, 1, 200_000_000_000L));
  }

  @Test
  void standardDeviationsKeepThree() {
    assertEquals("108", Decimals.sd(107.73230713207622));
    assertEquals("29.8", Decimals.sd(29.753372210469472));
    assertEquals("0", Decimals.sd(0.0));
    assertEquals("0.000123", Decimals.sd(0.000123456));
    assertEquals("1230000", Decimals.sd(1234567.0));
  }

  @Test
  void aMeanReadBackIsWithinFiveMillionthsAndWithinItsRange() {
    Random rnd = new Random(11);
    for (int i = 0; i < 20_000; i++) {
      long min = (long) Math.pow(10, rnd.nextDouble() * 12);
      long max = min + (long) (rnd.nextDouble() * min * (rnd.nextBoolean() ? 0 : 3));
      double mean = min + rnd.nextDouble() * (max - min);
      String text = Decimals.mean(mean, min, max);
      assertFalse(text.contains("E"), text);
      double back = Double.parseDouble(text);
      assertTrue(Math.abs(back - mean) <= 5e-6 * mean, mean + " -> " + text);
      assertTrue(back >= min && back <= max, mean + " -> " + text + " outside " + min + ".." + max);
    }
  }
}
