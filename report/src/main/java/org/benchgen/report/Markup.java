package org.benchgen.report;

/**
 * SVG markup drawn by JFreeSVG, which escapes every text it draws: placed in the page as it is,
 * where every plain string is escaped ({@link HtmlText}).
 */
public record Markup(String svg) {
  @Override
  public String toString() {
    return svg;
  }
}
