package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.IntRuns;
import org.benchgen.ir.RankList;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The histograms, decimals, rank lists and shared blocks of the folder's shared cases
 * (tracer/test/cases, README.md there), which the tracer's C unit test reads too, against the
 * model's classes; the folding steps themselves are rsd-compressor's TwinCasesTest.
 */
class TwinCasesTest {
  private static final Path CASES = Path.of("../tracer/test/cases");

  /**
   * The file's cases, INPUT => EXPECTED, each input's words run through {@code run}; the text it
   * gives compared with the expected one, word by word with {@code reals} compared as doubles.
   */
  private static Stream<DynamicTest> cases(String file, Function<String[], String> run,
      boolean reals) throws IOException {
    List<String> lines = Files.readAllLines(CASES.resolve(file));
    List<DynamicTest> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.isBlank() || l.startsWith("#")) {
        continue;
      }
      String[] io = l.split(" => ", 2);
      String at = file + ":" + (i + 1);
      out.add(DynamicTest.dynamicTest(at + ": " + io[0], () -> {
        String actual = run.apply(io[0].trim().split(" +"));
        if (reals) {
          assertTrue(io.length == 2 && sameWithReals(io[1], actual), at + "\nexpected: "
              + (io.length == 2 ? io[1] : "(no ' => ')") + "\ncomputed: " + actual);
        } else {
          assertEquals(io.length == 2 ? io[1] : "(no ' => ')", actual, at);
        }
      }));
    }
    assertFalse(out.isEmpty(), file + " holds no case");
    return out.stream();
  }

  /** Word by word, {@code mean=} and {@code sd=} compared as doubles. */
  private static boolean sameWithReals(String expected, String actual) {
    String[] e = expected.split(" ");
    String[] a = actual.split(" ");
    if (e.length != a.length) {
      return false;
    }
    for (int i = 0; i < e.length; i++) {
      boolean real = (e[i].startsWith("mean=") || e[i].startsWith("sd="))
          && e[i].indexOf('=') == a[i].indexOf('=');
      if (real ? Double.compare(Double.parseDouble(e[i].substring(e[i].indexOf('=') + 1)),
          Double.parseDouble(a[i].substring(a[i].indexOf('=') + 1))) != 0 : !e[i].equals(a[i])) {
        return false;
      }
    }
    return true;
  }

  @TestFactory
  Stream<DynamicTest> histograms() throws IOException {
    return cases("histograms.cases", TwinCasesTest::histogram, true);
  }

  @TestFactory
  Stream<DynamicTest> decimals() throws IOException {
    return cases("decimals.cases", w -> w[0].equals("mean")
        ? Decimals.mean(Double.parseDouble(w[1]), Long.parseLong(w[2]), Long.parseLong(w[3]))
        : Decimals.sd(Double.parseDouble(w[1])), false);
  }

  /** The writer's choice of shared blocks, from call lines and counts (BlocksCases). */
  @TestFactory
  Stream<DynamicTest> sharedBlocks() throws IOException {
    return cases("blocks.cases", BlocksCases::run, false);
  }

  @TestFactory
  Stream<DynamicTest> rankLists() throws IOException {
    return cases("ranks.cases", w -> {
      int[] v = Arrays.stream(w, 1, w.length).mapToInt(Integer::parseInt).toArray();
      if (w[0].equals("runs")) {
        return IntRuns.format(v);
      }
      RankList all = RankList.of(v[0]);
      for (int i = 1; i < v.length; i++) {
        all = all.union(RankList.of(v[i]));
      }
      return all.toString();
    }, false);
  }

  /** add VALUES; pool A | B (builders merged); merge A | B (frozen histograms merged). */
  private static String histogram(String[] w) {
    Histogram.Builder[] b = {new Histogram.Builder(), new Histogram.Builder()};
    int side = 0;
    for (int i = 1; i < w.length; i++) {
      if (w[i].equals("|")) {
        side = 1;
      } else {
        b[side].add(Long.parseLong(w[i]));
      }
    }
    Histogram h;
    if (w[0].equals("merge")) {
      h = b[0].build().merge(b[1].build());
    } else {
      b[0].merge(b[1]);
      h = b[0].build();
    }
    return "n=" + h.count() + " min=" + h.min() + " max=" + h.max() + " mean=" + h.mean()
        + " sd=" + h.sd() + " bins=" + h.bins().stream().map(x -> x.log2() + ":" + x.count())
        .collect(Collectors.joining(","));
  }
}
