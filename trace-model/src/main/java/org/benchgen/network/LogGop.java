package org.benchgen.network;

/**
 * LogGOPSim's network parameters in nanoseconds: latency {@code L}, overhead {@code o}, gap per
 * message {@code g}, gap per byte {@code G}, and the eager limit {@code S} in bytes (a larger
 * message takes the rendezvous protocol). LogGOPSim charges a message of s bytes o + L + (s-1)G
 * + o from its send to its receive's end (its {@code LogGOPSim.cpp}).
 */
public record LogGop(double L, double o, double g, double G, long S) {
  /** LogGOPSim's own defaults ({@code loggopsim_cmdline.ggo}). */
  public static final LogGop DEFAULTS = new LogGop(2500, 1500, 1000, 6, 65535);

  public LogGop {
    if (!(L >= 0 && o >= 0 && g >= 0 && G >= 0) || S < 0) {
      throw new IllegalArgumentException("negative or undefined LogGOP parameter");
    }
  }

  /** The time one message of {@code bytes} takes, as LogGOPSim computes it (eager). */
  public double oneWay(long bytes) {
    return 2 * o + L + Math.max(bytes - 1, 0) * G;
  }

  /**
   * The parameters as LogGOPSim's integer options in {@code unit}: each rounded, and every time of
   * the schedule to be read in the same unit.
   */
  public Integers in(TimeUnit unit) {
    return new Integers(unit, round(L * unit.perNs), round(o * unit.perNs),
        round(g * unit.perNs), round(G * unit.perNs), (int) Math.min(S, Integer.MAX_VALUE));
  }

  private static int round(double v) {
    return (int) Math.min(Math.round(v), Integer.MAX_VALUE);
  }

  /**
   * The unit in which G keeps its value: LogGOPSim reads integers, so a G of 0.3 ns a byte (3.3
   * GB/s) would be 0. Below {@link TimeUnit#PS_BELOW} ns a byte, where rounding to whole
   * nanoseconds would change G by more than 1 %, picoseconds.
   */
  public TimeUnit unit() {
    return G < TimeUnit.PS_BELOW ? TimeUnit.PS : TimeUnit.NS;
  }

  /** The time unit of LogGOPSim's integers, and how many there are in a nanosecond. */
  public enum TimeUnit {
    NS(1, "ns"), PS(1000, "ps");

    /** Below this many ns a byte, G is given in picoseconds. */
    public static final double PS_BELOW = 50;

    public final long perNs;
    public final String symbol;

    TimeUnit(long perNs, String symbol) {
      this.perNs = perNs;
      this.symbol = symbol;
    }
  }

  /** LogGOPSim's options {@code -L -o -g -G -S}, in {@code unit}. */
  public record Integers(TimeUnit unit, int L, int o, int g, int G, int S) {
    /** The options as LogGOPSim's command line takes them. */
    public String options() {
      return "-L " + L + " -o " + o + " -g " + g + " -G " + G + " -S " + S;
    }
  }
}
