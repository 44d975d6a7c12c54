package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Table;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.VNode;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Sym;
import org.junit.jupiter.api.Test;

class ParamExpressionsTest {
  private static final RankList ALL = RankList.range(0, 4);
  private static final Value WORLD = new Value.Num(0);

  private final Tables tables = new Tables();
  private final ParamExpressions values = new ParamExpressions(tables, 4, "r");

  private static ValueSeq seq(long... v) {
    return new ValueSeq(Arrays.stream(v).mapToObj(x -> (VNode) new VNode.Leaf(x))
        .toList());
  }

  private static Param param(ParamEntry... entries) {
    return new Param(List.of(entries));
  }

  private static ParamEntry plain(RankList ranks, long... v) {
    return new ParamEntry(new EntryValues.Plain(seq(v)), ranks);
  }

  private static ParamEntry relative(long... v) {
    return new ParamEntry(new EntryValues.Relative(seq(v)), ALL);
  }

  private ParamExpressions.Counted of(Param p) {
    return values.of(p, ParamExpressions.NUMBER, "c", Optional.of(WORLD));
  }

  /** The condition {@code r == rank}, worked out by hand from RankConditions' rules. */
  private static Condition is(int rank) {
    return new Condition(List.of(new Condition.Term(List.of(new Atom.Is(new Value.Var("r"),
        rank)), false)));
  }

  @Test
  void aConstantIsItsValueAndReadsNoCounter() {
    assertEquals(new ParamExpressions.Counted(new Value.Num(8), false), of(param(plain(ALL, 8))));
    assertEquals(List.of(), tables.all());
  }

  @Test
  void aConstantSymbolIsTheSymbol() {
    assertEquals(new ParamExpressions.Counted(new Value.Symbol("ANY_TAG", false), false),
        of(param(plain(ALL, Sym.ANY_TAG.code()))));
  }

  @Test
  void anAbsentParameterIsTheAbsentSymbol() {
    assertEquals(new ParamExpressions.Counted(new Value.Symbol("ABSENT", false), false),
        of(Param.none()));
  }

  @Test
  void aPatternIsATableIndexedByTheCounter() {
    // 64*2,4096: one cycle is 64, 64, 4096.
    Param p = param(new ParamEntry(new EntryValues.Plain(new ValueSeq(List.of(
        VNode.Rep.of(List.of(new VNode.Leaf(64)), 2), new VNode.Leaf(4096)))), ALL));
    assertEquals(new ParamExpressions.Counted(new Value.SeqAt("seq1", "c", 3, false), true),
        of(p));
    assertEquals(List.of(new Table("seq1", "int", List.of(new Value.Num(64), new Value.Num(64),
        new Value.Num(4096)))), tables.all());
  }

  @Test
  void symbolsInAPatternAreTableSentinels() {
    assertEquals(new ParamExpressions.Counted(new Value.SeqAt("seq1", "c", 2, true), true),
        of(param(new ParamEntry(new EntryValues.Absolute(seq(Sym.PROC_NULL.code(), 1)), ALL))));
    assertEquals(List.of(new Value.Symbol("PROC_NULL", true), new Value.Num(1)),
        tables.all().get(0).items());
  }

  @Test
  void aChoiceByRankSetLeavesTheEntryWithTheLongestConditionAsOtherwise() {
    // Ranks 1 and 3 are two terms (r == 1, r == 3); ranks 0 and 2 one each.
    Param p = param(plain(RankList.of(0), 16), plain(RankList.of(1, 3), 8),
        plain(RankList.of(2), 4));
    assertEquals(new ParamExpressions.Counted(new Value.Choice(List.of(
        new Value.Case(is(0), new Value.Num(16)), new Value.Case(is(2), new Value.Num(4))),
        new Value.Num(8)), false), of(p));
  }

  @Test
  void aChoiceReadsTheCounterWhenOneOfItsValuesDoes() {
    Param p = param(plain(RankList.of(0), 16), plain(RankList.of(1, 3), 8, 9));
    assertEquals(new ParamExpressions.Counted(new Value.Choice(List.of(
        new Value.Case(is(0), new Value.Num(16))), new Value.SeqAt("seq1", "c", 2, false)), true),
        of(p));
  }

  @Test
  void entriesWithTheSameValueAreOneValue() {
    assertEquals(new ParamExpressions.Counted(new Value.Num(8), false),
        of(param(plain(RankList.of(0, 1), 8), plain(RankList.of(2, 3), 8))));
  }

  @Test
  void relativePeersAreWrappedInRelativeWithTheirCommunicator() {
    assertEquals(new ParamExpressions.Counted(new Value.Relative(new Value.Num(1), WORLD), false),
        of(param(relative(1))));
  }

  @Test
  void aRelativePatternIsWrappedAndKeepsItsSentinels() {
    // The relative-peer helper maps PROC_NULL itself: the table is not marked as holding symbols.
    assertEquals(new ParamExpressions.Counted(new Value.Relative(
        new Value.SeqAt("seq1", "c", 2, false), WORLD), true),
        of(param(relative(1, Sym.PROC_NULL.code()))));
    assertEquals(List.of(new Value.Num(1), new Value.Symbol("PROC_NULL", true)),
        tables.all().get(0).items());
  }

  @Test
  void aRelativeSymbolIsTheSymbol() {
    assertEquals(new ParamExpressions.Counted(new Value.Symbol("PROC_NULL", false), false),
        of(param(relative(Sym.PROC_NULL.code()))));
  }

  @Test
  void theConstantOnEveryRankIsFoundAcrossEntries() {
    assertEquals(OptionalLong.of(8), ParamExpressions.constant(
        param(plain(RankList.of(0, 1), 8), plain(RankList.of(2, 3), 8))));
    assertEquals(OptionalLong.empty(), ParamExpressions.constant(
        param(plain(RankList.of(0, 1), 8), plain(RankList.of(2, 3), 9))));
    assertEquals(OptionalLong.empty(), ParamExpressions.constant(param(plain(ALL, 8, 9))));
  }

  @Test
  void periodIsTheShortestThatDividesTheLength() {
    java.util.function.Function<int[], Integer> p = xs -> ParamExpressions.period(
        java.util.Arrays.stream(xs).mapToObj(x -> (Value) new Value.Num(x)).toList());
    assertEquals(1, p.apply(new int[] {7}));
    assertEquals(1, p.apply(new int[] {7, 7, 7}));
    assertEquals(2, p.apply(new int[] {1, 2, 1, 2, 1, 2}));
    assertEquals(4, p.apply(new int[] {1, 2, 1, 3, 1, 2, 1, 3}));
    // Period 2 does not divide 5: item n mod 2 is not item n mod 5 for n = 5.
    assertEquals(5, p.apply(new int[] {1, 2, 1, 2, 1}));
    assertEquals(3, p.apply(new int[] {1, 2, 3}));
  }
}
