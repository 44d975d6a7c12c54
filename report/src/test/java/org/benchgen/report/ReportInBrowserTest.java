package org.benchgen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.benchgen.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report in a real browser: headless Chromium opens the page, which must write nothing to the
 * console, and takes a screenshot (kept in target/screenshots for people to look at).
 */
class ReportInBrowserTest {
  private static final Path SHOTS = Path.of("target", "screenshots");

  @TempDir
  Path tmp;

  private Chromium.Rendered render(String name, String html) throws Exception {
    Path page = tmp.resolve(name + ".html");
    Files.writeString(page, html);
    return Chromium.render(page, SHOTS.resolve(name + ".png"), 1400, 2400);
  }

  /** The share of the screenshot's pixels that are not white: a blank page has none. */
  private static double inked(Path png) throws IOException {
    BufferedImage img = ImageIO.read(png.toFile());
    long ink = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        ink += (img.getRGB(x, y) & 0xFFFFFF) == 0xFFFFFF ? 0 : 1;
      }
    }
    return (double) ink / ((long) img.getWidth() * img.getHeight());
  }

  @Test
  void aSamplesPageRendersWithoutConsoleMessages() throws Exception {
    Chromium.Rendered r = render("stencil2d", Report.html(ReportTest.input(
        ReportTest.SAMPLES.resolve("stencil2d")), Optional.empty()));
    assertEquals(List.of(), r.console());
    assertTrue(inked(r.screenshot()) > 0.02, "the screenshot is almost blank");
  }

  @Test
  void aComparisonRendersWithoutConsoleMessages() throws Exception {
    Chromium.Rendered r = render("stencil2d-vs-ring", Report.html(ReportTest.input(
        ReportTest.SAMPLES.resolve("stencil2d")), Optional.of(ReportTest.input(
            ReportTest.SAMPLES.resolve("ring")))));
    assertEquals(List.of(), r.console());
    assertTrue(inked(r.screenshot()) > 0.02, "the screenshot is almost blank");
  }

  /** The check itself: a page with a failing script, which our pages never have, is caught. */
  @Test
  void aScriptErrorIsSeen() throws Exception {
    Chromium.Rendered r = render("broken", "<!DOCTYPE html><html><body><p>x</p>"
        + "<script>noSuchFunction();</script></body></html>");
    assertFalse(r.console().isEmpty());
    assertTrue(r.console().get(0).contains("noSuchFunction"), r.console().toString());
  }
}
