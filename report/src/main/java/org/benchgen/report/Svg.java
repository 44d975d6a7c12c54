package org.benchgen.report;

import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/** A chart drawn as inline SVG. */
final class Svg {
  static {
    // No display is needed to draw into SVG, and none may be there (a cluster's login node).
    System.setProperty("java.awt.headless", "true");
  }

  private Svg() {}

  /**
   * {@code chart} drawn {@code width} by {@code height}; {@code id} prefixes the SVG's ids (clip
   * paths), which must be unique in the page that holds several charts.
   */
  static Markup of(JFreeChart chart, int width, int height, String id) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    g.setDefsKeyPrefix(id);
    chart.draw(g, new Rectangle(0, 0, width, height));
    return new Markup(g.getSVGElement(id));
  }
}
