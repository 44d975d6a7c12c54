package org.benchgen.query;

import java.io.IOException;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import org.benchgen.codegen.IrregularSections;
import org.benchgen.codegen.Regions;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Node;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.stats.RankBytes;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;
import org.benchgen.trace.PerThread;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.LoopPath;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.TraversalContext;
import org.duckdb.DuckDBAppender;

/**
 * Fills {@code calls}: every call of every rank, in order, through DuckDB's appender. A compressed
 * trace is expanded rank by rank ({@link Expander}: its times are the histograms' means); a
 * directory's streams are read as they are (the traced times) while the compressed trace made from
 * them is walked beside, call for call, for the loop each call is in. Bytes as {@code stats}
 * counts them ({@link RankBytes}).
 */
final class CallRows {
  private final TraceInput input;
  private final Regions regions;
  /** The irregular section of each top-level node inside one (by identity). */
  private final Map<Node, Integer> sectionOf = new IdentityHashMap<>();

  private final CommIds ids;

  CallRows(TraceInput input, CommIds ids) {
    this.input = input;
    this.ids = ids;
    CompressedTrace t = input.trace();
    this.regions = Regions.of(t, IrregularSections.spans(t));
    for (IrregularSections.Span s : regions.spans()) {
      for (Node n : t.body().subList(s.start(), s.end())) {
        sectionOf.put(n, regions.number(s));
      }
    }
  }

  /** Appends every rank's calls to {@code out}; {@code progress} takes the ranks done. */
  long fill(DuckDBAppender out, IntConsumer progress) throws IOException, SQLException {
    CompressedTrace t = input.trace();
    long[] world = new long[t.worldSize()];
    java.util.Arrays.setAll(world, i -> i);
    long rows = 0;
    Expander expander = new Expander(t);
    Communicators comms = new Communicators(t);
    for (int r = 0; r < t.worldSize(); r++) {
      Rank rank = new Rank(r, world, out);
      if (input instanceof TraceInput.Streams s) {
        rank.fromStream(s, comms);
      } else {
        rank.symbols = t.symbols();
        expander.walk(r, rank);
      }
      if (rank.failure != null) {
        throw rank.failure;
      }
      rows += rank.seq;
      progress.accept(r + 1);
    }
    return rows;
  }

  /** The loop region a step is in (docs/query.md): its innermost loop that is one, or section. */
  private Integer region(Step s) {
    Node top = s.rsd();
    for (LoopPath p = s.loops(); p instanceof LoopPath.In in; p = in.outer()) {
      var r = regions.region(in.loop());
      if (r.isPresent()) {
        return r.get().number();
      }
      top = in.loop();
    }
    return sectionOf.get(top);
  }

  /** One rank's calls: numbered, counted and appended. */
  private final class Rank implements Expander.StepSink {
    private final int rank;
    private final RankBytes bytes;
    private final DuckDBAppender out;
    SymbolTable symbols;
    long seq;
    SQLException failure;

    Rank(int rank, long[] world, DuckDBAppender out) {
      this.rank = rank;
      this.bytes = new RankBytes(rank, world);
      this.out = out;
    }

    /** Reads the rank's stream, walking the compressed trace beside it for each call's step. */
    void fromStream(TraceInput.Streams s, Communicators comms) throws IOException {
      TraversalContext ctx = new TraversalContext(s.trace(), rank, comms);
      symbols = new SymbolTable();
      RawTraceReader.read(s.dir().rankFiles().get(rank), symbols, new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {
          Rank.this.comm(id, members, remote);
        }

        @Override
        public void event(RawEvent e) {
          if (!ctx.hasNext()) {
            throw new TraceProblem(s.dir().rankFiles().get(rank) + ": the stream has more calls"
                + " than its compressed trace");
          }
          call(ctx.next(), e);
        }

        @Override
        public boolean keepsEvents() {
          return false;
        }
      });
    }

    @Override
    public void comm(long id, long[] members, long[] remote) {
      bytes.comm(id, members, remote);
    }

    @Override
    public void call(Step step, RawEvent e) {
      if (failure != null) {
        return;
      }
      try {
        append(step, e);
      } catch (SQLException x) {
        failure = x;
      }
      seq++;
    }

    private void append(Step step, RawEvent e) throws SQLException {
      Op op = e.op();
      long[] peers = bytes.peersOf(e);
      out.beginRow();
      out.append(rank);
      out.append((int) PerThread.thread(op, e.values()));
      out.append(seq);
      out.append(op.mpiName());
      out.append(op.kind().name().toLowerCase(Locale.ROOT));
      nullable(op.has(Field.COMM) ? e.get(Field.COMM) : Sym.ABSENT.code());
      for (Field f : new Field[] {Field.COMM, Field.NEWCOMM}) {
        if (op.has(f) && !Sym.isSymbol(e.get(f)) && !Sym.isSymbol(step.value(f))) {
          ids.learn(step.value(f), e.get(f));
        }
      }
      long peer = peer(e);
      if (peer >= 0 && peer < peers.length) {
        out.append((int) peers[(int) peer]);
      } else {
        out.appendNull();
      }
      long tag = e.get(Field.TAG);
      if (tag == Sym.ANY_TAG.code() && e.isPresent(Field.ATAG)) {
        tag = e.get(Field.ATAG);
      }
      if (Sym.isSymbol(tag)) {
        out.appendNull();
      } else {
        out.append((int) tag);
      }
      nullable(e.get(Field.COUNT));
      long type = e.get(Field.TYPE);
      if (Sym.isSymbol(type)) {
        out.appendNull();
      } else {
        out.append(symbols.name(type));
      }
      out.append(bytes.of(e));
      out.append(bytes.received(e));
      out.append(e.enter());
      out.append(e.exit());
      out.append(e.site());
      Integer region = region(step);
      if (region == null) {
        out.appendNull();
      } else {
        out.append(region.intValue());
      }
      if (step.loops() instanceof LoopPath.In in) {
        out.append(in.iteration());
      } else {
        out.appendNull();
      }
      nullable(op.has(Field.NEWCOMM) ? e.get(Field.NEWCOMM) : Sym.ABSENT.code());
      out.endRow();
    }

    private void nullable(long v) throws SQLException {
      if (Sym.isSymbol(v)) {
        out.appendNull();
      } else {
        out.append(v);
      }
    }

    /**
     * The peer of a call, a rank of its communicator: a send's destination, a receive's or
     * probe's source (the matched one for a wildcard, where recorded), a rooted collective's root;
     * -1 for none.
     */
    private long peer(RawEvent e) {
      Op op = e.op();
      OpKind k = op.kind();
      long p;
      if (k == OpKind.SEND || k == OpKind.SENDRECV || op.has(Field.DEST)) {
        p = e.get(Field.DEST);
      } else if (op.has(Field.SRC)) {
        p = e.get(Field.SRC);
        if (p == Sym.ANY_SOURCE.code() && e.isPresent(Field.ASRC)) {
          p = e.get(Field.ASRC);
        }
      } else if (op.isRooted()) {
        p = e.get(Field.ROOT);
      } else {
        return -1;
      }
      return Sym.isSymbol(p) ? -1 : p;
    }
  }
}
