package org.benchgen.rawtrace;

import java.util.Arrays;
import org.benchgen.trace.Op;

/**
 * The reader's memory of how lines start and end, which lets the fast path read a line of a loop
 * by comparing bytes instead of parsing them: the starts seen ({@link Start}), what the previous
 * line's start predicts, each start's last fields ({@link Tail}), and where the values of the line
 * being read end. It reads the reader's buffer but owns no input.
 */
final class LineStarts {
  /**
   * How an event line starts as writers write it, {@code MPI_Call site=S}, with the call and site
   * it names and, as predictions, the starts of the lines that followed the last two times, the
   * latest first. In a loop, lines follow each other in the same order, so most lines start as
   * predicted, which a comparison of bytes confirms, without scanning or hashing the call and the
   * site. The second prediction serves where a loop's iterations end in turn in its next iteration
   * and in what follows the loop, as an inner loop does.
   */
  static final class Start {
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
  static final class Tail {
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

  /** Where the values of the line being read end, by field, as {@link Tail#ends} keeps them. */
  int[] lineEnds = new int[8];
  private final ByteCache<Start> starts = new ByteCache<>();
  /** The start of the previous event line, when it was written so. */
  private Start lastStart;

  /** Keeps where the value of the line's field {@code field} ends, in {@link #lineEnds}. */
  void keepEnd(int field, int end) {
    if (field == lineEnds.length) {
      lineEnds = Arrays.copyOf(lineEnds, 2 * field);
    }
    lineEnds[field] = end;
  }

  /**
   * Takes, from tail, the values of the leading fields whose bytes (key, value and what ends it)
   * the line in {@code buf} repeats from {@code from} on (the whole lines end at {@code
   * complete}), into values, lists and lineEnds; returns how many.
   */
  int reuseTail(byte[] buf, int complete, Tail tail, int from, long[] values, long[][] lists) {
    if (from + tail.length > complete) {
      return 0;
    }
    int m = Arrays.mismatch(buf, from, from + tail.length, tail.bytes, 0, tail.length);
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
   * Keeps the line's fields, read from {@code from} to the newline at {@code end} of {@code buf},
   * as start's tail; the first {@code taken} came from that tail, which already has them.
   */
  void keepTail(byte[] buf, Start start, int from, int end, int count, int taken,
      long[] values, long[][] lists) {
    Tail tail = start.tail;
    if (tail == null) {
      tail = new Tail();
      tail.values = new long[values.length];
      tail.lists = new long[lists.length][];
      start.tail = tail;
    }
    int length = end + 1 - from;
    if (tail.bytes.length < length) {
      tail.bytes = Arrays.copyOf(tail.bytes, length);
    }
    int same = taken == 0 ? 0 : lineEnds[taken - 1];
    System.arraycopy(buf, from + same, tail.bytes, same, length - same);
    tail.length = length;
    if (tail.ends.length < count) {
      tail.ends = Arrays.copyOf(tail.ends, count);
    }
    System.arraycopy(lineEnds, taken, tail.ends, taken, count - taken);
    tail.count = count;
    tail.served = -1;
    System.arraycopy(values, taken, tail.values, taken, values.length - taken);
    for (int i = taken; i < lists.length; i++) {
      tail.lists[i] = lists[i] == RawEvent.NO_LIST ? lists[i] : lists[i].clone();
    }
  }

  /**
   * The start of the line at s in {@code buf} when it is one the previous line's start predicts,
   * else null.
   */
  Start predicted(byte[] buf, int complete, int s) {
    if (lastStart == null) {
      return null;
    }
    Start latest = lastStart.next;
    if (latest == null || startsAs(buf, complete, latest, s)) {
      return latest;
    }
    Start other = lastStart.other;
    if (other == null || !startsAs(buf, complete, other, s)) {
      return null;
    }
    lastStart.other = latest;
    lastStart.next = other;
    return other;
  }

  /** Whether the line at s starts as {@code start}: its bytes and a space, as parsers read it. */
  private static boolean startsAs(byte[] buf, int complete, Start start, int s) {
    int e = s + start.bytes.length;
    return e < complete && buf[e] == ' '
        && Arrays.equals(buf, s, e, start.bytes, 0, start.bytes.length);
  }

  /**
   * Remembers how the line at s started ({@code siteEnd} -1: not as writers write it), and, when
   * that was not as predicted, that it follows the previous line's start.
   */
  void learn(byte[] buf, Start predicted, int s, int siteEnd, Op op, String site) {
    Start start = predicted;
    if (start == null && siteEnd >= 0) {
      start = starts.get(buf, s, siteEnd);
      if (start == null) {
        start = new Start(Arrays.copyOfRange(buf, s, siteEnd), op, site);
        starts.put(buf, s, siteEnd, start);
      }
      if (lastStart != null && lastStart.next != start) {
        lastStart.other = lastStart.next;
        lastStart.next = start;
      }
    }
    lastStart = start;
  }
}
