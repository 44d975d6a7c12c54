package org.benchgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.io.TraceFiles;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.SymbolTable;

/**
 * A trace directory copied with its call sites named as the tracer names them, 12 hex digits.
 * The tracer's folding compressor keeps a site as the 48-bit number those digits write, while
 * {@code benchgen compress} keeps any text ({@code ring.c:12}, {@code prog.c:7.1}, as
 * RandomProgram and synth write); only whether two sites are equal matters to either, so the
 * sites are renamed 000000000001, 000000000002, ... in the order they first appear (the same
 * name on every rank), and both compressors are given the copy.
 */
final class HexSites {
  private HexSites() {}

  /** Copies the streams of {@code from} into the new directory {@code to}, sites renamed. */
  static void copy(Path from, Path to) throws IOException {
    TraceDirectory dir = TraceDirectory.open(from);
    Map<String, String> sites = new HashMap<>();
    SymbolTable symbols = new SymbolTable();
    Files.createDirectories(to);
    for (int r = 0; r < dir.size(); r++) {
      // A rank's definitions and events in their order, read whole and then written (test
      // streams are small), so that no write happens inside the reader's callbacks.
      List<Object> items = new ArrayList<>();
      RawTraceReader.read(dir.rankFiles().get(r), symbols, new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] members, long[] remote) {
          items.add(new Comm(id, members, remote));
        }

        @Override
        public void event(RawEvent e) {
          String site = sites.computeIfAbsent(e.site(),
              s -> String.format("%012x", sites.size() + 1));
          items.add(new RawEvent(e.op(), site, e.enter(), e.exit(), e.values(), e.lists(),
              e.cpu()));
        }
      });
      try (RawTraceWriter w = TraceFiles.rankWriter(to, r, dir.size(), false, symbols)) {
        for (Object item : items) {
          if (item instanceof Comm c) {
            w.comm(c.id(), ranks(c.members()), ranks(c.remote()));
          } else {
            w.event((RawEvent) item);
          }
        }
      }
    }
  }

  private record Comm(long id, long[] members, long[] remote) {}

  private static List<Integer> ranks(long[] v) {
    return Arrays.stream(v).mapToObj(m -> (int) m).toList();
  }
}
