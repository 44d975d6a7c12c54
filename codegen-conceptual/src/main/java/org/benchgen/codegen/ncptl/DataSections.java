package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.Expressions;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.IrregularSections;
import org.benchgen.codegen.SafeText;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Loop;

/**
 * Irregular sections ({@link IrregularSections}) as coNCePTuaL: a loop over the section's steps
 * ({@link SectionSteps}), each read from one row of a data file beside the program with {@code
 * STATIC_FILE_DATA}, and one statement per call, size and tag, run where a step names it. Written
 * node by node, a section's program grows with its calls (miniAMR: 5,812 lines for the C+MPI
 * benchmark's 821); this way it grows with its kinds of call, as the C+MPI benchmark's data
 * tables do. A step is one number, the statement number followed by the decimal digits of the
 * task, its peers and tags ({@code 10000 * stmt + 1000 * caller + 100 * peer + tg}), the parts
 * no statement reads left out: a lookup reads the file up to its row, so one lookup a step.
 */
final class DataSections {
  /** The loop's variable, the name of the row read, and the names of a step's parts. */
  static final String STEP = "s";
  static final String ROW = "row";
  static final String STATEMENT = "stmt";
  static final String CALLER = "caller";
  static final String PEER = "peer";
  static final String PEER2 = "peer2";
  static final String TAG = "tg";
  static final String TAG2 = "tg2";
  /** The names of {@link SectionSteps}' parts, in their order. */
  static final List<String> PARTS = List.of(STATEMENT, CALLER, PEER, PEER2, TAG, TAG2);
  /** Statements beyond this many are tested in groups, so a step tests about 2 * sqrt(n). */
  private static final int UNGROUPED = 16;
  /** The most decimal digits a step's number may have: coNCePTuaL's numbers are 64-bit. */
  private static final int DIGITS = 18;
  /**
   * The longest row of steps, in characters: coNCePTuaL reads at most 4,096 a line. A lookup
   * reads the file up to its row, line by line, so rows of many steps make it fast (miniAMR's
   * 8,785 steps one a row took 1.3 s a task to read, when the program starts).
   */
  private static final int LINE = 4000;

  private final Emission e;
  private final SectionStatements said;

  DataSections(Emission e, PointToPoint p2p, Collectives collectives) {
    this.e = e;
    this.said = new SectionStatements(e, p2p, collectives);
  }

  /**
   * Section {@code span} as region {@code number}, its compute scaled by the region's parameter
   * where {@code scaled}; its data file is added to the program's files. Tags are data where
   * every part fits a step's number, else each statement holds its own.
   */
  List<OutputModel> section(int number, IrregularSections.Span span, boolean scaled) {
    SectionSteps steps = SectionSteps.of(e, span, false);
    if (digits(steps.statements().size()) + 3 * digits(e.world - 1L)
        + 2 * digits(steps.maxTag()) > DIGITS) {
      steps = SectionSteps.of(e, span, true);
    }
    if (digits(steps.statements().size()) + 3 * digits(e.world - 1L) > DIGITS) {
      throw new Unexpressible("an irregular section of " + steps.statements().size()
          + " statements on " + e.world + " ranks: its steps do not fit coNCePTuaL's 64-bit"
          + " numbers");
    }
    // Statements with nothing to say (a wait that leaves messages open, no compute) are no steps.
    int[] renumber = new int[steps.statements().size() + 1];
    boolean[] reads = new boolean[PARTS.size()];
    List<OutputModel> leaves = leaves(steps, renumber, reads);
    if (leaves.isEmpty()) {
      return List.of();
    }
    int[] width = new int[PARTS.size()];
    for (int k = 1; k < width.length; k++) {
      width[k] = !reads[k] ? 0 : k < 4 ? digits(e.world - 1L) : digits(steps.maxTag());
    }
    Layout layout = new Layout(width);
    long[] data = new long[steps.size()];
    int n = 0;
    for (int i = 0; i < steps.size(); i++) {
      int k = renumber[steps.statement(i)];
      if (k > 0) {
        data[n++] = layout.pack(k, steps, i);
      }
    }
    String file = e.g.options().name() + "-L" + number + ".dat";
    int perRow = file(file, number, layout, java.util.Arrays.copyOf(data, n));
    if (steps.classes().rounds()) {
      e.note("region L" + number + ": a call takes more than " + SectionSteps.MAX_SIZES
          + " message sizes, and coNCePTuaL's interpreter fixes a statement's size at its first"
          + " message: the section's sizes were rounded to " + steps.classes().describe());
    }
    e.note("region L" + number + " reads its steps from " + file + ": keep it beside the"
        + " program");
    List<String> comment = List.of(file + " holds its " + n + " steps, " + perRow + " a row"
        + " after the first, each " + layout.describe() + ".",
        "Every task reads each step and runs the statement it names where it is the caller (or a"
            + " member, for collectives).");
    Value step = Expressions.var(STEP);
    OutputModel body = new NModel.Steps(comment, STEP, n - 1, layout.bindings(file,
        Expressions.add(Expressions.mod(step, Expressions.lit(perRow)), 1),
        Expressions.add(Expressions.div(step, perRow), 2)), new NModel.Block(dispatch(leaves)));
    return List.of(new NModel.Region(number, scaled, true, body));
  }

  /**
   * One leaf per statement with something to say, numbered from 1 in order ({@code renumber}
   * maps the steps' numbers to them, 0 for none); marks in {@code reads} the parts of a step
   * some statement reads.
   */
  private List<OutputModel> leaves(SectionSteps steps, int[] renumber, boolean[] reads) {
    List<Loop> outside = e.here;
    e.here = List.of();
    List<OutputModel> leaves = new ArrayList<>();
    reads[0] = true;
    for (SectionSteps.Statement st : steps.statements()) {
      SectionStatements.Said s = said.of(st, steps.tagged);
      if (!s.statements().isEmpty()) {
        renumber[st.number] = leaves.size() + 1;
        leaves.add(leaf(leaves.size() + 1, st, s.statements()));
        for (int k = 1; k < reads.length; k++) {
          reads[k] |= s.reads()[k];
        }
      }
    }
    e.here = outside;
    return leaves;
  }

  /**
   * Adds the data file of region {@code number}: a first row that says its layout, then the
   * steps, as many a row as fit {@link #LINE}; returns how many that is.
   */
  private int file(String file, int number, Layout layout, long[] data) {
    long widest = java.util.Arrays.stream(data).max().orElse(0);
    int perRow = Math.max(1, Math.min(data.length, LINE / (digits(widest) + 1)));
    String about = "steps of region L" + number + " of " + e.g.options().name()
        + ".ncptl, " + perRow + " a row, in order, each " + layout.describe();
    e.files.add(new GeneratedFile(file, out -> {
      out.write("# " + about + "\n");
      for (int i = 0; i < data.length; i++) {
        out.write(Long.toString(data[i]));
        out.write(i % perRow == perRow - 1 || i == data.length - 1 ? '\n' : ' ');
      }
    }));
    return perRow;
  }

  /** The decimal digits of {@code v} (at least 1). */
  static int digits(long v) {
    return Long.toString(Math.max(1, v)).length();
  }

  /** Statement {@code k}: {@code IF stmt = k THEN ...}, after a comment naming its call. */
  private OutputModel leaf(int k, SectionSteps.Statement st, List<OutputModel> statements) {
    OutputModel body = statements.size() == 1 ? statements.get(0)
        : new NModel.Block(statements);
    String site = SafeText.shortened(SafeText.printable(st.first.op().mpiName() + " at "
        + st.first.site()));
    return new NModel.Commented(site, List.of(new NModel.If(Condition.anyOf(List.of(List.of(
        new Atom.Is(Expressions.var(STATEMENT), k)))), body)));
  }

  /** The leaves, in groups of consecutive numbers where there are many. */
  private static List<OutputModel> dispatch(List<OutputModel> leaves) {
    if (leaves.size() <= UNGROUPED) {
      return leaves;
    }
    int size = (int) Math.ceil(Math.sqrt(leaves.size()));
    List<OutputModel> out = new ArrayList<>();
    for (int from = 0; from < leaves.size(); from += size) {
      int to = Math.min(leaves.size(), from + size);
      Value stmt = Expressions.var(STATEMENT);
      out.add(new NModel.If(Condition.anyOf(List.of(List.of(new Atom.AtLeast(stmt, from + 1),
          new Atom.AtMost(stmt, to)))), new NModel.Block(leaves.subList(from, to))));
    }
    return out;
  }

  /**
   * How a step is one number: the statement, then each part some statement reads in a field of
   * {@code width[k]} decimal digits (0: left out).
   */
  record Layout(int[] width) {
    long pack(int statement, SectionSteps steps, int i) {
      long v = statement;
      for (int k = 1; k < width.length; k++) {
        if (width[k] > 0) {
          v = v * pow10(width[k]) + steps.part(i, k);
        }
      }
      return v;
    }

    /** The parts after part {@code k}: what part k's field is multiplied by. */
    private long below(int k) {
      long s = 1;
      for (int j = k + 1; j < width.length; j++) {
        s *= pow10(width[j]);
      }
      return s;
    }

    private static long pow10(int d) {
      long s = 1;
      for (int i = 0; i < d; i++) {
        s *= 10;
      }
      return s;
    }

    private List<Integer> present() {
      List<Integer> out = new ArrayList<>(List.of(0));
      for (int k = 1; k < width.length; k++) {
        if (width[k] > 0) {
          out.add(k);
        }
      }
      return out;
    }

    /** For people: {@code 1000 * stmt + 100 * caller + peer}. */
    String describe() {
      StringBuilder b = new StringBuilder();
      for (int k : present()) {
        long s = below(k);
        b.append(k == 0 ? "" : " + ").append(s == 1 ? "" : s + " * ").append(PARTS.get(k));
      }
      return b.toString();
    }

    /** The step, at {@code column} of {@code row}, read into {@code row}, then its parts. */
    List<NModel.Binding> bindings(String file, Value column, Value line) {
      NModel.Cell cell = new NModel.Cell(file, column, line);
      List<Integer> parts = present();
      if (parts.size() == 1) {
        return List.of(new NModel.Binding(STATEMENT, cell));
      }
      List<NModel.Binding> out = new ArrayList<>(List.of(new NModel.Binding(ROW, cell)));
      Value row = Expressions.var(ROW);
      for (int k : parts) {
        long s = below(k);
        Value v = s == 1 ? row : Expressions.div(row, s);
        if (k > 0) {
          v = Expressions.mod(v, Expressions.lit(pow10(width[k])));
        }
        out.add(new NModel.Binding(PARTS.get(k), v));
      }
      return out;
    }
  }
}
