package org.benchgen.rawtrace;

import java.util.Arrays;

/**
 * A small open-addressing map from byte ranges to values, so the reader allocates no strings. Each
 * slot also keeps its key's length and first and last 8 bytes (a key shorter than 8 bytes: all of
 * it), which are the whole key up to 16 bytes, as most names are: those are found by comparing
 * three numbers, without reading the key's bytes.
 */
final class ByteCache<V> {
  private static final int MAX_SIZE = 1 << 16;
  private byte[][] keys = new byte[64][];
  private int[] lengths = new int[64];
  private long[] heads = new long[64];
  private long[] tails = new long[64];
  private Object[] vals = new Object[64];
  private int size;

  private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles
      .byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  /** The first 8 bytes of [s, e), or all of them when fewer. */
  private static long head(byte[] b, int s, int e) {
    if (e - s >= 8) {
      return (long) LONGS.get(b, s);
    }
    long h = 0;
    for (int i = e - 1; i >= s; i--) {
      h = h << 8 | (b[i] & 0xff);
    }
    return h;
  }

  /** The last 8 bytes of [s, e), or 0 when fewer (the head has them all). */
  private static long tail(byte[] b, int s, int e) {
    return e - s >= 8 ? (long) LONGS.get(b, e - 8) : 0;
  }

  private static int hash(long head, long tail, int len) {
    long h = (head * 0x9E3779B97F4A7C15L ^ tail + len) * 0xff51afd7ed558ccdL;
    return (int) (h ^ (h >>> 32));
  }

  @SuppressWarnings("unchecked")
  V get(byte[] b, int s, int e) {
    int len = e - s;
    long head = head(b, s, e);
    long tail = tail(b, s, e);
    int mask = keys.length - 1;
    for (int i = hash(head, tail, len) & mask; ; i = (i + 1) & mask) {
      byte[] k = keys[i];
      if (k == null) {
        return null;
      }
      if (lengths[i] == len && heads[i] == head && tails[i] == tail
          && (len <= 16 || Arrays.equals(k, 8, len - 8, b, s + 8, e - 8))) {
        return (V) vals[i];
      }
    }
  }

  @SuppressWarnings("unchecked")
  void put(byte[] b, int s, int e, V v) {
    if (size >= MAX_SIZE) {
      return; // a cache, not a store: past this size, callers just do the slow path
    }
    if (2 * (size + 1) > keys.length) {
      byte[][] oldK = keys;
      Object[] oldV = vals;
      int n = oldK.length * 2;
      keys = new byte[n][];
      lengths = new int[n];
      heads = new long[n];
      tails = new long[n];
      vals = new Object[n];
      size = 0;
      for (int i = 0; i < oldK.length; i++) {
        if (oldK[i] != null) {
          put(oldK[i], 0, oldK[i].length, (V) oldV[i]);
        }
      }
    }
    int len = e - s;
    long head = head(b, s, e);
    long tail = tail(b, s, e);
    int mask = keys.length - 1;
    int i = hash(head, tail, len) & mask;
    while (keys[i] != null) {
      i = (i + 1) & mask;
    }
    keys[i] = Arrays.copyOfRange(b, s, e);
    lengths[i] = len;
    heads[i] = head;
    tails[i] = tail;
    vals[i] = v;
    size++;
  }
}
