package org.benchgen.rawtrace;

import static org.benchgen.rawtrace.EventLayout.ENTER_AT;
import static org.benchgen.rawtrace.EventLayout.EXIT_AT;
import static org.benchgen.rawtrace.EventLayout.FIELDS_AT;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceProblem;
import org.benchgen.trace.TraceSyntax;
import org.benchgen.trace.WorldSize;

/**
 * Reads one rank's {@code benchgen-trace 1} stream (docs/trace-format.md), validating as it goes,
 * and hands definitions and events to a {@link Sink}. Byte-level parsing without regular
 * expressions or per-field strings: this is the hot path of compression. It reads in layers, one
 * object: {@link LineReader} frames lines, {@link TokenReader} reads values, {@link
 * EventLineParser} reads any event line and checks it ({@link StreamChecks}); this class reads the
 * header and definitions, and takes the fast path for a line that starts as predicted and is
 * written all in writers' order ({@link #parseInOrder}, with {@link LineStarts}).
 */
public final class RawTraceReader extends EventLineParser {
  /** Receives what the reader finds, in file order. May throw {@link TraceProblem}. */
  public interface Sink {
    /**
     * A communicator: its id and its members' world ranks; for an intercommunicator, this rank's
     * group and the remote group ({@code remote}, empty for an intracommunicator).
     */
    void comm(long id, long[] members, long[] remote);

    void event(RawEvent event);

    /**
     * One event, as the reader hands it over: by default as a {@link RawEvent}. A sink on the hot
     * path takes the parts here instead, so that no record is made per event.
     */
    default void event(Op op, String site, long enter, long exit, long cpu, long[] values,
        long[][] lists) {
      event(new RawEvent(op, site, enter, exit, values, lists, cpu));
    }

    /**
     * Whether this sink may keep an event (or its arrays) after {@link #event} returns. One that
     * copies what it needs says no, and the reader then reuses the arrays from event to event.
     */
    default boolean keepsEvents() {
      return true;
    }

    /**
     * Whether this sink numbers the stream's requests itself with {@link LiveRequests#encode},
     * which makes the same checks as the reader's: the reader then leaves them to it rather than
     * track every request twice (the compressor does so). Others say no, and the reader checks.
     */
    default boolean checksRequests() {
      return false;
    }
  }

  /** The header of a rank's stream. */
  public record Header(int rank, int size) {}

  private RawTraceReader(Path file, SymbolTable symbols) throws IOException {
    super(file, symbols);
  }

  /** Reads only the header of {@code file}. */
  public static Header readHeader(Path file) throws IOException {
    RawTraceReader r = new RawTraceReader(file, new SymbolTable());
    try (InputStream ignored = r.in) {
      if (!r.nextLine()) {
        throw new TraceFormatException(file, 1, "empty file: expected the header line '# "
            + TraceSyntax.FORMAT + " " + TraceSyntax.VERSION + " rank=R size=N'");
      }
      return r.parseHeader();
    }
  }

  /**
   * Reads all of {@code file} into {@code sink}, names interned in {@code symbols}; returns the
   * number of uncompressed bytes read.
   */
  public static long read(Path file, SymbolTable symbols, Sink sink) throws IOException {
    RawTraceReader r = new RawTraceReader(file, symbols);
    try (InputStream ignored = r.in) {
      r.readAll(sink);
      return r.bytesRead;
    }
  }

  private Header parseHeader() {
    String text = lineText().trim();
    String[] parts = text.split(" +");
    String expected = "'# " + TraceSyntax.FORMAT + " " + TraceSyntax.VERSION
        + " rank=R size=N'";
    if (parts.length < 3 || !parts[0].equals("#") || !parts[1].equals(TraceSyntax.FORMAT)) {
      throw error("missing header: the first line must be " + expected);
    }
    if (!parts[2].equals(TraceSyntax.VERSION)) {
      throw error("unsupported format version '" + parts[2] + "' (this benchgen reads version "
          + TraceSyntax.VERSION + ")");
    }
    long rank = -1;
    long size = -1;
    for (int i = 3; i < parts.length; i++) {
      if (parts[i].startsWith("rank=")) {
        rank = parseHeaderInt(parts[i].substring(5), "rank");
      } else if (parts[i].startsWith("size=")) {
        size = parseHeaderInt(parts[i].substring(5), "size");
      }
    }
    if (rank < 0 || size < 1) {
      throw error("header must give rank=R and size=N: " + expected);
    }
    try {
      WorldSize.check(size, "docs/trace-format.md, \"Layout\"");
    } catch (TraceProblem e) {
      throw error(e.getMessage());
    }
    if (rank >= size) {
      throw error("header says rank " + rank + " of a world of size " + size);
    }
    return new Header((int) rank, (int) size);
  }

  private long parseHeaderInt(String s, String what) {
    try {
      long v = Long.parseLong(s);
      if (v >= 0 && v <= Integer.MAX_VALUE) {
        return v;
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw error("bad " + what + " '" + s + "' in header");
  }

  private void readAll(Sink sink) throws IOException {
    if (!nextLine()) {
      throw new TraceFormatException(file, 1, "empty file: expected the header line");
    }
    Header header = parseHeader();
    checks = new StreamChecks(header, !sink.checksRequests());
    if (!sink.keepsEvents()) {
      reusedValues = new long[Op.values().length][];
      reusedLists = new long[Op.values().length][][];
    }
    while (startLine()) {
      int s = lineStart;
      while (s < complete && buf[s] == ' ') {
        s++;
      }
      if (atLineEnd(s)) {
        endLineAt(s);
        continue;
      }
      byte c = buf[s];
      try {
        if (c == 'M') {
          parseEvent(s, sink);
          continue;
        }
        int e = frameLine();
        if (c == '#') {
          comment(lineText().trim(), header);
        } else if (c >= 'a' && c <= 'z') {
          parseDefinition(s, e, sink);
        } else {
          throw error("unrecognized line (expected an MPI_ call, a definition or a # comment): "
              + abbreviate(lineText()));
        }
      } catch (TraceFormatException ex) {
        throw ex;
      } catch (TraceProblem ex) {
        throw error(ex.getMessage());
      }
    }
    try {
      checks.end(header.rank());
    } catch (TraceProblem ex) {
      throw error(ex.getMessage());
    }
  }

  /** Refuses a stream that the tracer marked as cut short, or as recording what it cannot. */
  private void comment(String line, Header header) {
    if (line.equals(TraceSyntax.TRUNCATED)) {
      throw error("this stream is truncated: the traced run ended before MPI_Finalize (an abort,"
          + " a fatal signal, or the stream size limit BENCHGEN_TRACE_MAX_MB), so the trace is"
          + " incomplete and cannot be compressed");
    }
    if (line.startsWith(TraceSyntax.UNSUPPORTED + " ")) {
      throw error("rank " + header.rank() + " used "
          + line.substring(TraceSyntax.UNSUPPORTED.length() + 1)
          + ", which benchgen cannot trace yet: this stream cannot be compressed");
    }
  }

  // ---- definitions

  private void parseDefinition(int s, int e, Sink sink) {
    int sp = indexOf(' ', s, e);
    String keyword = new String(buf, s, sp - s, StandardCharsets.US_ASCII);
    if (!keyword.equals("comm")) {
      throw error("unknown definition '" + keyword + "' (known: comm)");
    }
    long id = -1;
    long[] members = null;
    long[] remote = new long[0];
    int p = sp;
    while (p < e) {
      while (p < e && buf[p] == ' ') {
        p++;
      }
      if (p >= e) {
        break;
      }
      int eq = indexOf('=', p, e);
      int end = indexOf(' ', p, e);
      if (eq >= end) {
        throw error("expected key=value in comm definition");
      }
      String k = new String(buf, p, eq - p, StandardCharsets.US_ASCII);
      if (k.equals("id")) {
        id = parseInt(eq + 1, end, "id");
      } else if (k.equals("members")) {
        members = parseList(eq + 1, end, FieldKind.INT, "members");
      } else if (k.equals("remote")) {
        remote = parseList(eq + 1, end, FieldKind.INT, "remote");
      } else {
        throw error("unknown field '" + k + "' in comm definition (known: id, members,"
            + " remote)");
      }
      p = end;
    }
    if (id < 0 || members == null) {
      throw error("comm definition needs id= and members=");
    }
    checks.defineComm(id, members, remote);
    sink.comm(id, members, remote);
  }

  // ---- events

  /** Parses the event line whose call name starts at s, hands it to the sink, and ends the line. */
  private void parseEvent(int s, Sink sink) {
    LineStarts.Start start = starts.predicted(buf, complete, s);
    if (start == null || start.tail == null || !parseInOrder(start, s, sink)) {
      parseAnyEvent(s, start, sink);
    }
  }

  /**
   * Reads the line at s, which starts as predicted ({@code start}, which has a tail), when all of
   * it is in writers' order: the same steps as {@link #parseAnyEvent} takes for such a line, as one
   * short method that the JIT compiles early and well. Returns false, having changed nothing that
   * the general reading does not set again, at the first thing that is not so (also at a time
   * that is not plain digits, which the general reading then reports).
   */
  private boolean parseInOrder(LineStarts.Start start, int s, Sink sink) {
    Op op = start.op;
    EventLayout layout = EventLayout.of(op);
    int p = s + start.bytes.length;
    if (!expectedKeyAt(p, layout, ENTER_AT)) {
      return false;
    }
    long enter = scanDigits(p + 1 + layout.keyLengths()[ENTER_AT]);
    p = tokenEnd;
    if (enter < 0 || !expectedKeyAt(p, layout, EXIT_AT)) {
      return false;
    }
    long exit = scanDigits(p + 1 + layout.keyLengths()[EXIT_AT]);
    if (exit < 0) {
      return false;
    }
    int tailStart = tokenEnd;
    long[] values = eventValues(op, layout);
    long[][] lists = eventLists;
    int taken = starts.reuseTail(buf, complete, start.tail, tailStart, values, lists);
    int fields = taken;
    p = taken == 0 ? tailStart : tailStart + starts.lineEnds[taken - 1];
    // Fields only: a line that ends with cpu= is read by the general path (cpu= after the last
    // field, thread= on a thread's event, was read as a field past the call's slots).
    for (int next = FIELDS_AT + taken; next < layout.cpuAt() && expectedKeyAt(p, layout, next);
        next++) {
      int vs = p + 1 + layout.keyLengths()[next];
      int slot = next - FIELDS_AT;
      readField(layout.fields()[slot], vs, slot, values, lists);
      starts.keepEnd(fields++, tokenEnd - tailStart);
      p = tokenEnd;
    }
    if (!atLineEnd(p)) {
      return false;
    }
    long seen = (1L << fields) - 1; // fields 0 .. fields-1, each read once, in order
    finishEvent(start, s, p, op, start.site, layout, enter, exit, RawEvent.NO_CPU, seen, values,
        lists, true, tailStart, fields, taken, s + start.bytes.length, sink);
    return true;
  }
}
