package org.benchgen.ir.format;

import java.util.List;
import java.util.function.ToIntFunction;
import org.benchgen.ir.ChoiceColumn;
import org.benchgen.ir.ChoiceTable;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * Values as text, the one spelling shared by the compressed format and the tree view: sequences
 * {@code a,b*3,(c,d)*10}, lists {@code [a,b]}, names percent-encoded, symbols by name, relative
 * peers with their sign.
 */
public final class ValueText {
  private final SymbolTable symbols;
  /** The number each choice table is written as ({@code $C.J}, issue 50). */
  private final ToIntFunction<ChoiceTable> choiceNumbers;

  /** Values whose names and lists are ids in {@code symbols}. */
  public ValueText(SymbolTable symbols) {
    this(symbols, ChoiceTable::number);
  }

  /** The same, with choice tables numbered as {@code choiceNumbers} says. */
  ValueText(SymbolTable symbols, ToIntFunction<ChoiceTable> choiceNumbers) {
    this.symbols = symbols;
    this.choiceNumbers = choiceNumbers;
  }

  /**
   * Appends a value sequence; relative peers (when {@code relative}) as {@code self} followed by
   * their signed offset ({@code +1} in files, {@code r+1} for people).
   */
  public void seq(StringBuilder b, ValueSeq s, FieldKind kind, boolean relative, String self) {
    if (s.nodes() instanceof ChoiceColumn c) {
      b.append('$').append(choiceNumbers.applyAsInt(c.table())).append('.').append(c.index());
      return;
    }
    nodes(b, s.nodes(), kind, relative, self);
  }

  private void nodes(StringBuilder b, List<VNode> nodes, FieldKind kind, boolean relative,
      String self) {
    for (int i = 0; i < nodes.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      VNode n = nodes.get(i);
      if (n instanceof VNode.Leaf l) {
        scalar(b, l.value(), kind, relative, self);
      } else {
        VNode.Rep r = (VNode.Rep) n;
        if (r.body().size() == 1 && r.body().get(0) instanceof VNode.Leaf l) {
          scalar(b, l.value(), kind, relative, self);
        } else {
          b.append('(');
          nodes(b, r.body(), kind, relative, self);
          b.append(')');
        }
        b.append('*').append(r.times());
      }
    }
  }

  private void scalar(StringBuilder b, long v, FieldKind kind, boolean relative, String self) {
    if (kind.isList() && !Sym.isSymbol(v)) {
      long[] l = symbols.list(v);
      b.append('[');
      for (int i = 0; i < l.length; i++) {
        if (i > 0) {
          b.append(',');
        }
        RawTraceWriter.appendScalar(b, kind, l[i], symbols::name);
      }
      b.append(']');
    } else if (relative && !Sym.isSymbol(v)) {
      b.append(self).append(v >= 0 ? "+" : "").append(v);
    } else {
      RawTraceWriter.appendScalar(b, kind, v, symbols::name);
    }
  }
}
