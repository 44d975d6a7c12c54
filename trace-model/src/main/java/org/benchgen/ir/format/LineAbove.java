package org.benchgen.ir.format;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A call line as the next call line's shorthands see it: its site ({@code compute ^} names
 * it) and its peer fields' texts in field order ({@code dest=^src} names one). The writer and the
 * reader keep one each, for the call line above the one at hand.
 */
record LineAbove(String site, Map<String, String> peers) {
  LineAbove {
    peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
  }
}
