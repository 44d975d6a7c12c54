package org.benchgen.rawtrace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;

/**
 * What the parser needs of a call, by {@link Op#ordinal()}: its keys in the order writers give
 * them (site, enter, exit, then the fields by slot, then the optional cpu), packed as the key scan
 * packs them and, for a one-word match, as the bytes {@code key=} and their mask; its values and
 * lists before any field is read (copied per event); the slots that must be present; the slots of
 * the peers checked against the communicator ({@link #PEERS}). One per call, made once
 * ({@link #of}).
 */
record EventLayout(Field[] fields, long[] keys, long[] keyWords, long[] keyMasks,
    int[] keyLengths, long[] absent, long[][] noLists, long required, int[] peers) {

  /** Positions of the keys in a layout: site, enter, exit, the fields by slot, then cpu. */
  static final int SITE_AT = 0;
  static final int ENTER_AT = 1;
  static final int EXIT_AT = 2;
  static final int FIELDS_AT = 3;

  /** The fields checked against the communicator's size, in the order they are checked. */
  private static final Field[] PEERS = {Field.DEST, Field.SRC, Field.ASRC, Field.ROOT};

  private static final EventLayout[] LAYOUTS =
      Arrays.stream(Op.values()).map(EventLayout::build).toArray(EventLayout[]::new);

  /** The layout of {@code op}'s lines. */
  static EventLayout of(Op op) {
    return LAYOUTS[op.ordinal()];
  }

  /** The field whose key packs as {@code packed}, if any (to name an unexpected key). */
  static Field fieldOfKey(long packed) {
    return KEYS.get(packed);
  }

  private static EventLayout build(Op op) {
    Field[] fields = op.fields().toArray(new Field[0]);
    int n = FIELDS_AT + fields.length + 1;
    long[] keys = new long[n];
    long[] keyWords = new long[n];
    long[] keyMasks = new long[n];
    int[] keyLengths = new int[n];
    for (int i = 0; i < n; i++) {
      String key = i == SITE_AT ? "site" : i == ENTER_AT ? "enter" : i == EXIT_AT ? "exit"
          : i == n - 1 ? "cpu" : fields[i - FIELDS_AT].key();
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
    int[] peers = Arrays.stream(PEERS).mapToInt(op::slot).filter(i -> i >= 0)
        .toArray();
    return new EventLayout(fields, keys, keyWords, keyMasks, keyLengths, absent, noLists, required,
        peers);
  }

  /** The position of the optional key cpu, after every field. */
  int cpuAt() {
    return keys.length - 1;
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

  /** The fields by packed key, to name an unexpected one. */
  private static final Map<Long, Field> KEYS = new HashMap<>();

  static {
    for (Field f : Field.values()) {
      KEYS.put(pack(f.key()), f);
    }
  }

  /** Big-endian bytes of a key of at most 8 bytes (longer keys: -1), as parseEvent packs them. */
  static long pack(String key) {
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

  /** The keys a line of {@code op} may have, for an error message. */
  static String fieldList(Op op) {
    StringBuilder b = new StringBuilder("site enter exit");
    for (Field f : op.fields()) {
      b.append(' ').append(f.key());
    }
    return b.append(" cpu").toString();
  }
}
