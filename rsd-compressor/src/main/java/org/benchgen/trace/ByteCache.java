package org.benchgen.trace;

import java.util.Arrays;

/** A small open-addressing map from byte ranges to values, so the reader allocates no strings. */
final class ByteCache<V> {
  private static final int MAX_SIZE = 1 << 16;
  private byte[][] keys = new byte[64][];
  private Object[] vals = new Object[64];
  private int size;

  private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles
      .byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  /** Length and the first and last 8 bytes: cheap, and enough to tell names apart in practice. */
  private static int hash(byte[] b, int s, int e) {
    int len = e - s;
    long h;
    if (len >= 8) {
      h = (long) LONGS.get(b, s) * 0x9E3779B97F4A7C15L ^ (long) LONGS.get(b, e - 8) + len;
    } else {
      h = len;
      for (int i = s; i < e; i++) {
        h = h * 31 + b[i];
      }
    }
    h *= 0xff51afd7ed558ccdL;
    return (int) (h ^ (h >>> 32));
  }

  @SuppressWarnings("unchecked")
  V get(byte[] b, int s, int e) {
    int mask = keys.length - 1;
    for (int i = hash(b, s, e) & mask; ; i = (i + 1) & mask) {
      byte[] k = keys[i];
      if (k == null) {
        return null;
      }
      if (Arrays.equals(k, 0, k.length, b, s, e)) {
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
      keys = new byte[oldK.length * 2][];
      vals = new Object[oldK.length * 2];
      size = 0;
      for (int i = 0; i < oldK.length; i++) {
        if (oldK[i] != null) {
          put(oldK[i], 0, oldK[i].length, (V) oldV[i]);
        }
      }
    }
    int mask = keys.length - 1;
    int i = hash(b, s, e) & mask;
    while (keys[i] != null) {
      i = (i + 1) & mask;
    }
    keys[i] = Arrays.copyOfRange(b, s, e);
    vals[i] = v;
    size++;
  }
}
