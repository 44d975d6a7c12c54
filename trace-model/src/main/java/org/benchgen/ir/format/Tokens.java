package org.benchgen.ir.format;

import org.benchgen.trace.TraceProblem;

/** The {@code key=value} tokens of a compressed trace's lines and their numbers, read strictly. */
final class Tokens {
  private Tokens() {}

  /** The number of a {@code key=value} token. */
  static double doubleValue(String token, String key) {
    return decimal(value(token, key), key);
  }

  /** A decimal number, {@code what} naming it in the error. */
  static double decimal(String s, String what) {
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw new TraceProblem("bad " + what + " '" + s + "'");
    }
  }

  static int integer(String s, String what) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new TraceProblem("bad " + what + " '" + s + "'");
    }
  }

  static long longValue(String s, String what) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new TraceProblem("bad " + what + " '" + s + "'");
    }
  }

  static String value(String tok, String key) {
    if (!tok.startsWith(key + "=")) {
      throw new TraceProblem("expected " + key + "=..., found '" + tok + "'");
    }
    return tok.substring(key.length() + 1);
  }
}
