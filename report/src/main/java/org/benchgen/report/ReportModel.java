package org.benchgen.report;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;

/**
 * The report's output model: each record is laid out by the template of its name in {@code
 * report.stg}. Strings are text (the renderer escapes them); {@link Markup} is the SVG of a chart.
 */
public sealed interface ReportModel extends OutputModel {
  /** The page: a verdict when two traces are compared, then each trace's column. */
  record Page(String title, List<Verdict> verdict, List<PathTable> paths,
      List<TraceView> traces, boolean sideBySide) implements ReportModel {
    public Page {
      verdict = List.copyOf(verdict);
      paths = List.copyOf(paths);
      traces = List.copyOf(traces);
    }
  }

  /** Two traces' call paths side by side, matched by their place in the program (issue 48). */
  record PathTable(List<PathRow> rows, List<String> notes) implements ReportModel {
    public PathTable {
      rows = List.copyOf(rows);
      notes = List.copyOf(notes);
    }
  }

  /** One call path: its calls, MPI time and compute before it in each trace ("—": absent). */
  record PathRow(String path, String callsA, String callsB, String mpiA, String mpiB,
      String computeA, String computeB, boolean differs) implements ReportModel {}

  /**
   * The verdict on two traces, with what differs; {@code grade} is its colour's CSS class
   * ({@link Grade}: green, amber or red).
   */
  record Verdict(String grade, String headline, List<String> details) implements ReportModel {
    public Verdict {
      details = List.copyOf(details);
    }
  }

  /** One trace's pictures and tables. */
  record TraceView(String name, List<Fact> facts, Markup times, Markup waits, String waitBasis,
      List<String> waitNotes, List<WaitRow> topWaits, Markup matrix, List<String> matrixNotes,
      Markup calls, Markup bytes, List<CallRow> callRows, List<HistogramView> histograms,
      List<TreeNode> tree, List<String> treeNotes, List<Markup> timeline, String timelineNote)
      implements ReportModel {
    public TraceView {
      facts = List.copyOf(facts);
      waitNotes = List.copyOf(waitNotes);
      topWaits = List.copyOf(topWaits);
      matrixNotes = List.copyOf(matrixNotes);
      treeNotes = List.copyOf(treeNotes);
      callRows = List.copyOf(callRows);
      histograms = List.copyOf(histograms);
      tree = List.copyOf(tree);
      timeline = List.copyOf(timeline);
    }
  }

  /** A line of the trace's summary. */
  record Fact(String label, String value) implements ReportModel {}

  /** Calls, bytes and waits of one MPI function over all ranks; {@code differs} is highlighted. */
  record CallRow(String op, String calls, String bytes, String lateSender, String collectiveWait,
      boolean differs) implements ReportModel {}

  /** One rank and MPI function's waits, among the longest. */
  record WaitRow(String rank, String op, String lateSender, String collectiveWait)
      implements ReportModel {}

  /** The compute-time histogram of one call path. */
  record HistogramView(String path, String summary, Markup chart) implements ReportModel {}

  /** A node of the loop structure: a loop (collapsible, with children) or a call. */
  record TreeNode(String label, List<TreeNode> children, boolean open) implements ReportModel {
    public TreeNode {
      children = List.copyOf(children);
    }
  }
}
