package org.benchgen.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fields of one call, in slot order (required, then optional), as the vocabulary lists them:
 * the part of {@link Op} that is logic rather than table, so the generated enum stays a table.
 */
final class CallSignature {
  private final List<Field> fields;
  private final int requiredCount;
  private final int[] slotOf = new int[Field.values().length];

  CallSignature(String required, String optional) {
    List<Field> all = new ArrayList<>();
    for (String k : (required + " " + optional).trim().split(" +")) {
      if (!k.isEmpty()) {
        all.add(Field.forKey(k).orElseThrow(() -> new IllegalStateException("no field " + k)));
      }
    }
    this.fields = List.copyOf(all);
    this.requiredCount = required.isBlank() ? 0 : required.trim().split(" +").length;
    Arrays.fill(slotOf, -1);
    for (int i = 0; i < all.size(); i++) {
      slotOf[all.get(i).ordinal()] = i;
    }
  }

  List<Field> fields() {
    return fields;
  }

  boolean isRequired(Field f) {
    int s = slotOf[f.ordinal()];
    return s >= 0 && s < requiredCount;
  }

  int slot(Field f) {
    return slotOf[f.ordinal()];
  }
}
