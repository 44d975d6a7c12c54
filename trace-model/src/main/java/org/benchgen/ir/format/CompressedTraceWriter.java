package org.benchgen.ir.format;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.IntRuns;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.SymbolTable;

/**
 * Writes the compressed trace text format (docs/compressed-format.md). The output is canonical: what
 * {@link CompressedTraceReader} reads back writes the same bytes.
 */
public final class CompressedTraceWriter {
  public static final String FORMAT = "benchgen-compressed";
  public static final int VERSION = 1;

  private final ValueText values;

  private CompressedTraceWriter(SymbolTable symbols) {
    this.values = new ValueText(symbols);
  }

  public static String toString(CompressedTrace t) {
    StringWriter w = new StringWriter();
    try {
      write(t, w);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  public static void write(CompressedTrace t, Writer out) throws IOException {
    new CompressedTraceWriter(t.symbols()).writeTrace(t, out);
  }

  private void writeTrace(CompressedTrace t, Writer out) throws IOException {
    out.write(FORMAT + " " + VERSION + "\n");
    out.write("world " + t.worldSize() + "\n");
    for (CommDef c : t.comms()) {
      out.write("comm " + c.id() + " members="
          + IntRuns.format(c.members().stream().mapToInt(Integer::intValue).toArray()) + "\n");
    }
    StringBuilder b = new StringBuilder();
    RankList all = RankList.range(0, t.worldSize());
    for (Node n : t.body()) {
      node(b, n, all, 0);
      out.write(b.toString());
      b.setLength(0);
    }
  }

  private static void indent(StringBuilder b, int depth) {
    for (int i = 0; i < depth; i++) {
      b.append("  ");
    }
  }

  private void node(StringBuilder b, Node n, RankList parent, int depth) {
    indent(b, depth);
    if (n instanceof Loop l) {
      b.append("loop");
      ranks(b, l.ranks(), parent);
      b.append(" trips=");
      param(b, l.trips(), FieldKind.INT, false, l.ranks());
      b.append(" {\n");
      for (Node c : l.body()) {
        node(b, c, l.ranks(), depth + 1);
      }
      indent(b, depth);
      b.append("}\n");
      return;
    }
    Rsd r = (Rsd) n;
    b.append(r.op().mpiName()).append(" site=").append(Names.encode(r.site()));
    ranks(b, r.ranks(), parent);
    List<Field> fields = r.op().fields();
    for (int i = 0; i < fields.size(); i++) {
      Param p = r.params().get(i);
      if (!p.isAbsent()) {
        Field f = fields.get(i);
        b.append(' ').append(f.key()).append('=');
        param(b, p, f.kind(), f.isPeer(), r.ranks());
      }
    }
    b.append('\n');
    for (ComputeStat c : r.compute()) {
      indent(b, depth + 2);
      b.append("compute after=").append(Names.encode(c.after()));
      histogram(b, c.time());
    }
    indent(b, depth + 2);
    b.append("duration");
    histogram(b, r.duration());
  }

  private static void ranks(StringBuilder b, RankList ranks, RankList parent) {
    if (!ranks.equals(parent)) {
      b.append(" ranks=").append(ranks);
    }
  }

  private static void histogram(StringBuilder b, Histogram h) {
    b.append(" n=").append(h.count()).append(" min=").append(h.min()).append(" max=")
        .append(h.max()).append(" mean=").append(h.mean()).append(" sd=").append(h.sd())
        .append(" bins=");
    for (int i = 0; i < h.bins().size(); i++) {
      Histogram.Bin bin = h.bins().get(i);
      b.append(i == 0 ? "" : ",").append(bin.log2()).append(':').append(bin.count());
    }
    b.append('\n');
  }

  private void param(StringBuilder b, Param p, FieldKind kind, boolean peer,
      RankList nodeRanks) {
    List<ParamEntry> entries = p.entries();
    for (int i = 0; i < entries.size(); i++) {
      ParamEntry e = entries.get(i);
      if (i > 0) {
        b.append(';');
      }
      values.seq(b, e.values().seq(), kind, e.values() instanceof EntryValues.Relative, "");
      if (entries.size() > 1 || !e.ranks().equals(nodeRanks)) {
        b.append('@').append(e.ranks());
      }
    }
  }
}
