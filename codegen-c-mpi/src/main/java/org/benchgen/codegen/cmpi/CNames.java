package org.benchgen.codegen.cmpi;

import java.util.Set;
import org.benchgen.codegen.SafeText;

/**
 * What from a trace may appear in C: only predefined MPI datatypes and operations from these lists
 * (anything else is replaced and reported), and call sites only inside comments, cleaned so they
 * can neither end the comment nor open another.
 */
final class CNames {
  private CNames() {}

  static final Set<String> TYPES = Set.of("MPI_CHAR", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR",
      "MPI_BYTE", "MPI_WCHAR", "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_INT", "MPI_UNSIGNED",
      "MPI_LONG", "MPI_UNSIGNED_LONG", "MPI_LONG_LONG_INT", "MPI_LONG_LONG",
      "MPI_UNSIGNED_LONG_LONG", "MPI_FLOAT", "MPI_DOUBLE", "MPI_LONG_DOUBLE", "MPI_C_BOOL",
      "MPI_INT8_T", "MPI_INT16_T", "MPI_INT32_T", "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T",
      "MPI_UINT32_T", "MPI_UINT64_T", "MPI_AINT", "MPI_OFFSET", "MPI_COUNT", "MPI_C_COMPLEX",
      "MPI_C_FLOAT_COMPLEX", "MPI_C_DOUBLE_COMPLEX", "MPI_FLOAT_INT", "MPI_DOUBLE_INT",
      "MPI_LONG_INT", "MPI_2INT", "MPI_SHORT_INT", "MPI_LONG_DOUBLE_INT", "MPI_PACKED",
      "MPI_INTEGER", "MPI_REAL", "MPI_DOUBLE_PRECISION", "MPI_COMPLEX", "MPI_DOUBLE_COMPLEX",
      "MPI_LOGICAL", "MPI_CHARACTER", "MPI_2INTEGER", "MPI_2REAL", "MPI_2DOUBLE_PRECISION",
      "MPI_DATATYPE_NULL");

  static final Set<String> OPS = Set.of("MPI_SUM", "MPI_PROD", "MPI_MAX", "MPI_MIN", "MPI_LAND",
      "MPI_LOR", "MPI_LXOR", "MPI_BAND", "MPI_BOR", "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC",
      "MPI_REPLACE", "MPI_NO_OP", "MPI_OP_NULL");

  /** Types a bitwise-or reduction accepts: the replacement for operations we cannot name. */
  static final Set<String> INTEGER_TYPES = Set.of("MPI_CHAR", "MPI_SIGNED_CHAR",
      "MPI_UNSIGNED_CHAR", "MPI_BYTE", "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_INT",
      "MPI_UNSIGNED", "MPI_LONG", "MPI_UNSIGNED_LONG", "MPI_LONG_LONG_INT", "MPI_LONG_LONG",
      "MPI_UNSIGNED_LONG_LONG", "MPI_INTEGER", "MPI_INT8_T", "MPI_INT16_T", "MPI_INT32_T",
      "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_UINT32_T", "MPI_UINT64_T");

  /**
   * Text made safe inside a C block comment: printable ASCII only (anything else, newlines
   * included, becomes {@code ?}), and no {@code /*}, its end or {@code ??} (a trigraph's start),
   * which are broken with a space.
   */
  static String comment(String text) {
    String s = SafeText.printable(text);
    // Also no "??": with trigraphs (C99), "??/" is a backslash.
    while (s.contains("*/") || s.contains("/*") || s.contains("??")) {
      s = s.replace("*/", "* /").replace("/*", "/ *").replace("??", "? ?");
    }
    return SafeText.shortened(s);
  }
}
