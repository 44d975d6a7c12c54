package org.benchgen.ir.format;

import static org.benchgen.ir.Nodes.leaf;
import static org.benchgen.ir.Nodes.rep;
import static org.benchgen.ir.Nodes.seq;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

/** Expected spellings are those of docs/compressed-format.md, "Parameters". */
class ValueTextTest {
  private final SymbolTable symbols = new SymbolTable();
  private final ValueText text = new ValueText(symbols);

  private String spell(ValueSeq s, FieldKind kind) {
    return spell(s, kind, false, "");
  }

  private String spell(ValueSeq s, FieldKind kind, boolean relative, String self) {
    StringBuilder b = new StringBuilder();
    text.seq(b, s, kind, relative, self);
    return b.toString();
  }

  @Test
  void aSequenceIsItsValuesSeparatedByCommas() {
    assertEquals("8", spell(seq(leaf(8)), FieldKind.INT));
    assertEquals("1024,2048", spell(seq(leaf(1024), leaf(2048)), FieldKind.INT));
  }

  @Test
  void aRepeatedValueIsValueTimesNAndARepeatedGroupIsParenthesized() {
    assertEquals("64*5,4096*10", spell(seq(rep(5, leaf(64)), rep(10, leaf(4096))),
        FieldKind.INT));
    assertEquals("(1024,2048)*3,4096", spell(seq(rep(3, leaf(1024), leaf(2048)), leaf(4096)),
        FieldKind.INT));
    assertEquals("((1,2*2)*3,5)*4", spell(seq(rep(4, rep(3, leaf(1), rep(2, leaf(2))),
        leaf(5))), FieldKind.INT));
  }

  @Test
  void aListIsItsElementsInBrackets() {
    long counts = symbols.list(new long[] {3, 0, 12});
    long empty = symbols.list(new long[0]);
    assertEquals("[3,0,12],[]", spell(seq(leaf(counts), leaf(empty)), FieldKind.LIST));
    long reqs = symbols.list(new long[] {Sym.NULL.code(), 2});
    assertEquals("[NULL,2]", spell(seq(leaf(reqs)), FieldKind.REQS));
  }

  @Test
  void relativePeersHaveTheirSignAndNoSelfNameInFiles() {
    assertEquals("+1,-1,+0", spell(seq(leaf(1), leaf(-1), leaf(0)), FieldKind.PEER, true, ""));
    assertEquals("+2*3", spell(seq(rep(3, leaf(2))), FieldKind.PEER, true, ""));
  }

  @Test
  void relativePeersFollowTheSelfNameForPeople() {
    assertEquals("r+1,r-1,r+0", spell(seq(leaf(1), leaf(-1), leaf(0)), FieldKind.PEER, true,
        "r"));
  }

  @Test
  void symbolsInARelativeSequenceStaySymbols() {
    assertEquals("r+1,PROC_NULL", spell(seq(leaf(1), leaf(Sym.PROC_NULL.code())),
        FieldKind.PEER, true, "r"));
  }

  @Test
  void absolutePeersAreBareNumbers() {
    assertEquals("0,3", spell(seq(leaf(0), leaf(3)), FieldKind.PEER, false, "r"));
  }

  @Test
  void symbolsAreSpelledByName() {
    assertEquals("ANY_SOURCE,PROC_NULL", spell(seq(leaf(Sym.ANY_SOURCE.code()),
        leaf(Sym.PROC_NULL.code())), FieldKind.PEER));
    assertEquals("ANY_TAG", spell(seq(leaf(Sym.ANY_TAG.code())), FieldKind.TAG));
    assertEquals("UNDEFINED", spell(seq(leaf(Sym.UNDEFINED.code())), FieldKind.COLOR));
    assertEquals("-", spell(seq(leaf(Sym.ABSENT.code())), FieldKind.INT));
  }

  @Test
  void namesArePercentEncoded() {
    long plain = symbols.name("MPI_DOUBLE");
    // Space 0x20, ',' 0x2C, '*' 0x2A, '%' 0x25; 'é' is UTF-8 C3 A9.
    long odd = symbols.name("my type,*%é");
    assertEquals("MPI_DOUBLE,my%20type%2C%2A%25%C3%A9",
        spell(seq(leaf(plain), leaf(odd)), FieldKind.NAME));
  }
}
