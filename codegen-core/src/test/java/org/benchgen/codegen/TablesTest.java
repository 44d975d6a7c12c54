package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.benchgen.codegen.output.Compute;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.TableItems;
import org.benchgen.codegen.output.Value;
import org.junit.jupiter.api.Test;

class TablesTest {
  private static final List<Value> ONE_TWO = List.of(new Value.Num(1), new Value.Num(2));

  @Test
  void theSameContentIsTheSameTable() {
    Tables t = new Tables();
    assertEquals("seq1", t.of("int", ONE_TWO));
    assertEquals("seq1", t.of("int", List.of(new Value.Num(1), new Value.Num(2))));
    assertEquals(List.of(new Table("seq1", "int", ONE_TWO)), t.all());
  }

  @Test
  void otherContentOrAnotherKindIsAnotherTableNumberedInOrderOfFirstUse() {
    Tables t = new Tables();
    t.of("int", ONE_TWO);
    assertEquals("seq2", t.of("int", List.of(new Value.Num(2), new Value.Num(1))));
    assertEquals("list3", t.of("list", ONE_TWO));
    assertEquals("seq4", t.of("type", List.of(new Value.TypeName("MPI_INT"))));
    assertEquals(List.of("seq1", "seq2", "list3", "seq4"),
        t.all().stream().map(Table::name).toList());
  }

  @Test
  void itemsHeldAsNumbersAreTheTableOfTheirValues() {
    Tables t = new Tables();
    long[] codes = {1, 2, 7};
    // Two functions that make the same values: equality is by the values, not the function.
    TableItems a = new TableItems(codes, 2, Value.Num::new);
    TableItems b = new TableItems(codes, 2, v -> new Value.Num(v));
    assertEquals(ONE_TWO, a);
    assertEquals(ONE_TWO.hashCode(), a.hashCode());
    assertEquals("seq1", t.of("int", a));
    assertEquals("seq1", t.of("int", ONE_TWO));
    assertEquals("seq1", t.of("int", b));
    codes[0] = 5; // the items were copied
    assertEquals(new Value.Num(1), a.get(0));
    assertEquals("seq2", t.of("int", new TableItems(codes, 3, Value.Num::new)));
    assertEquals(List.of(new Value.Num(5), new Value.Num(2), new Value.Num(7)),
        t.all().get(1).items());
    assertThrows(UnsupportedOperationException.class, () -> a.set(0, new Value.Num(3)));
  }

  @Test
  void theSameHistogramIsTheSameTable() {
    Tables t = new Tables();
    List<Compute.Bin> bins = List.of(new Compute.Bin(10, 4));
    assertEquals("hist1", t.histogram(600, 900, bins, "1.000000"));
    assertEquals("hist1", t.histogram(600, 900, List.of(new Compute.Bin(10, 4)), "1.000000"));
    assertEquals("hist2", t.histogram(600, 900, bins, "1.100000"));
    assertEquals(2, t.histograms().size());
  }
}
