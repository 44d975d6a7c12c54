package org.benchgen.cli;

import java.io.PrintWriter;
import java.util.function.IntConsumer;

/**
 * Progress of long work on stderr, only when stderr is a terminal (so logs and tests stay clean).
 * Thread-safe; redraws at most every 200 ms.
 */
final class Progress implements IntConsumer {
  private final PrintWriter err;
  private final String what;
  private final int total;
  private final boolean enabled;
  private long lastDraw;

  Progress(PrintWriter err, String what, int total) {
    this.err = err;
    this.what = what;
    this.total = total;
    this.enabled = System.console() != null && System.getenv("BENCHGEN_NO_PROGRESS") == null;
  }

  @Override
  public synchronized void accept(int done) {
    long now = System.nanoTime();
    if (!enabled || (done < total && now - lastDraw < 200_000_000L)) {
      return;
    }
    lastDraw = now;
    err.print("\r" + what + ": " + done + "/" + total + " ranks");
    if (done >= total) {
      err.print("\r\033[K");
    }
    err.flush();
  }
}
