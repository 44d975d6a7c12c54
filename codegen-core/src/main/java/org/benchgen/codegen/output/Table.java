package org.benchgen.codegen.output;

import java.util.List;

/**
 * Constant data the program indexes: a cyclic value pattern, a list (length first), or a sequence
 * of lists. {@code kind} names the element type for the target: {@code int}, {@code type},
 * {@code op} or {@code list}.
 */
public record Table(String name, String kind, List<Value> items) implements OutputModel {
  public Table {
    items = immutable(items);
  }

  /** {@code items} as an immutable list: itself if it is one already held compactly. */
  public static List<Value> immutable(List<Value> items) {
    return items instanceof TableItems ? items : List.copyOf(items);
  }
}
