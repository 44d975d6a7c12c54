package org.benchgen.testing;

/**
 * The environment of a program built with AddressSanitizer and UndefinedBehaviorSanitizer (the
 * tracer's fold driver), as tracer/Makefile's {@code SAN_ENV} runs it: leaks reported, every
 * finding fatal with its stack. Without the tests' {@code LD_PRELOAD} (the MPI progress throttle,
 * pom.xml): ASan's runtime must be the first library loaded, and such a program runs no MPI.
 */
public final class Sanitized {
  private Sanitized() {}

  /** Sets {@code pb}'s environment so; returns it. */
  public static ProcessBuilder environment(ProcessBuilder pb) {
    pb.environment().put("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0");
    pb.environment().put("UBSAN_OPTIONS", "print_stacktrace=1");
    pb.environment().remove("LD_PRELOAD");
    return pb;
  }
}
