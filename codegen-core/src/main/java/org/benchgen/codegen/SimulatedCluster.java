package org.benchgen.codegen;

/**
 * The cluster a benchmark is simulated on (SimGrid's SMPI, docs/simulation.md): one host per
 * rank, every link with this latency and bandwidth, in SimGrid's units ({@code 1us}, {@code
 * 10GBps}). Checked here, since they are written into the platform file as they are.
 */
public record SimulatedCluster(String latency, String bandwidth) {
  /** A fast cluster interconnect: 1 µs, 10 GB/s. */
  public static final SimulatedCluster DEFAULT = new SimulatedCluster("1us", "10GBps");

  public SimulatedCluster {
    if (!latency.matches("[0-9]+(\\.[0-9]+)?(s|ms|us|ns|ps)")) {
      throw new IllegalArgumentException("latency '" + latency + "' must be a number and a unit"
          + " of s, ms, us, ns or ps, e.g. 1us");
    }
    if (!bandwidth.matches("[0-9]+(\\.[0-9]+)?[kKMGT]?i?(Bps|bps)")) {
      throw new IllegalArgumentException("bandwidth '" + bandwidth + "' must be a number and a"
          + " unit such as Bps, kBps, MBps, GBps or Gbps, e.g. 10GBps");
    }
  }
}
