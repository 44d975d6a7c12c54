package org.benchgen.codegen.output;

import java.util.List;

/**
 * A loop of {@code trips} iterations over {@code body}, its index {@code var} running from 0 to
 * {@code last} (= trips - 1, for targets that write an inclusive bound); {@code indexed}: a value
 * in the body reads the index (a target may then write another form of loop); {@code entries}:
 * counters of entries into the loop to advance after it.
 */
public record Loop(String var, Value trips, Value last, boolean indexed, List<String> entries,
    List<OutputModel> body) implements OutputModel {
  public Loop {
    entries = List.copyOf(entries);
    body = List.copyOf(body);
  }
}
