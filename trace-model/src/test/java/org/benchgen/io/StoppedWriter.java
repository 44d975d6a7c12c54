package org.benchgen.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process that starts an output and never finishes it, for {@link AtomicOutputSignalTest} to
 * stop: {@code dir TARGET} writes a directory, {@code file TARGET} a file. It prints "writing"
 * once its temporary holds something, then waits to be stopped.
 */
public final class StoppedWriter {
  private StoppedWriter() {}

  public static void main(String[] args) throws IOException {
    Path target = Path.of(args[1]);
    if (args[0].equals("dir")) {
      AtomicOutput.writeDirectory(target, tmp -> {
        Files.writeString(tmp.resolve("rank-0.trace"), "partial\n");
        waitForever();
      });
    } else {
      AtomicOutput.writeFile(target, w -> {
        w.write("partial\n");
        w.flush();
        waitForever();
      });
    }
  }

  private static void waitForever() {
    System.out.println("writing");
    System.out.flush();
    while (true) {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        // Only a signal ends this process.
      }
    }
  }
}
