package org.benchgen.ir.format;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.benchgen.ir.ChoiceTable;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.ComputeStat;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Histogram;
import org.benchgen.ir.IntRuns;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.SiteFrame;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;

/**
 * Writes the compressed trace text format (docs/compressed-format.md). The output is canonical:
 * what {@link CompressedTraceReader} reads back writes the same bytes.
 */
public final class CompressedTraceWriter {
  public static final String FORMAT = "benchgen-compressed";
  public static final int VERSION = 1;

  private final ValueText values;
  private final StringBuilder b = new StringBuilder();
  /** The ranks of the enclosing loop (the world's at the top): nodes write only what differs. */
  private RankList parent;
  private int depth;
  /** The call line above the one being written, once there is one. */
  private Optional<LineAbove> above = Optional.empty();

  private final RankList world;
  /** The choice tables the values use, in order of first use: written as 1, 2, 3... */
  private final List<ChoiceTable> choices;

  private CompressedTraceWriter(CompressedTrace t) {
    this.choices = ChoiceLines.used(t);
    Map<ChoiceTable, Integer> numbers = new IdentityHashMap<>();
    choices.forEach(c -> numbers.put(c, numbers.size() + 1));
    this.values = new ValueText(t.symbols(), numbers::get);
    this.world = RankList.range(0, t.worldSize());
    this.parent = world;
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

  /**
   * Writes {@code t}, after checking it as the reader would ({@link CompressedTraceChecks}): a
   * trace that breaks the format's limits is refused rather than written unreadable.
   */
  public static void write(CompressedTrace t, Writer out) throws IOException {
    write(t, out, true);
  }

  /**
   * {@code t}'s text without shared blocks, whatever its size: each call with its own times at
   * the digits written. Choice sections are formed from this, before the blocks, as the tracer
   * forms them in the job (docs/compression.md, "Choice sections").
   */
  public static String unsharedText(CompressedTrace t) {
    StringWriter w = new StringWriter();
    try {
      write(t, w, false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  private static void write(CompressedTrace t, Writer out, boolean blocks) throws IOException {
    try {
      CompressedTraceChecks.check(t);
    } catch (TraceProblem e) {
      throw new TraceProblem("the compressed trace would not be readable, so it is not written: "
          + e.getMessage());
    }
    // Blocks pool times: pool them as the file holds them, so that a trace compressed in memory
    // and the same trace read from its file give the same bytes.
    CompressedTrace shown = blocks && SharedBlocks.looksFor(t.body()) ? AsWritten.of(t) : t;
    CompressedTraceWriter w = new CompressedTraceWriter(shown);
    w.writeTrace(shown, blocks ? w.blocks(shown) : SharedBlocks.none(shown.body()), out);
  }

  private SharedBlocks.Result blocks(CompressedTrace t) {
    return SharedBlocks.of(t.body(), this::callText, this::loopText);
  }

  private void writeTrace(CompressedTrace t, SharedBlocks.Result shared, Writer out)
      throws IOException {
    out.write(FORMAT + " " + VERSION + "\n");
    out.write("world " + t.worldSize() + "\n");
    for (CommDef c : t.comms()) {
      out.write("comm " + c.id() + " members="
          + IntRuns.format(c.members().stream().mapToInt(Integer::intValue).toArray())
          + (c.isInter() ? " remote=" + IntRuns.format(c.remote().stream()
              .mapToInt(Integer::intValue).toArray()) : "") + "\n");
    }
    for (Map.Entry<String, List<SiteFrame>> e : t.sites().frames().entrySet()) {
      out.write(SiteLines.line(e.getKey(), e.getValue()) + "\n");
    }
    for (int i = 0; i < choices.size(); i++) {
      out.write(checkedLines(new StringBuilder(ChoiceLines.lines(choices.get(i), i + 1))));
    }
    for (SharedBlocks.Block block : shared.blocks()) {
      // A block's ranks are written as at the top: it has no one place.
      b.append("block ").append(block.id()).append(" {\n");
      depth++;
      items(block.body());
      depth--;
      b.append("}\n");
      out.write(checkedLines(b));
      b.setLength(0);
    }
    // A top-level item at a time, so the text in memory stays that of one node.
    for (Item it : shared.body()) {
      item(it);
      out.write(checkedLines(b));
      b.setLength(0);
    }
  }

  /**
   * {@code text}, whose lines the reader would take: none longer than
   * {@link TraceLimits#MAX_COMPRESSED_LINE} (benchgen never writes a file it would refuse).
   */
  private static String checkedLines(StringBuilder text) {
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || text.charAt(i) == '\n') {
        if (i - start > TraceLimits.MAX_COMPRESSED_LINE) {
          throw new TraceProblem("the compressed trace would not be readable, so it is not"
              + " written: a line of " + (i - start) + " characters, over the "
              + TraceLimits.MAX_COMPRESSED_LINE + " of TraceLimits.MAX_COMPRESSED_LINE");
        }
        start = i + 1;
      }
    }
    return text.toString();
  }

  private void indent(int extra) {
    for (int i = 0; i < depth + extra; i++) {
      b.append("  ");
    }
  }

  private void items(List<Item> items) {
    items.forEach(this::item);
  }

  private void item(Item it) {
    if (it instanceof Item.Call c) {
      call(c.rsd());
    } else if (it instanceof Item.Rep r) {
      loop(r.loop(), r.body());
    } else {
      Item.Use u = (Item.Use) it;
      indent(0);
      b.append("use ").append(u.block()).append(" n=").append(u.calls()).append('\n');
    }
  }

  /**
   * {@code r}'s call line without shorthands, its ranks as at the top: what tells calls apart
   * for {@link SharedBlocks}, the same for a trace in memory and one read from its file.
   */
  private String callText(Rsd r) {
    StringBuilder t = new StringBuilder();
    callLine(t, r, world, false, new LinkedHashMap<>());
    return t.toString();
  }

  /** A loop's line without its body, ranks as at the top (for {@link SharedBlocks}). */
  private String loopText(Loop l) {
    StringBuilder t = new StringBuilder();
    loopLine(t, l, world);
    return t.toString();
  }

  /** {@code loop [ranks=R] trips=T}, ranks written where they are not {@code parent}'s. */
  private void loopLine(StringBuilder t, Loop l, RankList parent) {
    t.append("loop");
    ranks(t, l.ranks(), parent);
    t.append(" trips=");
    param(t, l.trips(), FieldKind.INT, false, l.ranks());
  }

  private void loop(Loop l, List<Item> body) {
    indent(0);
    loopLine(b, l, parent);
    b.append(" {\n");
    RankList outer = parent;
    parent = l.ranks();
    depth++;
    items(body);
    depth--;
    parent = outer;
    indent(0);
    b.append("}\n");
  }

  /**
   * {@code MPI_X site=S [ranks=R] key=P ...}, ranks written where they are not {@code parent}'s;
   * with {@code shorthands}, a peer field as {@code ^FIELD} where {@link #samePeers} allows.
   * Each peer field's full text goes into {@code peers}.
   */
  private void callLine(StringBuilder t, Rsd r, RankList parent, boolean shorthands,
      Map<String, String> peers) {
    t.append(r.op().mpiName()).append(" site=").append(Names.encode(r.site()));
    ranks(t, r.ranks(), parent);
    List<Field> fields = r.op().fields();
    for (int i = 0; i < fields.size(); i++) {
      Param p = r.params().get(i);
      if (!p.isAbsent()) {
        Field f = fields.get(i);
        t.append(' ').append(f.key()).append('=');
        if (f.isPeer()) {
          StringBuilder text = new StringBuilder();
          param(text, p, f.kind(), true, r.ranks());
          t.append(shorthands ? samePeers(text.toString()) : text);
          peers.put(f.key(), text.toString());
        } else {
          param(t, p, f.kind(), false, r.ranks());
        }
      }
    }
  }

  private void call(Rsd r) {
    indent(0);
    Map<String, String> peers = new LinkedHashMap<>();
    callLine(b, r, parent, true, peers);
    b.append('\n');
    for (ComputeStat c : r.compute()) {
      String after = after(c.after());
      if (c.classes().isEmpty()) {
        indent(2);
        b.append("compute ").append(after);
        histogram(b, c.time());
        cpu(b, c.cpu());
      }
      for (ComputeStat.RankClass k : c.classes()) {
        indent(2);
        b.append("compute ").append(after).append(" ranks=")
            .append(k.ranks());
        histogram(b, k.time());
        cpu(b, k.cpu());
      }
    }
    indent(2);
    b.append("duration ");
    long n = r.duration().count();
    if (n == 0) {
      b.append("n=0");
    } else {
      // Within the reader's bound: a mean just below it may round above it.
      b.append(Decimals.mean(r.duration().mean(), 0, TraceLimits.MAX_TIME_NS));
      // The count is left out where the compute lines above count as many calls (all but a
      // rank's first have an interval before them): 3-4 % of a file's bytes (issue 21).
      if (n != ComputeStat.intervals(r.compute())) {
        b.append('*').append(n);
      }
    }
    b.append('\n');
    above = Optional.of(new LineAbove(r.site(), peers));
  }

  /**
   * A peer parameter's text, or {@code ^FIELD} where a peer field of the call line above has the
   * same text and that is shorter: a reply to the rank a message came from, an exchange's receive
   * and send (issue 21: the same value vector stored twice).
   */
  private String samePeers(String text) {
    for (Map.Entry<String, String> e : above.map(LineAbove::peers).orElse(Map.of()).entrySet()) {
      if (e.getValue().equals(text) && text.length() > e.getKey().length() + 1) {
        return "^" + e.getKey();
      }
    }
    return text;
  }

  /**
   * A compute line's call path: {@code ^} where it is the site of the call line above (a call
   * after the one before it, the commonest path: 4-8 % of a file's bytes in sites), else the
   * site itself (a site named {@code ^} escaped).
   */
  private String after(String site) {
    if (above.isPresent() && site.equals(above.get().site())) {
      return "^";
    }
    String s = Names.encode(site);
    return s.equals("^") ? "%5E" : s;
  }

  /** A compute line's mean CPU time, where the trace has it, at the precision of its mean. */
  private static void cpu(StringBuilder b, OptionalDouble cpu) {
    cpu.ifPresent(ns -> b.append(" cpu=").append(Decimals.mean(ns, 0, Long.MAX_VALUE)));
    b.append('\n');
  }

  private static void ranks(StringBuilder b, RankList ranks, RankList parent) {
    if (!ranks.equals(parent)) {
      b.append(" ranks=").append(ranks);
    }
  }

  private static void histogram(StringBuilder b, Histogram h) {
    if (h.count() > 0 && h.min() == h.max()) {
      // Every value the same: its mean, 0 deviation and one bin follow (and are read so).
      b.append(' ').append(h.min());
      if (h.count() > 1) {
        b.append('*').append(h.count());
      }
      return;
    }
    long binned = 0;
    for (Histogram.Bin bin : h.bins()) {
      binned += bin.count();
    }
    // The count is the bins' (issue 21); where it is not (no values), it is written.
    if (h.count() > 0 && binned == h.count()) {
      b.append(' ').append(h.min()).append("..").append(h.max());
    } else {
      b.append(" n=").append(h.count()).append(" min=").append(h.min()).append(" max=")
          .append(h.max());
    }
    b.append(" mean=").append(Decimals.mean(h.mean(), h.min(), h.max()))
        .append(" sd=").append(Decimals.sd(h.sd()))
        .append(" bins=");
    // A bin next to the one before is its count alone: 13:4,16 is 13:4,14:16.
    int previous = -2;
    for (int i = 0; i < h.bins().size(); i++) {
      Histogram.Bin bin = h.bins().get(i);
      b.append(i == 0 ? "" : ",");
      if (bin.log2() != previous + 1) {
        b.append(bin.log2()).append(':');
      }
      b.append(bin.count());
      previous = bin.log2();
    }
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
