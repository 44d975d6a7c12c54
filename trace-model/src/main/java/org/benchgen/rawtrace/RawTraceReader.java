package org.benchgen.rawtrace;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Names;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceFormatException;
import org.benchgen.trace.TraceProblem;
import org.benchgen.trace.TraceSyntax;

/**
 * Reads one rank's {@code benchgen-trace 1} stream (docs/trace-format.md), validating as it goes,
 * and hands definitions and events to a {@link Sink}. Byte-level parsing without regular
 * expressions or per-field strings: this is the hot path of compression. Event lines are parsed in
 * one pass, eight bytes at a time where that pays, along the order writers write fields in.
 */
public final class RawTraceReader {
  /** Receives what the reader finds, in file order. May throw {@link TraceProblem}. */
  public interface Sink {
    void comm(int id, long[] members);

    void event(RawEvent event);

    /**
     * One event, as the reader hands it over: by default as a {@link RawEvent}. A sink on the hot
     * path takes the parts here instead, so that no record is made per event.
     */
    default void event(Op op, String site, long enter, long exit, long[] values, long[][] lists) {
      event(new RawEvent(op, site, enter, exit, values, lists));
    }

    /**
     * Whether this sink may keep an event (or its arrays) after {@link #event} returns. One that
     * copies what it needs says no, and the reader then reuses the arrays from event to event.
     */
    default boolean keepsEvents() {
      return true;
    }
  }

  /** The header of a rank's stream. */
  public record Header(int rank, int size) {}

  private static final int MAX_LINE = 1 << 20;

  private final Path file;
  /** Where names (datatypes, operations) are interned: the trace's table. */
  private final SymbolTable symbols;
  private final InputStream in;
  /**
   * Bytes kept free after the data, so that a word read anywhere in the data stays in the buffer:
   * the word-at-a-time scans then need no byte-at-a-time tail, nor a branch the JIT would see
   * taken only now and then (at a buffer's end), each time recompiling the parser.
   */
  private static final int SLACK = 8;

  private byte[] buf = new byte[(1 << 16) + SLACK];
  private int pos;
  private int lim;
  private long lineNo;
  private long bytesRead;
  private final ByteCache<Op> ops = new ByteCache<>();
  private final ByteCache<Sym> syms = new ByteCache<>();
  private final ByteCache<Name> names = new ByteCache<>();
  private final Map<Integer, Integer> commSizes = new HashMap<>();
  private Header header;
  private long lastExit = Long.MIN_VALUE;

  private RawTraceReader(Path file, SymbolTable symbols) throws IOException {
    this.file = file;
    this.symbols = symbols;
    InputStream raw = Files.newInputStream(file);
    this.in = file.getFileName().toString().endsWith(".gz")
        ? new GZIPInputStream(raw, 1 << 16) : new BufferedInputStream(raw, 1 << 16);
    for (Op op : Op.values()) {
      byte[] b = op.mpiName().getBytes(StandardCharsets.US_ASCII);
      ops.put(b, 0, b.length, op);
    }
    for (Sym s : Sym.values()) {
      if (s != Sym.ABSENT) {
        byte[] b = s.text().getBytes(StandardCharsets.US_ASCII);
        syms.put(b, 0, b.length, s);
      }
    }
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

  private int lineStart;
  private int lineEnd;
  /**
   * Where the whole lines in the buffer end: after its last newline, or at the end of the input's
   * last line when that has none. A line starting before it is complete, so event lines are parsed
   * in one pass, their tokens ending at a space or the line end, without first finding the newline.
   */
  private int complete;

  /** Starts the next line at pos, reading more input if needed; false at the end of the input. */
  private boolean startLine() throws IOException {
    if (pos >= complete && !fill()) {
      return false;
    }
    lineStart = pos;
    lineNo++;
    return true;
  }

  /** Reads until the buffer holds a whole line at pos; false when the input has no more. */
  private boolean fill() throws IOException {
    while (true) {
      // Compact, growing the buffer when one line fills it.
      int rest = lim - pos;
      int capacity = buf.length - SLACK;
      if (rest == capacity) {
        if (capacity >= MAX_LINE) {
          throw new TraceFormatException(file, lineNo + 1, "line longer than " + MAX_LINE + " bytes");
        }
        buf = java.util.Arrays.copyOf(buf, 2 * capacity + SLACK);
      }
      System.arraycopy(buf, pos, buf, 0, rest);
      pos = 0;
      lim = rest;
      int n = in.read(buf, lim, buf.length - SLACK - lim);
      if (n < 0) {
        complete = lim;
        return lim > 0;
      }
      bytesRead += n;
      for (int i = lim + n - 1; i >= lim; i--) {
        if (buf[i] == '\n') {
          complete = i + 1;
          lim += n;
          return true;
        }
      }
      lim += n;
    }
  }

  /** Whether the line ends at i: "\n" or "\r\n" there, or the end of the input's last line. */
  private boolean atLineEnd(int i) {
    if (i >= complete) {
      return true;
    }
    byte c = buf[i];
    return c == '\n' || c == '\r' && i + 1 < complete && buf[i + 1] == '\n';
  }

  /** Ends the line whose end (see {@link #atLineEnd}) is at i: the next line starts after it. */
  private void endLineAt(int i) {
    pos = i >= complete ? complete : buf[i] == '\r' ? i + 2 : i + 1;
  }

  /** Finds the end of the line started at lineStart, for the code that wants it whole. */
  private int frameLine() {
    int i = scanTo('\n', lineStart);
    lineEnd = i;
    endLineAt(i);
    return i;
  }

  /** The next whole line, framed: lineStart, lineEnd. */
  private boolean nextLine() throws IOException {
    if (!startLine()) {
      return false;
    }
    frameLine();
    return true;
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * The first {@code a} or {@code b} in [s, e), or e (at most lim). Eight bytes at a time, as lines
   * and tokens are long; the last word may reach past e (into the slack), those bytes are ignored.
   */
  private int indexOfEither(char a, char b, int s, int e) {
    long pa = a * ONES;
    long pb = b * ONES;
    for (int i = s; i < e; i += 8) {
      long w = (long) LONGS.get(buf, i);
      long found = zeroBytes(w ^ pa) | zeroBytes(w ^ pb);
      if (found != 0) {
        return Math.min(e, i + (Long.numberOfTrailingZeros(found) >>> 3));
      }
    }
    return e;
  }

  /**
   * The high bit of each zero byte of w, exact for the lowest one (the one that matters: bytes
   * above it may be flagged falsely by the borrow).
   */
  private static long zeroBytes(long w) {
    return (w - ONES) & ~w & HIGH_BITS;
  }

  private int indexOf(char c, int s, int e) {
    return indexOfEither(c, c, s, e);
  }

  /** The first c from s in the current line, or the line end ({@link #atLineEnd}). */
  private int scanTo(char c, int s) {
    int i = indexOfEither(c, '\n', s, complete);
    return i < complete && buf[i] == '\n' && i > s && buf[i - 1] == '\r' ? i - 1 : i;
  }

  private String lineText() {
    return new String(buf, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
  }

  private TraceFormatException error(String msg) {
    return new TraceFormatException(file, lineNo, msg);
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
    header = parseHeader();
    commSizes.put(0, header.size());
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
          if (lineText().trim().equals(TraceSyntax.TRUNCATED)) {
            throw error("this stream is truncated: the traced run aborted before MPI_Finalize,"
                + " so the trace is incomplete and cannot be compressed");
          }
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
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
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
      } else {
        throw error("unknown field '" + k + "' in comm definition (known: id, members)");
      }
      p = end;
    }
    if (id < 0 || members == null) {
      throw error("comm definition needs id= and members=");
    }
    if (id == 0 || id > Integer.MAX_VALUE) {
      throw error("comm id " + id + " is reserved or too large (0 is MPI_COMM_WORLD)");
    }
    if (members.length == 0) {
      throw error("comm " + id + " has no members");
    }
    boolean self = false;
    java.util.BitSet seen = new java.util.BitSet();
    for (long m : members) {
      if (m < 0 || m >= header.size()) {
        throw error("comm " + id + ": member " + m + " is not a world rank (size "
            + header.size() + ")");
      }
      if (seen.get((int) m)) {
        throw error("comm " + id + ": world rank " + m + " listed twice");
      }
      seen.set((int) m);
      self |= m == header.rank();
    }
    if (!self) {
      throw error("comm " + id + " does not contain this rank (" + header.rank()
          + "): a rank defines only the communicators it belongs to");
    }
    Integer old = commSizes.put((int) id, members.length);
    if (old != null) {
      throw error("comm " + id + " defined twice");
    }
    sink.comm((int) id, members);
  }

  // ---- events

  /** Positions of the keys in a {@link Layout}: site, enter, exit, then the fields by slot. */
  private static final int SITE_AT = 0;
  private static final int ENTER_AT = 1;
  private static final int EXIT_AT = 2;
  private static final int FIELDS_AT = 3;

  /** The fields checked against the communicator's size, in the order they are checked. */
  private static final Field[] PEERS = {Field.DEST, Field.SRC, Field.ASRC, Field.ROOT};

  /**
   * What the parser needs of a call, by {@link Op#ordinal()}: its keys in the order writers give
   * them (site, enter, exit, then the fields by slot), packed as the key scan packs them and, for a
   * one-word match, as the bytes {@code key=} and their mask; its values and lists before any field
   * is read (copied per event); the slots that must be present; the slots of the peers checked
   * against the communicator ({@link #PEERS}).
   */
  private record Layout(Field[] fields, long[] keys, long[] keyWords, long[] keyMasks,
      int[] keyLengths, long[] absent, long[][] noLists, long required, int[] peers) {
    static Layout of(Op op) {
      Field[] fields = op.fields().toArray(new Field[0]);
      int n = FIELDS_AT + fields.length;
      long[] keys = new long[n];
      long[] keyWords = new long[n];
      long[] keyMasks = new long[n];
      int[] keyLengths = new int[n];
      for (int i = 0; i < n; i++) {
        String key = i == SITE_AT ? "site" : i == ENTER_AT ? "enter" : i == EXIT_AT ? "exit"
            : fields[i - FIELDS_AT].key();
        byte[] b = (key + "=").getBytes(StandardCharsets.US_ASCII);
        if (b.length > 8) {
          throw new IllegalStateException("key '" + key + "' does not fit the one-word match");
        }
        keys[i] = pack(key);
        keyLengths[i] = b.length;
        for (int j = b.length - 1; j >= 0; j--) {
          keyWords[i] = keyWords[i] << 8 | b[j];
        }
        keyMasks[i] = b.length == 8 ? -1L : (1L << 8 * b.length) - 1;
      }
      long[] absent = new long[fields.length];
      long[][] noLists = new long[fields.length][];
      long required = 0;
      for (int i = 0; i < fields.length; i++) {
        absent[i] = Sym.ABSENT.code();
        noLists[i] = RawEvent.NO_LIST;
        required |= op.isRequired(fields[i]) ? 1L << i : 0;
      }
      int[] peers = java.util.Arrays.stream(PEERS).mapToInt(op::slot).filter(i -> i >= 0)
          .toArray();
      return new Layout(fields, keys, keyWords, keyMasks, keyLengths, absent, noLists, required,
          peers);
    }

    /** The position of the key packed as {@code packed}, or -1; {@code guess} is tried first. */
    int position(long packed, int guess) {
      if (guess < keys.length && keys[guess] == packed) {
        return guess;
      }
      for (int i = 0; i < keys.length; i++) {
        if (keys[i] == packed) {
          return i;
        }
      }
      return -1;
    }
  }

  private static final Layout[] LAYOUTS =
      java.util.Arrays.stream(Op.values()).map(Layout::of).toArray(Layout[]::new);

  /**
   * When the sink does not keep events ({@link Sink#keepsEvents}): by call, the arrays of the last
   * event, which the next event of that call reuses. Else null.
   */
  private long[][] reusedValues;
  private long[][][] reusedLists;

  /** Where the token that the last scan* call read ends (a space or the line end). */
  private int tokenEnd;

  /**
   * How an event line starts as writers write it, {@code MPI_Call site=S}, with the call and site
   * it names and, as predictions, the starts of the lines that followed the last two times, the
   * latest first. In a loop, lines follow each other in the same order, so most lines start as
   * predicted, which a comparison of bytes confirms, without scanning or hashing the call and the
   * site. The second prediction serves where a loop's iterations end in turn in its next iteration
   * and in what follows the loop, as an inner loop does.
   */
  private static final class Start {
    final byte[] bytes;
    final Op op;
    final String site;
    Start next;
    Start other;
    /** The fields of the last line that started so, when they can serve the next one; or null. */
    Tail tail;

    Start(byte[] bytes, Op op, String site) {
      this.bytes = bytes;
      this.op = op;
      this.site = site;
    }
  }

  /**
   * The fields of an event line read all in writers' order (site, enter, exit, then the fields by
   * slot from the first, each key found where expected) and ending in a newline: the bytes after
   * exit's value up to and with the newline, where each field's value ends in them, and the values
   * read. A field's bytes give its value and nothing else does. So a later line of the same start
   * whose bytes after exit's value begin as these takes the values of the fields within that common
   * beginning as they are, without reading them. In a loop, a call's lines differ from one
   * iteration to the next mostly in the times and a request id, which are then all that is read.
   *
   * <p>A tail is replaced by a later line only when it serves worse than it did for the line
   * before: the fields that vary from line to line differ from any earlier line, so keeping each
   * line would only cost copying. Any tail is right, as it holds what its bytes read as.
   */
  private static final class Tail {
    byte[] bytes = new byte[0];
    /** How many bytes: the last is the newline, which ends the last field's value. */
    int length;
    /** How many fields (slots 0 .. count-1), and where each field's value ends in bytes. */
    int count;
    int[] ends = new int[0];
    long[] values = new long[0];
    long[][] lists = new long[0][];
    /** How many fields the last line took from this tail (-1: none has yet). */
    int served = -1;
  }

  /** Where the values of the line being read end, by field, as {@link Tail#ends} would keep them. */
  private int[] lineEnds = new int[8];

  /**
   * Takes, from tail, the values of the leading fields whose bytes (key, value and what ends it) the
   * line repeats from {@code from} on, into values, lists and lineEnds; returns how many.
   */
  private int reuseTail(Tail tail, int from, long[] values, long[][] lists) {
    if (from + tail.length > complete) {
      return 0;
    }
    int m = java.util.Arrays.mismatch(buf, from, from + tail.length, tail.bytes, 0, tail.length);
    int k = tail.count;
    if (m >= 0) {
      k = 0;
      while (tail.ends[k] < m) {
        k++;
      }
    }
    System.arraycopy(tail.values, 0, values, 0, k);
    System.arraycopy(tail.ends, 0, lineEnds, 0, k);
    for (int i = 0; i < k; i++) {
      if (tail.lists[i] != RawEvent.NO_LIST) {
        lists[i] = tail.lists[i].clone(); // the sink owns the lists it gets
      }
    }
    return k;
  }

  /**
   * Keeps the line's fields, read from {@code from} to the newline at {@code end}, as start's tail;
   * the first {@code taken} came from that tail, which already has them.
   */
  private void keepTail(Start start, int from, int end, int count, int taken, long[] values,
      long[][] lists) {
    Tail tail = start.tail;
    if (tail == null) {
      tail = new Tail();
      tail.values = new long[values.length];
      tail.lists = new long[lists.length][];
      start.tail = tail;
    }
    int length = end + 1 - from;
    if (tail.bytes.length < length) {
      tail.bytes = java.util.Arrays.copyOf(tail.bytes, length);
    }
    int same = taken == 0 ? 0 : lineEnds[taken - 1];
    System.arraycopy(buf, from + same, tail.bytes, same, length - same);
    tail.length = length;
    if (tail.ends.length < count) {
      tail.ends = java.util.Arrays.copyOf(tail.ends, count);
    }
    System.arraycopy(lineEnds, taken, tail.ends, taken, count - taken);
    tail.count = count;
    tail.served = -1;
    System.arraycopy(values, taken, tail.values, taken, values.length - taken);
    for (int i = taken; i < lists.length; i++) {
      tail.lists[i] = lists[i] == RawEvent.NO_LIST ? lists[i] : lists[i].clone();
    }
  }

  private final ByteCache<Start> starts = new ByteCache<>();
  /** The start of the previous event line, when it was written so. */
  private Start lastStart;

  /** Parses the event line whose call name starts at s, hands it to the sink, and ends the line. */
  private void parseEvent(int s, Sink sink) {
    Start start = predictedStart(s);
    if (start == null || start.tail == null || !parseInOrder(start, s, sink)) {
      parseAnyEvent(s, start, sink);
    }
  }

  /** The arrays the event's values and lists are read into, set to absent. */
  private long[] eventValues(Op op, Layout layout) {
    long[] values;
    if (reusedValues == null || reusedValues[op.ordinal()] == null) {
      values = layout.absent().clone();
      eventLists = layout.noLists().clone();
      if (reusedValues != null) {
        reusedValues[op.ordinal()] = values;
        reusedLists[op.ordinal()] = eventLists;
      }
    } else {
      values = reusedValues[op.ordinal()];
      eventLists = reusedLists[op.ordinal()];
      System.arraycopy(layout.absent(), 0, values, 0, values.length);
      System.arraycopy(layout.noLists(), 0, eventLists, 0, eventLists.length);
    }
    return values;
  }

  /** The lists array that {@link #eventValues} set up with the values. */
  private long[][] eventLists;

  /** Whether the layout's key at {@code next} follows at p after one space, as writers put it. */
  private boolean expectedKeyAt(int p, Layout layout, int next) {
    return next < layout.keyWords().length && p < complete && buf[p] == ' '
        && ((long) LONGS.get(buf, p + 1) & layout.keyMasks()[next]) == layout.keyWords()[next]
        && p + 1 + layout.keyLengths()[next] <= complete;
  }

  /**
   * Reads the line at s, which starts as predicted ({@code start}, which has a tail), when all of
   * it is in writers' order: the same steps as {@link #parseAnyEvent} takes for such a line, as one
   * short method that the JIT compiles early and well. Returns false, having changed nothing that
   * the general reading does not set again, at the first thing that is not so (also at a time
   * that is not plain digits, which the general reading then reports).
   */
  private boolean parseInOrder(Start start, int s, Sink sink) {
    Op op = start.op;
    Layout layout = LAYOUTS[op.ordinal()];
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
    int taken = reuseTail(start.tail, tailStart, values, lists);
    int fields = taken;
    p = taken == 0 ? tailStart : tailStart + lineEnds[taken - 1];
    for (int next = FIELDS_AT + taken; expectedKeyAt(p, layout, next); next++) {
      int vs = p + 1 + layout.keyLengths()[next];
      int slot = next - FIELDS_AT;
      readField(layout.fields()[slot], vs, slot, values, lists);
      keepEnd(fields++, tokenEnd - tailStart);
      p = tokenEnd;
    }
    if (!atLineEnd(p)) {
      return false;
    }
    long seen = (1L << fields) - 1; // fields 0 .. fields-1, each read once, in order
    finishEvent(start, s, p, op, start.site, layout, enter, exit, seen, values, lists,
        true, tailStart, fields, taken, s + start.bytes.length, sink);
    return true;
  }

  /** Keeps where the value of the line's field {@code field} ends, in {@link #lineEnds}. */
  private void keepEnd(int field, int end) {
    if (field == lineEnds.length) {
      lineEnds = java.util.Arrays.copyOf(lineEnds, 2 * field);
    }
    lineEnds[field] = end;
  }

  /** Reads the value at vs of field f, in slot {@code slot}, into values or lists. */
  private void readField(Field f, int vs, int slot, long[] values, long[][] lists) {
    FieldKind kind = f.kind();
    if (kind.isList()) {
      lists[slot] = parseList(vs, scanToken(vs), kind, f.key());
    } else if (kind == FieldKind.NAME) {
      values[slot] = name(vs, scanToken(vs)).id();
    } else {
      long v = scanDigits(vs);
      values[slot] = v >= 0 ? checkNumber(kind, v, f.key())
          : parseNumberOrSymbol(kind, vs, tokenEnd, f.key());
    }
  }

  /** Parses any event line at s ({@code start}: how it starts, when predicted; else null). */
  private void parseAnyEvent(int s, Start start, Sink sink) {
    Op op;
    String site;
    int p;
    if (start != null) {
      op = start.op;
      site = start.site;
      p = s + start.bytes.length;
    } else {
      p = scanToken(s);
      op = ops.get(buf, s, p);
      if (op == null) {
        throw error("unknown call '" + new String(buf, s, p - s, StandardCharsets.UTF_8)
            + "' (see docs/trace-format.md for the calls covered)");
      }
      site = null;
    }
    // Where the site ends when the line starts as writers write it, else -1.
    int siteEnd = start == null ? -1 : p;
    Layout layout = LAYOUTS[op.ordinal()];
    long[] values = eventValues(op, layout);
    long[][] lists = eventLists;
    long seen = 0;
    long enter = -1;
    long exit = -1;
    // The position of the key expected next: writers give the keys in layout order.
    int next = site == null ? SITE_AT : ENTER_AT;
    // Whether the line is, so far, as writers write it: as predicted, then each key as expected.
    boolean inOrder = start != null;
    // Where the fields after exit start, when the line is in order up to them (see Tail); else -1.
    int tailStart = -1;
    // How many of those fields were read (or taken from the tail), and of those, taken.
    int fields = 0;
    int taken = 0;
    while (true) {
      int at;
      int vs;
      if (expectedKeyAt(p, layout, next)) {
        // The usual case, one space and the expected key=, taken in one word.
        at = next;
        vs = p + 1 + layout.keyLengths()[next];
      } else {
        while (p < complete && buf[p] == ' ') {
          p++;
        }
        if (atLineEnd(p)) {
          break;
        }
        inOrder = false;
        int eq = p;
        long packed = 0;
        byte c;
        while (!atLineEnd(eq) && (c = buf[eq]) != '=' && c != ' ') {
          packed = packed << 8 | (c & 0xff);
          eq++;
        }
        if (atLineEnd(eq) || buf[eq] != '=') {
          throw error(op.mpiName() + ": expected key=value, found '"
              + new String(buf, p, scanTo(' ', p) - p, StandardCharsets.UTF_8) + "'");
        }
        if (eq - p > 8) {
          packed = -1;
        }
        at = layout.position(packed, next);
        if (at < 0) {
          Field f = KEYS.get(packed);
          throw error(op.mpiName() + " has no field '"
              + (f != null ? f.key() : new String(buf, p, eq - p, StandardCharsets.UTF_8))
              + "' (its fields: " + fieldList(op) + ")");
        }
        vs = eq + 1;
      }
      next = at + 1;
      if (at == SITE_AT) {
        if (site != null) {
          throw error(op.mpiName() + ": field 'site' given twice");
        }
        site = name(vs, scanToken(vs)).text();
        boolean first = vs == s + op.mpiName().length() + " site=".length();
        siteEnd = first && tokenEnd < complete && buf[tokenEnd] == ' ' ? tokenEnd : -1;
      } else if (at == ENTER_AT) {
        long v = scanDigits(vs);
        enter = v >= 0 ? v : parseInt(vs, tokenEnd, "enter");
      } else if (at == EXIT_AT) {
        long v = scanDigits(vs);
        exit = v >= 0 ? v : parseInt(vs, tokenEnd, "exit");
        if (inOrder) {
          tailStart = tokenEnd;
          if (start.tail != null) {
            taken = fields = reuseTail(start.tail, tailStart, values, lists);
            seen = (1L << taken) - 1;
            next = FIELDS_AT + taken;
            tokenEnd = taken == 0 ? tailStart : tailStart + lineEnds[taken - 1];
          }
        }
      } else {
        int slot = at - FIELDS_AT;
        Field f = layout.fields()[slot];
        if ((seen & (1L << slot)) != 0) {
          throw error(op.mpiName() + ": field '" + f.key() + "' given twice");
        }
        seen |= 1L << slot;
        readField(f, vs, slot, values, lists);
      }
      if (inOrder && at >= FIELDS_AT) {
        keepEnd(fields++, tokenEnd - tailStart);
      }
      p = tokenEnd;
    }
    if (site == null || enter < 0 || exit < 0) {
      throw error(op.mpiName() + " is missing "
          + (site == null ? "site" : enter < 0 ? "enter" : "exit") + "= (every event has site,"
          + " enter and exit)");
    }
    finishEvent(start, s, p, op, site, layout, enter, exit, seen, values, lists, inOrder,
        tailStart, fields, taken, siteEnd, sink);
  }

  /**
   * Checks the event read from the line at s, whose fields end at p, keeps its fields as start's
   * tail where they serve better, ends the line and hands the event to the sink: the last steps of
   * either way of reading (see {@link #parseAnyEvent} for the parameters).
   */
  private void finishEvent(Start start, int s, int p, Op op, String site, Layout layout,
      long enter, long exit, long seen, long[] values, long[][] lists, boolean inOrder,
      int tailStart, int fields, int taken, int siteEnd, Sink sink) {
    if ((seen & layout.required()) != layout.required()) {
      for (int i = 0; i < layout.fields().length; i++) {
        if ((layout.required() & ~seen & (1L << i)) != 0) {
          throw error(op.mpiName() + " is missing its required field '"
              + layout.fields()[i].key() + "'");
        }
      }
    }
    if (exit < enter) {
      throw error(op.mpiName() + " exits (" + exit + ") before it enters (" + enter + ")");
    }
    if (enter < lastExit) {
      throw error("time goes backwards: " + op.mpiName() + " enters at " + enter
          + " before the previous call exited at " + lastExit);
    }
    lastExit = exit;
    checkPeers(layout, op, values);
    if (inOrder) {
      if (start.tail != null && taken >= start.tail.served) {
        start.tail.served = taken;
      } else if (fields > taken && p == tailStart + lineEnds[fields - 1] && p < complete
          && buf[p] == '\n') {
        keepTail(start, tailStart, p, fields, taken, values, lists);
      }
    }
    endLineAt(p);
    learnStart(start, s, siteEnd, op, site);
    sink.event(op, site, enter, exit, values, lists);
  }

  /** The start of the line at s when it is one the previous line's start predicts, else null. */
  private Start predictedStart(int s) {
    if (lastStart == null) {
      return null;
    }
    Start latest = lastStart.next;
    if (latest == null || startsAs(latest, s)) {
      return latest;
    }
    Start other = lastStart.other;
    if (other == null || !startsAs(other, s)) {
      return null;
    }
    lastStart.other = latest;
    lastStart.next = other;
    return other;
  }

  /** Whether the line at s starts as {@code start}: its bytes and a space, as the general path reads them. */
  private boolean startsAs(Start start, int s) {
    int e = s + start.bytes.length;
    return e < complete && buf[e] == ' '
        && java.util.Arrays.equals(buf, s, e, start.bytes, 0, start.bytes.length);
  }

  /**
   * Remembers how this line started ({@code siteEnd} -1: not as writers write it), and, when that
   * was not as predicted, that it follows the previous line's start.
   */
  private void learnStart(Start predicted, int s, int siteEnd, Op op, String site) {
    Start start = predicted;
    if (start == null && siteEnd >= 0) {
      start = starts.get(buf, s, siteEnd);
      if (start == null) {
        start = new Start(java.util.Arrays.copyOfRange(buf, s, siteEnd), op, site);
        starts.put(buf, s, siteEnd, start);
      }
      if (lastStart != null && lastStart.next != start) {
        lastStart.other = lastStart.next;
        lastStart.next = start;
      }
    }
    lastStart = start;
  }

  /** The fields by packed key, to name an unexpected one. */
  private static final java.util.HashMap<Long, Field> KEYS = new java.util.HashMap<>();

  static {
    for (Field f : Field.values()) {
      KEYS.put(pack(f.key()), f);
    }
  }

  /** Big-endian bytes of a key of at most 8 bytes (longer keys: -1), as parseEvent packs them. */
  private static long pack(String key) {
    byte[] b = key.getBytes(StandardCharsets.US_ASCII);
    if (b.length > 8) {
      return -1;
    }
    long k = 0;
    for (byte x : b) {
      k = (k << 8) | (x & 0xff);
    }
    return k;
  }

  private static String fieldList(Op op) {
    StringBuilder b = new StringBuilder("site enter exit");
    for (Field f : op.fields()) {
      b.append(' ').append(f.key());
    }
    return b.toString();
  }

  /** The communicator checked last and its size: events mostly use one. */
  private long lastComm = -1;
  private int lastCommSize;

  private void checkPeers(Layout layout, Op op, long[] values) {
    int cs = op.slot(Field.COMM);
    if (cs < 0) {
      return;
    }
    long comm = values[cs];
    if (comm != lastComm) {
      Integer size = commSizes.get((int) comm);
      if (comm > Integer.MAX_VALUE || size == null) {
        throw error(op.mpiName() + " uses communicator " + comm
            + ", which is not defined (a 'comm id=" + comm + " members=...' line must come first)");
      }
      lastComm = comm;
      lastCommSize = size;
    }
    for (int s : layout.peers()) {
      if (!Sym.isSymbol(values[s]) && values[s] >= lastCommSize) {
        throw error(op.mpiName() + ": " + layout.fields()[s].key() + "=" + values[s]
            + " is outside communicator " + comm + " (size " + lastCommSize + ")");
      }
    }
  }

  /** Scans the token at s (up to a space or the line end): returns its end, also left in tokenEnd. */
  private int scanToken(int s) {
    tokenEnd = scanTo(' ', s);
    return tokenEnd;
  }

  /**
   * The value of the token at s when it is plain decimal digits (at most 18), the common case,
   * parsed as it is scanned; else -1, for the caller's general parse. Either way the token's end
   * is left in tokenEnd.
   */
  private long scanDigits(int s) {
    long v = 0;
    int i = s;
    int n = 8;
    // Eight bytes at a time: the digits before the first other byte convert at once.
    while (n == 8 && i < complete && i - s < 18) {
      long digits = (long) LONGS.get(buf, i) - '0' * ONES;
      n = Math.min(complete - i, leadingDigits(digits));
      if (n > 0) {
        v = v * POW10[n] + eightDigits(digits << (64 - 8 * n));
        i += n;
      }
    }
    if (i > s && i - s <= 18 && (i < complete && buf[i] == ' ' || atLineEnd(i))) {
      tokenEnd = i;
      return v;
    }
    scanToken(i);
    return -1;
  }

  private static final long[] POW10 = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
      100000000};

  /**
   * How many of the 8 bytes, from the lowest, are digits, given the bytes minus '0': a byte is a
   * digit when that left it at most 9. Bytes above the first non-digit may be garbled by borrows
   * and carries, which only reach upwards.
   */
  private static int leadingDigits(long digits) {
    long other = (digits | (digits + 0x76 * ONES)) & HIGH_BITS;
    return other == 0 ? 8 : Long.numberOfTrailingZeros(other) >>> 3;
  }

  /**
   * The number whose digits (0..9) are the bytes of {@code digits}, most significant in the lowest
   * byte (the first in the file): pairs, then quads, then the eight combine by multiplication.
   */
  private static long eightDigits(long digits) {
    long x = (digits * (1 + (10 << 8))) >>> 8 & 0x00FF00FF00FF00FFL;
    x = (x * (1 + (100 << 16))) >>> 16 & 0x0000FFFF0000FFFFL;
    return (x * (1 + (10000L << 32))) >>> 32;
  }

  private long parseInt(int s, int e, String what) {
    int i = s;
    boolean neg = i < e && buf[i] == '-';
    if (neg) {
      i++;
    }
    if (i == e || e - i > 18) {
      throw badInt(s, e, what);
    }
    long v = 0;
    for (; i < e; i++) {
      int d = buf[i] - '0';
      if ((d & ~15) != 0 || d > 9) {
        throw badInt(s, e, what);
      }
      v = v * 10 + d;
    }
    return neg ? -v : v;
  }

  private TraceFormatException badInt(int s, int e, String what) {
    return s == e ? error("empty value for '" + what + "'")
        : error("bad integer '" + new String(buf, s, e - s, StandardCharsets.UTF_8) + "' for '"
            + what + "'");
  }

  private long parseNumberOrSymbol(FieldKind kind, int s, int e, String what) {
    if (s < e && buf[s] >= 'A' && buf[s] <= 'Z') {
      Sym sym = syms.get(buf, s, e);
      if (sym == null || !kind.symbols().contains(sym)) {
        throw error("'" + new String(buf, s, e - s, StandardCharsets.UTF_8)
            + "' is not a valid value for '" + what + "'"
            + (kind.symbols().isEmpty() ? "" : " (symbols allowed: " + kind.symbols() + ")"));
      }
      return sym.code();
    }
    return checkNumber(kind, parseInt(s, e, what), what);
  }

  private long checkNumber(FieldKind kind, long v, String what) {
    if (v < 0 && kind != FieldKind.INT && kind != FieldKind.COLOR) {
      throw error("negative value " + v + " for '" + what + "'");
    }
    if (kind == FieldKind.REQ && v == 0) {
      throw error("request ids start at 1");
    }
    return v;
  }

  private long[] parseList(int s, int e, FieldKind kind, String what) {
    if (s == e) {
      return new long[0];
    }
    int n = 1;
    for (int i = s; i < e; i++) {
      if (buf[i] == ',') {
        n++;
      }
    }
    long[] out = new long[n];
    int k = 0;
    int p = s;
    for (int i = s; i <= e; i++) {
      if (i == e || buf[i] == ',') {
        out[k++] = parseNumberOrSymbol(kind == FieldKind.LIST ? FieldKind.INT : kind, p, i, what);
        p = i + 1;
      }
    }
    return out;
  }

  /** A name as read: decoded (a site's value) and interned (the value of the other name fields). */
  private record Name(String text, int id) {}

  /** The name in [s, e). */
  private Name name(int s, int e) {
    Name name = names.get(buf, s, e);
    if (name == null) {
      String decoded = Names.decode(java.util.Arrays.copyOfRange(buf, s, e));
      name = new Name(decoded, symbols.name(decoded));
      names.put(buf, s, e, name);
    }
    return name;
  }
}
