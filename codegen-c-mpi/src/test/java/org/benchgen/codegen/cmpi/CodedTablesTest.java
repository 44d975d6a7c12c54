package org.benchgen.codegen.cmpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;
import org.junit.jupiter.api.Test;

/** Which tables are coded as characters, and that a code reads back as its numbers. */
class CodedTablesTest {
  private static Table table(int n, int distinct) {
    List<Value> items = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      items.add(new Value.Num((i * 7L % distinct) * 1000 - 3)); // negative and large values too
    }
    return new Table("seq1", "int", items);
  }

  @Test
  void aLongTableOfFewValuesReadsBackFromItsCharacters() {
    Table t = table(9001, 90);
    CModel.CodedTable c = CodedTables.of(t).orElseThrow();
    assertEquals(3, c.chunks().size()); // 4000 + 4000 + 1001 characters
    assertEquals(List.of(4000, 4000, 1001), c.chunks().stream().map(String::length).toList());
    for (String chunk : c.chunks()) {
      assertTrue(chunk.chars().allMatch(ch -> ch >= '#' && ch <= '~' && ch != '?' && ch != '\\'),
          "only characters a string literal takes as they are");
    }
    // What bg_decode does: values[character - first].
    for (int i = 0; i < 9001; i++) {
      char ch = c.chunks().get(i / 4000).charAt(i % 4000);
      assertEquals(t.items().get(i), c.values().get(ch - c.decode().first()), "item " + i);
    }
    assertEquals(new CModel.Decode("seq1", 9001, 4000, '#'), c.decode());
  }

  @Test
  void shortTablesManyValuesAndOtherKindsStayNumbers() {
    assertTrue(CodedTables.of(table(1023, 5)).isEmpty());
    assertTrue(CodedTables.of(table(5000, 97)).isEmpty()); // 97 values: more than 90 characters
    assertTrue(CodedTables.of(new Table("list1", "list", table(5000, 5).items())).isEmpty());
  }
}
