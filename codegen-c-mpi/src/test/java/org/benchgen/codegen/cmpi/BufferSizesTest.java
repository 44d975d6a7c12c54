package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Buffer sizes never wrap around: a hostile trace's count of 2^31 - 1 elements of an extent of
 * 2^62 bytes must not become a small buffer that the benchmark overruns.
 */
class BufferSizesTest {
  @Test
  void productsSaturateInsteadOfWrapping() {
    assertEquals(12, BufferSizes.times(3, 4));
    assertEquals(1L << 62, BufferSizes.times(1L << 31, 1L << 31));
    // 2^62 x 4 is 2^64, which a long multiplication wraps to 0.
    assertEquals(Long.MAX_VALUE, BufferSizes.times(1L << 62, 4));
    // 2^62 x 2 is 2^63: negative as a long.
    assertEquals(Long.MAX_VALUE, BufferSizes.times(1L << 62, 2));
    assertEquals(Long.MAX_VALUE, BufferSizes.times((1L << 31) - 1, 1L << 62));
    assertEquals(0, BufferSizes.times(0, 1L << 62));
  }
}
