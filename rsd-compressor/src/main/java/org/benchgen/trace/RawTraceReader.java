package org.benchgen.trace;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads one rank's {@code benchgen-trace 1} stream (docs/trace-format.md), validating as it goes,
 * and hands definitions and events to a {@link Sink}. Byte-level parsing without regular
 * expressions or per-field strings: this is the hot path of compression.
 */
public final class RawTraceReader {
  /** Receives what the reader finds, in file order. May throw {@link TraceProblem}. */
  public interface Sink {
    void comm(int id, long[] members);

    void event(RawEvent event);
  }

  /** The header of a rank's stream. */
  public record Header(int rank, int size) {}

  private static final int MAX_LINE = 1 << 20;

  private final Path file;
  private final InputStream in;
  private byte[] buf = new byte[1 << 16];
  private int pos;
  private int lim;
  private long lineNo;
  private long bytesRead;
  private final ByteCache<Op> ops = new ByteCache<>();
  private final ByteCache<Sym> syms = new ByteCache<>();
  private final ByteCache<Object> names = new ByteCache<>();
  private final Map<Integer, Integer> commSizes = new HashMap<>();
  private Header header;
  private long lastExit = Long.MIN_VALUE;

  private RawTraceReader(Path file) throws IOException {
    this.file = file;
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
    RawTraceReader r = new RawTraceReader(file);
    try (InputStream ignored = r.in) {
      if (!r.nextLine()) {
        throw new TraceFormatException(file, 1, "empty file: expected the header line '# "
            + RawTraceWriter.FORMAT + " " + RawTraceWriter.VERSION + " rank=R size=N'");
      }
      return r.parseHeader();
    }
  }

  /** Reads all of {@code file} into {@code sink}; returns the number of uncompressed bytes read. */
  public static long read(Path file, Sink sink) throws IOException {
    RawTraceReader r = new RawTraceReader(file);
    try (InputStream ignored = r.in) {
      r.readAll(sink);
      return r.bytesRead;
    }
  }

  private int lineStart;
  private int lineEnd;

  private boolean nextLine() throws IOException {
    while (true) {
      for (int i = pos; i < lim; i++) {
        if (buf[i] == '\n') {
          lineStart = pos;
          lineEnd = i > pos && buf[i - 1] == '\r' ? i - 1 : i;
          pos = i + 1;
          lineNo++;
          return true;
        }
      }
      // No newline in the buffer: compact and refill.
      int rest = lim - pos;
      if (rest == buf.length) {
        if (buf.length >= MAX_LINE) {
          throw new TraceFormatException(file, lineNo + 1, "line longer than " + MAX_LINE + " bytes");
        }
        buf = java.util.Arrays.copyOf(buf, buf.length * 2);
      }
      System.arraycopy(buf, pos, buf, 0, rest);
      pos = 0;
      lim = rest;
      int n = in.read(buf, lim, buf.length - lim);
      if (n < 0) {
        if (lim == 0) {
          return false;
        }
        lineStart = 0;
        lineEnd = lim;
        pos = lim;
        lineNo++;
        return true;
      }
      bytesRead += n;
      lim += n;
    }
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
    String expected = "'# " + RawTraceWriter.FORMAT + " " + RawTraceWriter.VERSION
        + " rank=R size=N'";
    if (parts.length < 3 || !parts[0].equals("#") || !parts[1].equals(RawTraceWriter.FORMAT)) {
      throw error("missing header: the first line must be " + expected);
    }
    if (!parts[2].equals(String.valueOf(RawTraceWriter.VERSION))) {
      throw error("unsupported format version '" + parts[2] + "' (this benchgen reads version "
          + RawTraceWriter.VERSION + ")");
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
    while (nextLine()) {
      int s = lineStart;
      int e = lineEnd;
      while (s < e && buf[s] == ' ') {
        s++;
      }
      if (s == e) {
        continue;
      }
      byte c = buf[s];
      try {
        if (c == '#') {
          if (lineText().trim().equals("# truncated")) {
            throw error("this stream is truncated: the traced run aborted before MPI_Finalize,"
                + " so the trace is incomplete and cannot be compressed");
          }
        } else if (c >= 'a' && c <= 'z') {
          parseDefinition(s, e, sink);
        } else if (c == 'M') {
          sink.event(parseEvent(s, e));
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

  private RawEvent parseEvent(int s, int e) {
    int sp = indexOf(' ', s, e);
    Op op = ops.get(buf, s, sp);
    if (op == null) {
      throw error("unknown call '" + new String(buf, s, sp - s, StandardCharsets.UTF_8)
          + "' (see docs/trace-format.md for the calls covered)");
    }
    int nf = op.fields().size();
    long[] values = new long[nf];
    long[][] lists = new long[nf][];
    java.util.Arrays.fill(values, Sym.ABSENT.code());
    java.util.Arrays.fill(lists, RawEvent.NO_LIST);
    long seen = 0;
    String site = null;
    long enter = -1;
    long exit = -1;
    int p = sp;
    while (p < e) {
      while (p < e && buf[p] == ' ') {
        p++;
      }
      if (p >= e) {
        break;
      }
      int eq = p;
      while (eq < e && buf[eq] != '=' && buf[eq] != ' ') {
        eq++;
      }
      if (eq >= e || buf[eq] != '=') {
        throw error(op.mpiName() + ": expected key=value, found '"
            + new String(buf, p, indexOf(' ', p, e) - p, StandardCharsets.UTF_8) + "'");
      }
      int vs = eq + 1;
      int end = vs;
      while (end < e && buf[end] != ' ') {
        end++;
      }
      long packed = pack(buf, p, eq);
      Field f = packed == SITE || packed == ENTER || packed == EXIT ? null : KEYS.get(packed);
      if (f == null) {
        if (packed == SITE) {
          if (site != null) {
            throw error(op.mpiName() + ": field 'site' given twice");
          }
          site = (String) nameValue(vs, end, true);
        } else if (packed == ENTER) {
          enter = parseInt(vs, end, "enter");
        } else if (packed == EXIT) {
          exit = parseInt(vs, end, "exit");
        } else {
          throw error(op.mpiName() + " has no field '"
              + new String(buf, p, eq - p, StandardCharsets.UTF_8) + "' (its fields: "
              + fieldList(op) + ")");
        }
      } else {
        int slot = op.slot(f);
        if (slot < 0) {
          throw error(op.mpiName() + " has no field '" + f.key() + "' (its fields: "
              + fieldList(op) + ")");
        }
        if ((seen & (1L << slot)) != 0) {
          throw error(op.mpiName() + ": field '" + f.key() + "' given twice");
        }
        seen |= 1L << slot;
        if (f.kind().isList()) {
          lists[slot] = parseList(vs, end, f.kind(), f.key());
        } else {
          values[slot] = parseScalar(f, vs, end);
        }
      }
      p = end;
    }
    if (site == null || enter < 0 || exit < 0) {
      throw error(op.mpiName() + " is missing "
          + (site == null ? "site" : enter < 0 ? "enter" : "exit") + "= (every event has site,"
          + " enter and exit)");
    }
    for (int i = 0; i < nf; i++) {
      Field f = op.fields().get(i);
      if ((seen & (1L << i)) == 0 && op.isRequired(f)) {
        throw error(op.mpiName() + " is missing its required field '" + f.key() + "'");
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
    checkPeers(op, values);
    return new RawEvent(op, site, enter, exit, values, lists);
  }

  /** Keys packed into a long (all are at most 8 bytes) for a lookup without hashing bytes. */
  private static final java.util.HashMap<Long, Field> KEYS = new java.util.HashMap<>();
  private static final long SITE = pack("site");
  private static final long ENTER = pack("enter");
  private static final long EXIT = pack("exit");

  static {
    for (Field f : Field.values()) {
      KEYS.put(pack(f.key()), f);
    }
  }

  private static long pack(String key) {
    byte[] b = key.getBytes(StandardCharsets.US_ASCII);
    return pack(b, 0, b.length);
  }

  private static long pack(byte[] b, int s, int e) {
    if (e - s > 8) {
      return -1;
    }
    long k = 0;
    for (int i = s; i < e; i++) {
      k = (k << 8) | (b[i] & 0xff);
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

  private void checkPeers(Op op, long[] values) {
    int cs = op.slot(Field.COMM);
    if (cs < 0) {
      return;
    }
    long comm = values[cs];
    Integer size = commSizes.get((int) comm);
    if (comm > Integer.MAX_VALUE || size == null) {
      throw error(op.mpiName() + " uses communicator " + comm
          + ", which is not defined (a 'comm id=" + comm + " members=...' line must come first)");
    }
    for (Field f : new Field[] {Field.DEST, Field.SRC, Field.ASRC, Field.ROOT}) {
      int s = op.slot(f);
      if (s >= 0 && !Sym.isSymbol(values[s]) && values[s] >= size) {
        throw error(op.mpiName() + ": " + f.key() + "=" + values[s] + " is outside communicator "
            + comm + " (size " + size + ")");
      }
    }
  }

  private int indexOf(char c, int s, int e) {
    for (int i = s; i < e; i++) {
      if (buf[i] == c) {
        return i;
      }
    }
    return e;
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

  private long parseScalar(Field f, int s, int e) {
    FieldKind kind = f.kind();
    if (kind == FieldKind.NAME) {
      return (Integer) nameValue(s, e, false);
    }
    return parseNumberOrSymbol(kind, s, e, f.key());
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
    long v = parseInt(s, e, what);
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

  /** A name field's value: the decoded string (for site) or its interned id. */
  private Object nameValue(int s, int e, boolean asString) {
    Object cached = names.get(buf, s, e);
    if (cached == null) {
      String decoded = Names.decode(java.util.Arrays.copyOfRange(buf, s, e));
      cached = new Object[] {decoded, Interner.name(decoded)};
      names.put(buf, s, e, cached);
    }
    Object[] pair = (Object[]) cached;
    return asString ? pair[0] : pair[1];
  }
}
