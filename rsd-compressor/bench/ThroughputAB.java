import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * One-core compression throughput of two builds of benchgen side by side, in one JVM, taking turns
 * rank file by rank file (each build in a class loader of its own), so that both see the same
 * machine speed: the ratio is what a refactoring is judged by. Run by {@code throughput-ab.sh}.
 * Builds from before the per-trace symbol table (no {@code SymbolTable}) and after it both work.
 */
public final class ThroughputAB {
  interface Compress { long run(Path file, int rank, int size) throws Throwable; }

  static Compress variant(String jar) throws Exception {
    ClassLoader cl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, null);
    Class<?> rc = cl.loadClass("org.benchgen.compress.RankCompressor");
    String pkg = exists(cl, "org.benchgen.rawtrace.RawTraceReader") ? "org.benchgen.rawtrace" : "org.benchgen.trace";
    Class<?> rr = cl.loadClass(pkg + ".RawTraceReader");
    Class<?> sink = cl.loadClass(pkg + ".RawTraceReader$Sink");
    String ir = exists(cl, "org.benchgen.ir.CompressedTrace") ? "org.benchgen.ir" : "org.benchgen.model";
    MethodHandles.Lookup l = MethodHandles.publicLookup();
    MethodHandle finish = l.findVirtual(rc, "finish", MethodType.methodType(cl.loadClass(ir + ".CompressedTrace")));
    MethodHandle events = l.findVirtual(rc, "events", MethodType.methodType(long.class));
    Class<?> st;
    try {
      st = cl.loadClass("org.benchgen.trace.SymbolTable");
    } catch (ClassNotFoundException e) {
      st = null;
    }
    if (st == null) {
      MethodHandle ctor = l.findConstructor(rc, MethodType.methodType(void.class, int.class, int.class));
      MethodHandle read = l.findStatic(rr, "read", MethodType.methodType(long.class, Path.class, sink));
      return (f, r, n) -> {
        Object c = ctor.invoke(r, n);
        read.invoke(f, c);
        finish.invoke(c);
        return (long) events.invoke(c);
      };
    }
    Class<?> stc = st;
    MethodHandle newSt = l.findConstructor(st, MethodType.methodType(void.class));
    MethodHandle ctor = l.findConstructor(rc, MethodType.methodType(void.class, int.class, int.class, st));
    MethodHandle read = l.findStatic(rr, "read", MethodType.methodType(long.class, Path.class, st, sink));
    return (f, r, n) -> {
      Object s = newSt.invoke();
      Object c = ctor.invoke(r, n, s);
      read.invoke(f, s, c);
      finish.invoke(c);
      return (long) events.invoke(c);
    };
  }

  static boolean exists(ClassLoader cl, String name) {
    try {
      cl.loadClass(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  public static void main(String[] a) throws Throwable {
    if (a.length != 4) {
      System.err.println("usage: java ThroughputAB.java TRACE_DIR PASSES JAR_A JAR_B");
      System.exit(2);
    }
    Path dir = Path.of(a[0]);
    int passes = Integer.parseInt(a[1]);
    Compress[] v = {variant(a[2]), variant(a[3])};
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".trace")).sorted().toList();
    }
    int n = files.size();
    double[][] rate = new double[2][passes];
    for (int pass = 0; pass < passes; pass++) {
      long[] ns = new long[2];
      long[] ev = new long[2];
      for (int i = 0; i < n; i++) {
        Path f = files.get(i);
        int rank = Integer.parseInt(f.getFileName().toString().replaceAll("\\D", ""));
        for (int k = 0; k < 2; k++) {
          int x = (i + pass) % 2 == 0 ? k : 1 - k;
          long t0 = System.nanoTime();
          ev[x] += v[x].run(f, rank, n);
          ns[x] += System.nanoTime() - t0;
        }
      }
      for (int x = 0; x < 2; x++) {
        rate[x][pass] = ev[x] / (ns[x] / 1e9) / 1e6;
      }
      System.out.printf("pass %2d: A %.2f  B %.2f  B/A %.3f%n", pass, rate[0][pass], rate[1][pass], rate[1][pass] / rate[0][pass]);
    }
    int warm = Math.min(8, passes / 2);
    double[] ratio = new double[passes - warm];
    for (int p = warm; p < passes; p++) ratio[p - warm] = rate[1][p] / rate[0][p];
    Arrays.sort(ratio);
    double[] ra = Arrays.copyOfRange(rate[0], warm, passes); Arrays.sort(ra);
    double[] rb = Arrays.copyOfRange(rate[1], warm, passes); Arrays.sort(rb);
    System.out.printf("after %d warm-up passes: median A %.2f, B %.2f M events/s; B/A median %.3f (min %.3f, max %.3f)%n",
        warm, ra[ra.length / 2], rb[rb.length / 2], ratio[ratio.length / 2], ratio[0], ratio[ratio.length - 1]);
  }
}
