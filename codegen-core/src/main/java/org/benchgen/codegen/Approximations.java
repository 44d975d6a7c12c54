package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a generator could not say exactly, counted by kind: the `generate` command prints it and
 * the program's header comment lists it.
 */
public final class Approximations {
  private final Map<String, Long> counts = new LinkedHashMap<>();

  /** Notes one occurrence of {@code what} (a sentence without trace text in it). */
  public void note(String what) {
    counts.merge(what, 1L, Long::sum);
  }

  /** One line per kind, with its count when more than one. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    counts.forEach((what, n) -> out.add(n == 1 ? what : what + " (" + n + " times)"));
    return out;
  }
}
