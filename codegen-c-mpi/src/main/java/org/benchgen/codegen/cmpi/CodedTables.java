package org.benchgen.codegen.cmpi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;

/**
 * Long tables of few distinct numbers (an irregular section's, issue 17) written as text: one
 * character per item in string literals, indexing a table of the distinct values, decoded into
 * the table at start-up. As a list of decimal numbers, 10^6 irregular events made 10.8 MB of C;
 * a character each, about a third, which compilers read much faster.
 */
final class CodedTables {
  /** Items a table needs before it is coded: shorter ones read better as numbers. */
  static final int MIN_ITEMS = 1024;
  /** The first character of the code; the code skips '?' (trigraphs) and '\\'. */
  static final char FIRST = '#';
  static final char LAST = '~';
  /** Characters of one string literal: ISO C99 compilers must take 4095. */
  static final int CHUNK = 4000;

  private static final String ALPHABET = alphabet();

  private CodedTables() {}

  /** {@code t} coded, where it is a long table of numbers with few distinct values. */
  static Optional<CModel.CodedTable> of(Table t) {
    if (!t.kind().equals("int") || t.items().size() < MIN_ITEMS) {
      return Optional.empty();
    }
    TreeSet<Long> distinct = new TreeSet<>();
    for (Value v : t.items()) {
      if (!(v instanceof Value.Num n) || (distinct.add(n.value())
          && distinct.size() > ALPHABET.length())) {
        return Optional.empty();
      }
    }
    List<Long> values = new ArrayList<>(distinct);
    Map<Long, Character> code = new HashMap<>();
    for (int i = 0; i < values.size(); i++) {
      code.put(values.get(i), ALPHABET.charAt(i));
    }
    // Indexed by character - FIRST: the characters the code skips hold 0.
    List<Value> byChar = new ArrayList<>();
    for (char ch = FIRST; ch <= LAST; ch++) {
      int at = ALPHABET.indexOf(ch);
      byChar.add(new Value.Num(at >= 0 && at < values.size() ? values.get(at) : 0));
    }
    List<String> chunks = new ArrayList<>();
    StringBuilder b = new StringBuilder();
    for (Value v : t.items()) {
      b.append(code.get(((Value.Num) v).value()).charValue());
      if (b.length() == CHUNK) {
        chunks.add(b.toString());
        b.setLength(0);
      }
    }
    if (b.length() > 0) {
      chunks.add(b.toString());
    }
    return Optional.of(new CModel.CodedTable(t.name(), t.items().size(), byChar, chunks,
        new CModel.Decode(t.name(), t.items().size(), CHUNK, FIRST)));
  }

  private static String alphabet() {
    StringBuilder b = new StringBuilder();
    for (char ch = FIRST; ch <= LAST; ch++) {
      if (ch != '?' && ch != '\\') {
        b.append(ch);
      }
    }
    return b.toString();
  }
}
