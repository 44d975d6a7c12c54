package org.benchgen.codegen;

/**
 * Names made of a prefix and a number: loop indices {@code loopPrefix} followed by the depth plus
 * {@code firstLoop}, counters {@code executionPrefix} or {@code entryPrefix} followed by the
 * number of the RSD or loop. A target passes its own prefixes.
 */
public record PrefixNaming(String rank, String loopPrefix, int firstLoop, String executionPrefix,
    String entryPrefix) implements Naming {
  @Override
  public String loopIndex(int depth) {
    return loopPrefix + (depth + firstLoop);
  }

  @Override
  public String executionCounter(int index) {
    return executionPrefix + index;
  }

  @Override
  public String entryCounter(int index) {
    return entryPrefix + index;
  }
}
