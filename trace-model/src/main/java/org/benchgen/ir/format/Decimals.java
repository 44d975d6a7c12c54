package org.benchgen.ir.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How the compressed format writes the real numbers of a histogram: at a bounded relative
 * precision, not at a double's full 16-17 digits, whose fractional digits were 12-14 % of a file
 * and mean nothing for times in nanoseconds. A mean keeps {@link #MEAN_DIGITS} significant digits
 * (relative error at most 5e-6, so a trace's total compute, a sum of count x mean, moves by at
 * most 5e-6 of itself) and stays within min..max; a standard deviation keeps {@link #SD_DIGITS}.
 */
final class Decimals {
  static final int MEAN_DIGITS = 6;
  static final int SD_DIGITS = 3;

  private Decimals() {}

  /** {@code mean} to {@link #MEAN_DIGITS} significant digits, clamped to {@code [min, max]}. */
  static String mean(double mean, long min, long max) {
    BigDecimal d = round(mean, MEAN_DIGITS);
    if (d.compareTo(BigDecimal.valueOf(max)) > 0) {
      return Long.toString(max);
    }
    if (d.compareTo(BigDecimal.valueOf(min)) < 0) {
      return Long.toString(min);
    }
    return d.toPlainString();
  }

  /** {@code sd} to {@link #SD_DIGITS} significant digits. */
  static String sd(double sd) {
    return round(sd, SD_DIGITS).toPlainString();
  }

  private static BigDecimal round(double v, int digits) {
    // The double's exact binary value, rounded once: what C's printf("%.*e") gives, so that the
    // tracer's folding compressor (tracer/src/fold_text.c) writes the same digits. Rounding the
    // shortest decimal string instead rounds twice (585.7375 is 585.73749999... in binary).
    BigDecimal d = new BigDecimal(v).round(new MathContext(digits, RoundingMode.HALF_EVEN))
        .stripTrailingZeros();
    // No exponent in the text: 1E+3 reads as 1000 to people too.
    return d.scale() < 0 ? d.setScale(0) : d;
  }
}
