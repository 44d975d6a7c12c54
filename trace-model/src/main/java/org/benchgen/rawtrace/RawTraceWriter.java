package org.benchgen.rawtrace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongFunction;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceLimits;
import org.benchgen.trace.TraceProblem;
import org.benchgen.trace.TraceSyntax;

/** Writes one rank's stream in the {@code benchgen-trace 1} format (docs/trace-format.md). */
public final class RawTraceWriter implements Closeable {
  /** Each field's {@code " key="}, made once (an event line has about ten). */
  private static final String[] KEYS = java.util.Arrays.stream(Field.values())
      .map(f -> " " + f.key() + "=").toArray(String[]::new);
  /** Where the text goes: a Writer, or (faster: no chars in between) bytes, UTF-8. */
  private final Writer out;
  private final OutputStream bytes;
  private final SymbolTable symbols;
  private final StringBuilder line = new StringBuilder(256);

  /** Writes the header of {@code rank}'s stream; events' names are looked up in {@code symbols}. */
  public RawTraceWriter(Writer out, int rank, int size, SymbolTable symbols) throws IOException {
    this(out, null, rank, size, symbols);
  }

  /**
   * The same, writing the stream's bytes (UTF-8) to {@code out}, which should be buffered: an
   * event's line goes from the builder to the stream as bytes, never as chars (a third of the
   * time of an OTF2 import went to that).
   */
  public RawTraceWriter(OutputStream out, int rank, int size, SymbolTable symbols)
      throws IOException {
    this(null, out, rank, size, symbols);
  }

  private RawTraceWriter(Writer out, OutputStream bytes, int rank, int size,
      SymbolTable symbols) throws IOException {
    this.out = out;
    this.bytes = bytes;
    this.symbols = symbols;
    write("# " + TraceSyntax.FORMAT + " " + TraceSyntax.VERSION + " rank=" + rank + " size="
        + size + "\n");
  }

  private void write(String s) throws IOException {
    if (bytes != null) {
      bytes.write(s.getBytes(StandardCharsets.UTF_8));
    } else {
      out.write(s);
    }
  }

  public void comment(String text) throws IOException {
    for (String l : text.split("\n", -1)) {
      write("# " + l + "\n");
    }
  }

  /** A {@code comm} definition: world ranks in communicator order. */
  public void comm(long id, List<Integer> members) throws IOException {
    comm(id, members, List.of());
  }

  /** The same with an intercommunicator's remote group ({@code remote}; empty: intra). */
  public void comm(long id, List<Integer> members, List<Integer> remote) throws IOException {
    line.setLength(0);
    line.append("comm id=").append(id).append(" members=");
    for (int i = 0; i < members.size(); i++) {
      line.append(i == 0 ? "" : ",").append(members.get(i));
    }
    for (int i = 0; i < remote.size(); i++) {
      line.append(i == 0 ? " remote=" : ",").append(remote.get(i));
    }
    write(checked(line).append('\n').toString());
  }

  public void event(RawEvent e) throws IOException {
    line.setLength(0);
    append(line, e, symbols::name);
    write(checked(line).append('\n').toString());
  }

  /**
   * A line the reader takes: at most {@link TraceLimits#MAX_RAW_LINE} bytes (names are
   * percent-encoded ASCII, a character a byte), so that no stream is written that would be refused.
   */
  private static StringBuilder checked(StringBuilder line) {
    if (line.length() >= TraceLimits.MAX_RAW_LINE) {
      throw new TraceProblem("a line of " + line.length() + " bytes, over the "
          + TraceLimits.MAX_RAW_LINE + " of TraceLimits.MAX_RAW_LINE: the stream would not be"
          + " readable, so it is not written");
    }
    return line;
  }

  @Override
  public void close() throws IOException {
    if (bytes != null) {
      bytes.close();
    } else {
      out.close();
    }
  }

  /** One event as its line (without the newline), its names given by {@code names}. */
  public static String format(RawEvent e, LongFunction<String> names) {
    StringBuilder b = new StringBuilder(128);
    append(b, e, names);
    return b.toString();
  }

  private static void append(StringBuilder b, RawEvent e, LongFunction<String> names) {
    b.append(e.op().mpiName()).append(" site=").append(Names.encode(e.site()))
        .append(" enter=").append(e.enter()).append(" exit=").append(e.exit());
    List<Field> fields = e.op().fields();
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      if (!e.isPresent(f)) {
        continue;
      }
      b.append(KEYS[f.ordinal()]);
      if (f.kind().isList()) {
        long[] l = e.lists()[i];
        for (int j = 0; j < l.length; j++) {
          if (j > 0) {
            b.append(',');
          }
          appendScalar(b, f.kind(), l[j], names);
        }
      } else {
        appendScalar(b, f.kind(), e.values()[i], names);
      }
    }
    if (e.hasCpu()) {
      b.append(" cpu=").append(e.cpu());
    }
  }

  /**
   * A scalar in raw-stream syntax: a symbol's text, a name (given by {@code names})
   * percent-encoded,
   * else the number.
   */
  public static void appendScalar(StringBuilder b, FieldKind kind, long v,
      LongFunction<String> names) {
    if (Sym.isSymbol(v)) {
      b.append(Sym.of(v).text());
    } else if (kind == FieldKind.NAME) {
      b.append(Names.encode(names.apply(v)));
    } else {
      b.append(v);
    }
  }
}
