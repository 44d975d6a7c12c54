package org.benchgen.rawtrace;

import static org.benchgen.rawtrace.EventLayout.ENTER_AT;
import static org.benchgen.rawtrace.EventLayout.EXIT_AT;
import static org.benchgen.rawtrace.EventLayout.FIELDS_AT;
import static org.benchgen.rawtrace.EventLayout.SITE_AT;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;

/**
 * The event lines of a rank's stream, the third layer of {@link RawTraceReader}: the general
 * parser, which reads any line (keys in any order, unknown or repeated keys reported), and the last
 * steps that every way of reading an event shares: the checks ({@link StreamChecks}), keeping the
 * line's fields for the fast path ({@link LineStarts}), and handing the event over.
 */
abstract class EventLineParser extends TokenReader {
  private final ByteCache<Op> ops = new ByteCache<>();
  /** How lines start and end, for the fast path. */
  final LineStarts starts = new LineStarts();
  /** Set once the header is read. */
  StreamChecks checks;
  /**
   * When the sink does not keep events ({@link RawTraceReader.Sink#keepsEvents}): by call, the
   * arrays of the last event, which the next event of that call reuses. Else null.
   */
  long[][] reusedValues;
  long[][][] reusedLists;

  EventLineParser(Path file, SymbolTable symbols) throws IOException {
    super(file, symbols);
    for (Op op : Op.values()) {
      byte[] b = op.mpiName().getBytes(StandardCharsets.US_ASCII);
      ops.put(b, 0, b.length, op);
    }
  }

  /** The arrays the event's values and lists are read into, set to absent. */
  long[] eventValues(Op op, EventLayout layout) {
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
  long[][] eventLists;

  /** Whether the layout's key at {@code next} follows at p after one space, as writers put it. */
  boolean expectedKeyAt(int p, EventLayout layout, int next) {
    return next < layout.keyWords().length && p < complete && buf[p] == ' '
        && ((long) LONGS.get(buf, p + 1) & layout.keyMasks()[next]) == layout.keyWords()[next]
        && p + 1 + layout.keyLengths()[next] <= complete;
  }

  /** Reads the value at vs of field f, in slot {@code slot}, into values or lists. */
  void readField(Field f, int vs, int slot, long[] values, long[][] lists) {
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
  void parseAnyEvent(int s, LineStarts.Start start, RawTraceReader.Sink sink) {
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
    EventLayout layout = EventLayout.of(op);
    long[] values = eventValues(op, layout);
    long[][] lists = eventLists;
    long seen = 0;
    long enter = -1;
    long exit = -1;
    long cpu = RawEvent.NO_CPU;
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
          Field f = EventLayout.fieldOfKey(packed);
          throw error(op.mpiName() + " has no field '"
              + (f != null ? f.key() : new String(buf, p, eq - p, StandardCharsets.UTF_8))
              + "' (its fields: " + EventLayout.fieldList(op) + ")");
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
            taken = fields = starts.reuseTail(buf, complete, start.tail, tailStart, values, lists);
            seen = (1L << taken) - 1;
            next = FIELDS_AT + taken;
            tokenEnd = taken == 0 ? tailStart : tailStart + starts.lineEnds[taken - 1];
          }
        }
      } else if (at == layout.cpuAt()) {
        if (cpu != RawEvent.NO_CPU) {
          throw error(op.mpiName() + ": field 'cpu' given twice");
        }
        long v = scanDigits(vs);
        cpu = v >= 0 ? v : parseInt(vs, tokenEnd, "cpu");
        if (cpu < 0) {
          throw error(op.mpiName() + ": cpu=" + cpu + " is negative (CPU time in nanoseconds)");
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
      if (inOrder && at >= FIELDS_AT && at != layout.cpuAt()) {
        starts.keepEnd(fields++, tokenEnd - tailStart);
      }
      p = tokenEnd;
    }
    if (site == null || enter < 0 || exit < 0) {
      throw error(op.mpiName() + " is missing "
          + (site == null ? "site" : enter < 0 ? "enter" : "exit") + "= (every event has site,"
          + " enter and exit)");
    }
    finishEvent(start, s, p, op, site, layout, enter, exit, cpu, seen, values, lists, inOrder,
        tailStart, fields, taken, siteEnd, sink);
  }

  /**
   * Checks the event read from the line at s, whose fields end at p, keeps its fields as start's
   * tail where they serve better, ends the line and hands the event to the sink: the last steps of
   * either way of reading (see {@link #parseAnyEvent} for the parameters).
   */
  void finishEvent(LineStarts.Start start, int s, int p, Op op, String site, EventLayout layout,
      long enter, long exit, long cpu, long seen, long[] values, long[][] lists, boolean inOrder,
      int tailStart, int fields, int taken, int siteEnd, RawTraceReader.Sink sink) {
    checks.event(op, layout, seen, enter, exit, values, lists);
    if (inOrder) {
      if (start.tail != null && taken >= start.tail.served) {
        start.tail.served = taken;
      } else if (fields > taken && p == tailStart + starts.lineEnds[fields - 1] && p < complete
          && buf[p] == '\n') {
        starts.keepTail(buf, start, tailStart, p, fields, taken, values, lists);
      }
    }
    endLineAt(p);
    starts.learn(buf, start, s, siteEnd, op, site);
    sink.event(op, site, enter, exit, cpu, values, lists);
  }
}
