package org.benchgen.codegen;

/**
 * Trace text (call sites, names) made fit for a comment of any target: printable ASCII on one
 * line, shortened. Targets add their own rules for the comment syntax on top.
 */
public final class SafeText {
  /** Longest text kept; longer is cut and marked with "...". */
  public static final int MAX = 120;

  private SafeText() {}

  /** {@code text} with every character outside printable ASCII, newlines included, as {@code ?}. */
  public static String printable(String text) {
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return b.toString();
  }

  /** {@code text} cut to {@link #MAX} characters. */
  public static String shortened(String text) {
    return text.length() > MAX ? text.substring(0, MAX - 3) + "..." : text;
  }
}
