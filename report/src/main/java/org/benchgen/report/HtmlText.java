package org.benchgen.report;

/**
 * Every string of the page's model as HTML text: a trace comes from a stranger, and a site name
 * like {@code <script>} must stay text. Control characters other than tab and newline become
 * U+FFFD.
 */
final class HtmlText {
  private HtmlText() {}

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          if (c < 0x20 && c != '\n' && c != '\t') {
            b.append("&#xfffd;");
          } else {
            b.appendCodePoint(c);
          }
        }
      }
    });
    return b.toString();
  }
}
