package org.benchgen.otf2;

/**
 * OTF2 states message sizes in bytes and no datatypes; benchgen's calls have counts of a
 * datatype. An imported size becomes a count of {@code MPI_BYTE} (docs/otf2.md, "What OTF2 does
 * not carry").
 */
final class Otf2Bytes {
  /** The datatype of every imported buffer. */
  static final String TYPE = "MPI_BYTE";
  /** The reduction of every imported reduction: OTF2 has none, and MPI_BOR is defined on bytes. */
  static final String OP = "MPI_BOR";

  private Otf2Bytes() {}

  /** {@code bytes} as a count of {@code MPI_BYTE}: MPI counts are {@code int}. */
  static long count(long bytes) {
    if (bytes < 0 || bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a message of " + bytes + " bytes does not fit an MPI"
          + " count of MPI_BYTE (at most 2^31-1)");
    }
    return bytes;
  }
}
