package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.codegen.output.Compute;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;

/**
 * The constant tables of one generated program, each named once and shared by every use of the
 * same content, so a pattern used by many calls costs one table.
 */
public final class Tables {
  private final Map<List<Object>, Table> tables = new LinkedHashMap<>();
  private final Map<List<Object>, Compute.HistTable> histograms = new LinkedHashMap<>();

  /**
   * The name of the table of {@code kind} holding {@code items}, created on first use. A table of
   * numbers ({@code int}) that holds one beyond an int is of kind {@code long}.
   */
  public String of(String kind, List<Value> items) {
    List<Value> fixed = Table.immutable(items);
    String wide = kind.equals("int") && fixed.stream().anyMatch(v -> v instanceof Value.Num n
        && n.value() != (int) n.value()) ? "long" : kind;
    Table t = tables.computeIfAbsent(List.of(wide, fixed),
        k -> new Table(prefix(wide) + (tables.size() + 1), wide, fixed));
    return t.name();
  }

  private static String prefix(String kind) {
    return switch (kind) {
      case "list", "lists", "clist", "clists" -> kind;
      default -> "seq";
    };
  }

  /** The name of a histogram table with these numbers, created on first use. */
  public String histogram(long min, long max, List<Compute.Bin> bins, String scale) {
    List<Object> key = List.of(min, max, List.copyOf(bins), scale);
    return histograms.computeIfAbsent(key, k -> new Compute.HistTable(
        "hist" + (histograms.size() + 1), min, max, bins, scale)).name();
  }

  public List<Table> all() {
    return new ArrayList<>(tables.values());
  }

  public List<Compute.HistTable> histograms() {
    return new ArrayList<>(histograms.values());
  }
}
