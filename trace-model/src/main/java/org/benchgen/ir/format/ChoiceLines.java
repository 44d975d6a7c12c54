package org.benchgen.ir.format;

import java.util.ArrayList;
import java.util.Base64;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.benchgen.ir.ChoiceColumn;
import org.benchgen.ir.ChoiceTable;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.NodeScanner;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * The {@code choice} and {@code column} lines of a compressed trace (docs/compressed-format.md,
 * "Step choices"), and the {@code $C.J} values that name a column: read into {@link ChoiceTable}s
 * with their bounds checked, and written from the tables a trace's values use.
 *
 * <pre>
 * choice 1 configs=16 steps=100000 data=BASE64   the numbers, ceil(log2 configs) bits each
 * column 1.1 0,1,1,0,...                         one value a configuration
 * column 1.5 when=1.1 0,7,3,0,...                read only at steps where column 1.1 is not 0
 * </pre>
 */
final class ChoiceLines {
  /**
   * The most values the columns of a file may stand for (columns times steps, over all tables):
   * each column read is made into its values, 4 or 8 bytes each.
   */
  static final long MAX_VALUES = 1L << 26;
  /** The most columns a table holds. */
  static final int MAX_COLUMNS = 1 << 16;

  private final Map<Integer, ChoiceTable> tables = new TreeMap<>();
  private long values;

  /** Reads a {@code choice} line. */
  void choice(String[] tok) {
    if (tok.length != 5) {
      throw new TraceProblem("choice needs its number, configs=, steps= and data=");
    }
    int number = (int) bounded(tok[1], "choice number", 1, tables.size() + 1);
    if (number != tables.size() + 1) {
      throw new TraceProblem("choice tables are numbered 1, 2, 3... in order: expected "
          + (tables.size() + 1) + ", found " + number);
    }
    int configs = (int) bounded(value(tok[2], "configs"), "configs", 1, ChoiceTable.MAX_CONFIGS);
    int steps = (int) bounded(value(tok[3], "steps"), "steps", 1, Integer.MAX_VALUE);
    String data = value(tok[4], "data");
    int bits = ChoiceTable.bitsFor(configs);
    long chars = ((long) ChoiceTable.bytesFor(steps, bits) * 8 + 5) / 6;
    if (data.length() != chars) {
      throw new TraceProblem("choice " + number + ": data= has " + data.length()
          + " characters where " + steps + " steps of " + bits + " bits take " + chars
          + " (base64, no padding)");
    }
    byte[] packed;
    try {
      packed = Base64.getDecoder().decode(data);
    } catch (IllegalArgumentException e) {
      throw new TraceProblem("choice " + number + ": data= is not base64: " + e.getMessage());
    }
    tables.put(number, new ChoiceTable(number, configs, steps, packed));
  }

  /** Reads a {@code column} line. */
  void column(String[] tok) {
    if (tok.length != 3 && tok.length != 4) {
      throw new TraceProblem("column needs its name C.J, an optional when=C.G and its values");
    }
    int[] name = name(tok[1]);
    ChoiceTable t = table(name[0]);
    if (name[1] != t.columnCount() + 1) {
      throw new TraceProblem("the columns of choice " + name[0] + " are numbered 1, 2, 3... in"
          + " order: expected " + name[0] + "." + (t.columnCount() + 1) + ", found " + tok[1]);
    }
    if (name[1] > MAX_COLUMNS) {
      throw new TraceProblem("choice " + name[0] + " has more than " + MAX_COLUMNS + " columns");
    }
    values += t.steps();
    if (values > MAX_VALUES) {
      throw new TraceProblem("the choice columns stand for more than " + MAX_VALUES
          + " values (columns times steps)");
    }
    int when = 0;
    if (tok.length == 4) {
      int[] w = name(value(tok[2], "when"));
      if (w[0] != name[0]) {
        throw new TraceProblem("when= names a column of another choice table");
      }
      when = w[1];
    }
    String[] parts = tok[tok.length - 1].split(",", -1);
    if (parts.length != t.configs()) {
      throw new TraceProblem("column " + tok[1] + " has " + parts.length + " values, not one"
          + " for each of its table's " + t.configs() + " configurations");
    }
    long[] v = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      v[i] = columnValue(parts[i]);
    }
    t.addColumn(v, when);
  }

  /**
   * A column's value: an integer, or a symbol by its name ({@code UNDEFINED}, {@code -}), which
   * the checks of each call that reads the column accept or refuse for its field.
   */
  private static long columnValue(String text) {
    for (Sym s : Sym.values()) {
      if (s.text().equals(text)) {
        return s.code();
      }
    }
    return number(text, "a column's value");
  }

  /** The values {@code $C.J} names. */
  ValueSeq reference(String text) {
    int[] name = name(text.substring(1));
    return new ValueSeq(table(name[0]).column(name[1]));
  }

  private ChoiceTable table(int number) {
    ChoiceTable t = tables.get(number);
    if (t == null) {
      throw new TraceProblem("no choice table " + number + " (a 'choice' line defines it, before"
          + " the first call)");
    }
    return t;
  }

  private static int[] name(String text) {
    int dot = text.indexOf('.');
    if (dot < 0) {
      throw new TraceProblem("a choice column is named TABLE.COLUMN, found '" + text + "'");
    }
    return new int[] {(int) bounded(text.substring(0, dot), "choice number", 1, Integer.MAX_VALUE),
        (int) bounded(text.substring(dot + 1), "column number", 1, Integer.MAX_VALUE)};
  }

  private static String value(String tok, String key) {
    if (!tok.startsWith(key + "=")) {
      throw new TraceProblem("expected " + key + "=, found '" + tok + "'");
    }
    return tok.substring(key.length() + 1);
  }

  private static long number(String text, String what) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new TraceProblem(what + " must be an integer, found '" + text + "'");
    }
  }

  private static long bounded(String text, String what, long min, long max) {
    long v = number(text, what);
    if (v < min || v > max) {
      throw new TraceProblem(what + " must be from " + min + " to " + max + ", found " + v);
    }
    return v;
  }

  /** The tables {@code t}'s values use, in order of first use. */
  static List<ChoiceTable> used(CompressedTrace t) {
    Map<ChoiceTable, Boolean> found = new IdentityHashMap<>();
    List<ChoiceTable> order = new ArrayList<>();
    new NodeScanner() {
      @Override
      public void visitRsd(Rsd r) {
        r.params().forEach(this::param);
      }

      @Override
      public void visitLoop(Loop l) {
        param(l.trips());
        super.visitLoop(l);
      }

      private void param(Param p) {
        for (ParamEntry e : p.entries()) {
          if (e.values().seq().nodes() instanceof ChoiceColumn c) {
            if (e.values() instanceof EntryValues.Relative
                || e.values() instanceof EntryValues.Undecided) {
              // The reader takes a column of peers as communicator ranks.
              throw new TraceProblem("a choice column holds relative peers");
            }
            if (found.put(c.table(), Boolean.TRUE) == null) {
              order.add(c.table());
            }
          }
        }
      }
    }.scan(t.body());
    return order;
  }

  /** The lines of {@code t}, written as table {@code number}. */
  static String lines(ChoiceTable t, int number) {
    StringBuilder b = new StringBuilder();
    b.append("choice ").append(number).append(" configs=").append(t.configs())
        .append(" steps=").append(t.steps()).append(" data=")
        .append(Base64.getEncoder().withoutPadding().encodeToString(t.packed())).append('\n');
    for (int j = 1; j <= t.columnCount(); j++) {
      b.append("column ").append(number).append('.').append(j);
      if (t.when(j) > 0) {
        b.append(" when=").append(number).append('.').append(t.when(j));
      }
      long[] v = t.values(j);
      for (int c = 0; c < v.length; c++) {
        b.append(c == 0 ? ' ' : ',');
        if (Sym.isSymbol(v[c])) {
          b.append(Sym.of(v[c]).text());
        } else {
          b.append(v[c]);
        }
      }
      b.append('\n');
    }
    return b.toString();
  }
}
