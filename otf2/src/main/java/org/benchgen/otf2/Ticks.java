package org.benchgen.otf2;

import java.math.BigInteger;

/**
 * An archive's clock (OTF2's ClockProperties): timestamps in ticks of {@code resolution} per
 * second, to benchgen's nanoseconds, exactly (rounded down). The archive's global offset is not
 * subtracted, so that an exported trace comes back at its own times.
 */
record Ticks(long resolution) {
  private static final long GIGA = 1_000_000_000L;

  Ticks {
    if (resolution <= 0) {
      throw new IllegalArgumentException("the timer resolution is " + resolution
          + " ticks per second");
    }
  }

  /** Nanoseconds of timestamp {@code ticks}. */
  long nanos(long ticks) {
    long ns;
    if (resolution == GIGA) {
      ns = ticks;
    } else if (Math.multiplyHigh(ticks, GIGA) == 0 && ticks * GIGA >= 0) {
      ns = ticks * GIGA / resolution;
    } else {
      BigInteger big = BigInteger.valueOf(ticks).multiply(BigInteger.valueOf(GIGA))
          .divide(BigInteger.valueOf(resolution));
      ns = big.bitLength() > 62 ? Long.MAX_VALUE : big.longValue();
    }
    if (ns > 1L << 62) {
      throw new IllegalArgumentException("timestamp " + ticks + " at " + resolution
          + " ticks per second is beyond 2^62 ns, the most a trace holds");
    }
    return ns;
  }
}
