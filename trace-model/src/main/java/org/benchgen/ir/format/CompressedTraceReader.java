package org.benchgen.ir.format;

import static org.benchgen.ir.format.Tokens.doubleValue;
import static org.benchgen.ir.format.Tokens.longValue;
import static org.benchgen.ir.format.Tokens.value;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.benchgen.ir.CallTime;
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
import org.benchgen.ir.SiteFrame;
import org.benchgen.ir.SiteTable;
import org.benchgen.ir.VNode;
import org.benchgen.ir.VNodes;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;

/** Reads the compressed trace text format (docs/compressed-format.md), with file:line errors. */
public final class CompressedTraceReader {
  private final Path file;
  /** The table of the trace being read: its names and lists are interned here. */
  private final SymbolTable symbols = new SymbolTable();
  /** What the lines must respect beyond their syntax; it knows the world and communicators. */
  private final CompressedTraceChecks checks = new CompressedTraceChecks(symbols);
  private long lineNo;

  private CompressedTraceReader(Path file) {
    this.file = file;
  }

  /** Reads a compressed trace; {@code file} names it in errors. */
  public static CompressedTrace read(Path file, Reader in) throws IOException {
    return new CompressedTraceReader(file).parse(new BoundedLines(file, in));
  }

  /**
   * A node being read: a loop collects its body until its closing brace, and so does a shared
   * block's definition ({@code block} is its number, 0 for a loop).
   */
  private record Open(RankList ranks, Param trips, List<Node> body, long runsInside, int block) {}

  /** The choice tables defined so far, for the {@code $C.J} values that follow (issue 50). */
  private final ChoiceLines choices = new ChoiceLines();

  /** The shared blocks defined so far, for the uses that follow ({@link BlockUses}). */
  private final BlockUses blocks = new BlockUses();

  private CompressedTrace parse(BoundedLines in) throws IOException {
    String header = in.next();
    lineNo = 1;
    String expected = CompressedTraceWriter.FORMAT + " " + CompressedTraceWriter.VERSION;
    if (header == null || !header.trim().startsWith(CompressedTraceWriter.FORMAT + " ")) {
      throw new TraceFormatException(file, 1, "not a compressed trace: the first line must be '"
          + expected + "' (for a directory of per-rank streams, pass the directory)");
    }
    if (!header.trim().equals(expected)) {
      throw new TraceFormatException(file, 1, "unsupported version: '" + header.trim()
          + "' (this benchgen reads '" + expected + "')");
    }
    List<CommDef> comms = new ArrayList<>();
    Map<String, List<SiteFrame>> sites = new HashMap<>();
    Deque<Open> stack = new ArrayDeque<>();
    List<Node> top = new ArrayList<>();
    Rsd last = null;
    ComputeLines lastCompute = new ComputeLines();
    String line;
    while ((line = in.next()) != null) {
      lineNo++;
      String s = line.strip();
      if (s.isEmpty() || s.startsWith("#")) {
        continue;
      }
      try {
        String[] tok = s.split(" ");
        if (tok[0].equals("compute") || tok[0].equals("duration")) {
          if (last == null) {
            throw new TraceProblem("'" + tok[0] + "' must follow an MPI call line");
          }
          boolean compute = tok[0].equals("compute");
          Optional<RankList> classRanks = compute && tok.length > 2
              && tok[2].startsWith("ranks=")
              ? Optional.of(RankList.parse(value(tok[2], "ranks"), checks.world()))
              : Optional.empty();
          int from = compute ? 2 + (classRanks.isPresent() ? 1 : 0) : 1;
          OptionalDouble cpu = compute && tok.length > from && tok[tok.length - 1]
              .startsWith("cpu=") ? OptionalDouble.of(CompressedTraceChecks.cpu(doubleValue(
                  tok[tok.length - 1], "cpu"))) : OptionalDouble.empty();
          List<Node> into = stack.isEmpty() ? top : stack.peek().body();
          if (compute) {
            if (blocks.defining()) {
              blocks.computeLine();
            }
            // The path's site, written alone (a name never holds '='), or after= in files
            // written before issue 21; ^ is the site of the call line above this call's.
            String site = tok.length < 2 ? "" : tok[1].startsWith("after=") ? tok[1].substring(6)
                : tok[1].contains("=") ? "" : tok[1];
            if (site.isEmpty()) {
              throw new TraceProblem("compute needs its call path's SITE first"
                  + (tok.length < 2 ? "" : ", found '" + tok[1] + "'"));
            }
            if (from >= tok.length - (cpu.isPresent() ? 1 : 0)) {
              throw new TraceProblem("compute " + tok[1] + " needs its times: MIN..MAX mean= sd="
                  + " bins=, V or V*N");
            }
            Histogram h = TimeLines.histogram(tok, from, tok.length - (cpu.isPresent() ? 1 : 0));
            CompressedTraceChecks.histogram(tok[0], h);
            String after = site.equals("^") ? before.orElseThrow(() -> new TraceProblem(
                "^ names the call line above this call's, and there is none")).site()
                : Names.decode(site);
            lastCompute.add(after, classRanks, h, cpu);
          } else {
            into.set(into.size() - 1, new Rsd(last.op(), last.site(), last.ranks(),
                last.params(), lastCompute.stats(), TimeLines.callTime(tok, lastCompute.count())));
            last = null;
          }
          continue;
        }
        if (last != null) {
          throw new TraceProblem("the call before this line has no 'duration' line");
        }
        if (tok[0].equals("world")) {
          checks.world(longValue(tok.length == 2 ? tok[1] : "", "world size"));
          continue;
        }
        if (checks.world() < 0) {
          throw new TraceProblem("'world N' must come before "
              + (List.of("comm", "loop", "}").contains(tok[0]) ? "'" + tok[0] + "'"
                  : "the first call"));
        }
        RankList parent = stack.isEmpty() ? RankList.range(0, checks.world())
            : stack.peek().ranks();
        List<Node> into = stack.isEmpty() ? top : stack.peek().body();
        switch (tok[0]) {
          case "comm" -> comms.add(comm(tok));
          case "site" -> {
            if (!stack.isEmpty() || !top.isEmpty()) {
              throw new TraceProblem("a site line comes before the first call");
            }
            if (sites.putIfAbsent(SiteLines.site(tok), SiteLines.frames(tok)) != null) {
              throw new TraceProblem("site " + tok[1] + " is described twice");
            }
          }
          case "choice", "column" -> {
            if (!stack.isEmpty() || !top.isEmpty()) {
              throw new TraceProblem("a " + tok[0] + " line comes before the first call");
            }
            if (tok[0].equals("choice")) {
              choices.choice(tok);
            } else {
              choices.column(tok);
            }
          }
          case "loop" -> {
            CompressedTraceChecks.loopDepth(loops(stack) + 1);
            if (blocks.defining()) {
              blocks.line(s.length());
            }
            stack.push(loop(tok, parent, runs(stack)));
          }
          case "block" -> {
            if (!stack.isEmpty() || !top.isEmpty()) {
              throw new TraceProblem("a block is defined at the top, before the first call (not"
                  + " inside a loop or a block)");
            }
            // Its ranks are as at the top; how often it runs, its uses say (checked at the end).
            stack.push(new Open(parent, Param.none(), new ArrayList<>(), Long.MAX_VALUE,
                blocks.define(tok)));
          }
          case "use" -> into.addAll(blocks.use(tok, loops(stack)));
          case "}" -> {
            if (stack.isEmpty()) {
              throw new TraceProblem("'}' closes no loop or block");
            }
            Open o = stack.pop();
            if (o.block() > 0) {
              blocks.close(o.block(), o.body());
            } else {
              (stack.isEmpty() ? top : stack.peek().body()).add(new Loop(o.ranks(), o.trips(),
                  o.body()));
            }
          }
          default -> {
            if (blocks.defining()) {
              blocks.line(s.length());
            }
            last = rsd(tok, parent, runs(stack));
            lastCompute = new ComputeLines();
            into.add(last);
          }
        }
      } catch (TraceFormatException e) {
        throw e;
      } catch (TraceProblem | IllegalArgumentException e) {
        throw new TraceFormatException(file, lineNo, e.getMessage());
      }
    }
    if (last != null) {
      throw new TraceFormatException(file, lineNo, "the last call has no 'duration' line");
    }
    if (!stack.isEmpty()) {
      int block = stack.peekLast().block();
      throw new TraceFormatException(file, lineNo, "unexpected end of file: " + (block > 0
          ? "block " + block + " not closed with '}'" + (stack.size() > 1 ? " (nor "
              + (stack.size() - 1) + " loop(s) in it)" : "")
          : stack.size() + " loop(s) not closed with '}'"));
    }
    if (checks.world() < 0) {
      throw new TraceFormatException(file, lineNo, "no 'world N' line");
    }
    CompressedTrace t = new CompressedTrace(checks.world(), comms, top, symbols,
        new SiteTable(sites));
    if (blocks.used()) {
      // A block's lines were checked without knowing how often its uses run it.
      try {
        CompressedTraceChecks.check(t);
      } catch (TraceProblem e) {
        throw new TraceFormatException(file, lineNo, "with its shared blocks in place: "
            + e.getMessage());
      }
    }
    return t;
  }

  private CommDef comm(String[] tok) {
    if (tok.length != 3 && tok.length != 4) {
      throw new TraceProblem("expected 'comm ID members=...' (and 'remote=...')");
    }
    long id = longValue(tok[1], "comm id");
    List<Integer> m = new ArrayList<>();
    for (int x : IntRuns.parse(value(tok[2], "members"), checks.world())) {
      m.add(x);
    }
    List<Integer> remote = new ArrayList<>();
    if (tok.length == 4) {
      for (int x : IntRuns.parse(value(tok[3], "remote"), checks.world())) {
        remote.add(x);
      }
    }
    CommDef c = new CommDef(id, m, remote);
    checks.comm(c);
    return c;
  }

  /** How many loops are open (a block being defined is not one). */
  private static int loops(Deque<Open> stack) {
    return (int) stack.stream().filter(o -> o.block() == 0).count();
  }

  /** How often a node at this point runs at most on a rank. */
  private static long runs(Deque<Open> stack) {
    return stack.isEmpty() ? 1 : stack.peek().runsInside();
  }

  private Open loop(String[] tok, RankList parent, long entered) {
    RankList ranks = parent;
    int i = 1;
    if (i < tok.length && tok[i].startsWith("ranks=")) {
      ranks = RankList.parse(value(tok[i++], "ranks"), checks.world());
    }
    if (i + 2 != tok.length || !tok[i + 1].equals("{")) {
      throw new TraceProblem("expected 'loop [ranks=R] trips=T {'");
    }
    Param trips = param(value(tok[i], "trips"), FieldKind.INT, false, ranks);
    checks.trips(trips, ranks, entered);
    return new Open(ranks, trips, new ArrayList<>(),
        CompressedTraceChecks.runsInside(trips, entered), 0);
  }

  /** The last call line read, and the one above it: what the shorthands of the next lines name. */
  private Optional<LineAbove> lastLine = Optional.empty();
  private Optional<LineAbove> before = Optional.empty();

  private Rsd rsd(String[] tok, RankList parent, long runs) {
    Op op = Op.forName(tok[0]).orElseThrow(() -> new TraceProblem("unknown call or keyword '"
        + tok[0] + "'"));
    if (tok.length < 2) {
      throw new TraceProblem(op.mpiName() + " needs site=");
    }
    String site = Names.decode(value(tok[1], "site"));
    int i = 2;
    RankList ranks = parent;
    if (i < tok.length && tok[i].startsWith("ranks=")) {
      ranks = RankList.parse(value(tok[i++], "ranks"), checks.world());
    }
    List<Param> params = new ArrayList<>();
    for (int k = 0; k < op.fields().size(); k++) {
      params.add(Param.none());
    }
    Map<String, String> peers = new HashMap<>();
    for (; i < tok.length; i++) {
      int eq = tok[i].indexOf('=');
      Field f = eq < 0 ? null : Field.forKey(tok[i].substring(0, eq)).orElse(null);
      if (f == null || !op.has(f)) {
        throw new TraceProblem(op.mpiName() + " has no field '" + tok[i] + "'");
      }
      String text = tok[i].substring(eq + 1);
      if (f.isPeer() && text.startsWith("^")) {
        // ^FIELD: the text of that peer field on the call line above (the writer's shorthand).
        String from = text.substring(1);
        text = lastLine.map(l -> l.peers().get(from)).orElse(null);
        if (text == null) {
          throw new TraceProblem(f.key() + "=^" + from + ": the call line above has no peer field"
              + " '" + from + "'");
        }
      }
      if (f.isPeer()) {
        peers.put(f.key(), text);
      }
      params.set(op.slot(f), param(text, f.kind(), f.isPeer(), ranks));
    }
    before = lastLine;
    lastLine = Optional.of(new LineAbove(site, peers));
    Rsd r = new Rsd(op, site, ranks, params, List.of(), CallTime.NONE);
    checks.rsd(r, runs);
    return r;
  }

  private Param param(String text, FieldKind kind, boolean peer, RankList nodeRanks) {
    List<ParamEntry> entries = new ArrayList<>();
    for (String entry : text.split(";", -1)) {
      int at = entry.lastIndexOf('@');
      RankList ranks = at < 0 ? nodeRanks
          : RankList.parse(entry.substring(at + 1), checks.world());
      String seqText = at < 0 ? entry : entry.substring(0, at);
      if (seqText.startsWith("$")) {
        // A column of a choice table: peers in it are communicator ranks.
        ValueSeq col = choices.reference(seqText);
        entries.add(new ParamEntry(peer ? new EntryValues.Absolute(col)
            : new EntryValues.Plain(col), ranks));
        continue;
      }
      SeqParser p = new SeqParser(seqText, kind, peer);
      ValueSeq seq = p.parseAll();
      EntryValues v = !peer ? new EntryValues.Plain(seq)
          : p.sawRelative ? new EntryValues.Relative(seq) : new EntryValues.Absolute(seq);
      entries.add(new ParamEntry(v, ranks));
    }
    return new Param(entries);
  }

  /**
   * Recursive descent over {@code item(,item)*}, item = scalar[*N] | (seq)*N, as deep as
   * {@link org.benchgen.trace.TraceLimits#MAX_VALUE_DEPTH} repetitions.
   */
  private final class SeqParser {
    private final String s;
    private final FieldKind kind;
    private final boolean peer;
    private int pos;
    /** Repetitions around the item being read. */
    private int depth;
    boolean sawRelative;
    boolean sawAbsolute;

    SeqParser(String s, FieldKind kind, boolean peer) {
      this.s = s;
      this.kind = kind;
      this.peer = peer;
    }

    ValueSeq parseAll() {
      List<VNode> nodes = seq();
      if (pos != s.length()) {
        throw new TraceProblem("unexpected '" + s.charAt(pos) + "' in value '" + s + "'");
      }
      if (sawRelative && sawAbsolute) {
        throw new TraceProblem("value '" + s + "' mixes relative (+k) and absolute peers");
      }
      return new ValueSeq(nodes);
    }

    private List<VNode> seq() {
      // Compact as it is read: a sequence may hold millions of values (VNodes).
      VNodes.Builder out = new VNodes.Builder();
      do {
        out.add(item());
      } while (pos < s.length() && s.charAt(pos) == ',' && ++pos > 0);
      return out.build();
    }

    private VNode item() {
      VNode n;
      if (pos < s.length() && s.charAt(pos) == '(') {
        pos++;
        CompressedTraceChecks.valueDepth(++depth);
        List<VNode> body = seq();
        depth--;
        if (pos >= s.length() || s.charAt(pos) != ')') {
          throw new TraceProblem("missing ')' in value '" + s + "'");
        }
        pos++;
        if (pos >= s.length() || s.charAt(pos) != '*') {
          throw new TraceProblem("a parenthesized group needs '*N' in value '" + s + "'");
        }
        return VNode.Rep.of(body, times());
      }
      n = new VNode.Leaf(scalar());
      if (pos < s.length() && s.charAt(pos) == '*') {
        CompressedTraceChecks.valueDepth(depth + 1);
        return VNode.Rep.of(List.of(n), times());
      }
      return n;
    }

    private long times() {
      pos++;
      int start = pos;
      while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        pos++;
      }
      long t = longValue(s.substring(start, pos), "repetition count");
      if (t < 1) {
        throw new TraceProblem("repetition count must be at least 1 in '" + s + "'");
      }
      return t;
    }

    private long scalar() {
      int start = pos;
      if (pos < s.length() && s.charAt(pos) == '[') {
        int close = s.indexOf(']', pos);
        if (close < 0) {
          throw new TraceProblem("missing ']' in value '" + s + "'");
        }
        pos = close + 1;
        String inner = s.substring(start + 1, close);
        String[] parts = inner.isEmpty() ? new String[0] : inner.split(",", -1);
        long[] l = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
          l[i] = number(parts[i], kind == FieldKind.LIST ? FieldKind.INT : kind);
        }
        return symbols.list(l);
      }
      while (pos < s.length() && ",()*".indexOf(s.charAt(pos)) < 0) {
        pos++;
      }
      String t = s.substring(start, pos);
      if (t.isEmpty()) {
        throw new TraceProblem("empty value in '" + s + "'");
      }
      if (t.equals("-")) {
        return Sym.ABSENT.code();
      }
      if (kind == FieldKind.NAME) {
        return symbols.name(Names.decode(t));
      }
      if (peer && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
        sawRelative = true;
        return longValue(t.charAt(0) == '+' ? t.substring(1) : t, "relative peer");
      }
      long v = number(t, kind);
      if (peer && !Sym.isSymbol(v)) {
        sawAbsolute = true;
      }
      return v;
    }

    private static long number(String t, FieldKind kind) {
      if (!t.isEmpty() && Character.isUpperCase(t.charAt(0))) {
        for (Sym sym : Sym.values()) {
          if (sym.text().equals(t) && kind.symbols().contains(sym)) {
            return sym.code();
          }
        }
        throw new TraceProblem("'" + t + "' is not a valid value here");
      }
      return longValue(t, "number");
    }
  }
}
