import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.benchgen.compress.RankCompressor;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.SymbolTable;

/**
 * One-core throughput of benchgen's compression front end: every rank file of a trace directory
 * is read and compressed (RawTraceReader into a RankCompressor, finished), one after the other on
 * this thread, pass after pass, so that the JIT is warm; the inter-rank merge is left out.
 *
 * <p>On a shared virtual machine the core's speed changes in phases. So each pass also reports
 * the share of core 0's time that the hypervisor stole during it (Linux {@code /proc/stat}; the
 * script pins the JVM to core 0), and after each pass a fixed control workload is timed.
 *
 * <p>Usage (see rsd-compressor/bench/throughput.sh): {@code java -cp cli/target/benchgen.jar
 * rsd-compressor/bench/Throughput.java DIR [PASSES]}.
 */
public final class Throughput {
  private static final int WARM_UP = 8;

  private Throughput() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: Throughput TRACE_DIR [PASSES (default 30, of which the first "
          + WARM_UP + " warm the JIT up)]");
      System.exit(2);
    }
    int passes = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    if (passes <= WARM_UP) {
      System.err.println("PASSES must be more than the " + WARM_UP + " warm-up passes");
      System.exit(2);
    }
    try {
      run(TraceDirectory.open(Path.of(args[0])), passes);
    } catch (java.io.IOException | RuntimeException e) {
      System.err.println("Throughput: " + e.getMessage());
      System.exit(1);
    }
  }

  private static void run(TraceDirectory dir, int passes) throws java.io.IOException {
    List<Path> files = dir.rankFiles();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] rate = new double[passes];
    double[] control = new double[passes];
    double[] steal = new double[passes];
    for (int pass = 0; pass < passes; pass++) {
      long[] ticks0 = core0Ticks();
      long t0 = System.nanoTime();
      long c0 = threads.getCurrentThreadCpuTime();
      long events = 0;
      SymbolTable symbols = new SymbolTable(); // one per pass, as compress has one per run
      for (int r = 0; r < files.size(); r++) {
        RankCompressor rc = new RankCompressor(r, dir.size(), symbols);
        RawTraceReader.read(files.get(r), symbols, rc);
        rc.finish();
        events += rc.events();
      }
      double wall = (System.nanoTime() - t0) / 1e9;
      double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
      long[] ticks1 = core0Ticks();
      steal[pass] = ticks0.length == 0 || ticks1[1] == ticks0[1] ? Double.NaN
          : 100.0 * (ticks1[0] - ticks0[0]) / (ticks1[1] - ticks0[1]);
      rate[pass] = events / wall / 1e6;
      control[pass] = control();
      System.out.printf("pass %2d%s: %,d events in %.3f s (thread CPU %.3f s) = %.2f M events/s;"
          + " core 0 stolen %.1f %%; control %.0f ms%n", pass, pass < WARM_UP ? " (warm-up)" : "",
          events, wall, cpu, rate[pass], steal[pass], control[pass]);
    }
    double[] r = Arrays.copyOfRange(rate, WARM_UP, passes);
    double[] c = Arrays.copyOfRange(control, WARM_UP, passes);
    double fastest = Arrays.stream(c).min().orElseThrow();
    double[] q = IntStream.range(0, r.length).filter(i -> c[i] <= 1.1 * fastest)
        .mapToDouble(i -> r[i]).toArray();
    double[] u = IntStream.range(0, r.length).filter(i -> steal[WARM_UP + i] < 1)
        .mapToDouble(i -> r[i]).toArray();
    System.out.printf("after %d warm-up passes, %d passes: M events/s min %.2f, median %.2f,"
        + " max %.2f%n", WARM_UP, r.length, min(r), median(r), max(r));
    System.out.printf("control: fastest %.0f ms, median %.0f ms, slowest %.0f ms;"
        + " the %d passes whose control ran within 10%% of its fastest: M events/s min %.2f,"
        + " median %.2f%n", fastest, median(c), max(c), q.length, min(q), median(q));
    System.out.printf("the %d passes with less than 1%% of core 0 stolen: M events/s min %.2f,"
        + " median %.2f%n", u.length, min(u), median(u));
  }

  /**
   * Core 0's stolen and total time in ticks since boot ({@code /proc/stat}), or an empty array
   * where that cannot be read.
   */
  private static long[] core0Ticks() {
    try {
      for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/stat"))) {
        if (line.startsWith("cpu0 ")) {
          String[] f = line.trim().split(" +");
          long total = 0;
          for (int i = 1; i < f.length && i <= 8; i++) {
            total += Long.parseLong(f[i]); // user nice system idle iowait irq softirq steal
          }
          return new long[] {f.length > 8 ? Long.parseLong(f[8]) : 0, total};
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: no steal figures
    }
    return new long[0];
  }

  /**
   * A fixed amount of work that, like the compressor, depends on the core and its caches:
   * pseudo-random increments over a 16 MB array.
   */
  private static double control() {
    int[] table = new int[1 << 22];
    long x = 1;
    long t0 = System.nanoTime();
    for (int i = 0; i < 20_000_000; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      table[(int) (x >>> 42)]++;
    }
    double ms = (System.nanoTime() - t0) / 1e6;
    if (table[(int) (x >>> 42)] < 0) {
      throw new AssertionError(); // keeps the loop's work observable
    }
    return ms;
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static double min(double[] a) {
    return Arrays.stream(a).min().orElse(Double.NaN);
  }

  private static double max(double[] a) {
    return Arrays.stream(a).max().orElse(Double.NaN);
  }
}
