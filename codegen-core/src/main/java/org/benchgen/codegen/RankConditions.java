package org.benchgen.codegen;

import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.output.Atom;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.RankList;

/**
 * Rank lists as conditions on a rank variable that the target names: each regular block becomes a
 * range with, for strides and 2-D blocks, a {@code var % k} window. Bounds that every rank of the
 * world meets are left out, so "all but the last column of an 8-wide grid" reads
 * {@code rank % 8 <= 6}.
 */
public final class RankConditions {
  private RankConditions() {}

  /**
   * The condition that holds exactly for the ranks of {@code ranks} among {@code 0..worldSize-1},
   * on the variable {@code var}.
   */
  public static Condition of(RankList ranks, int worldSize, String var) {
    List<List<Atom>> terms = new ArrayList<>();
    for (RankList.Block b : ranks.blocks()) {
      if (b.times() > 1 && b.stride() > 1 && b.shift() % b.stride() != 0) {
        // The stride does not fit the shift: one term per run.
        for (int k = 0; k < b.times(); k++) {
          terms.add(term(new RankList.Block(b.start() + k * b.shift(), b.stride(), b.count(), 0,
              1), worldSize, var));
        }
      } else {
        terms.add(term(b, worldSize, var));
      }
    }
    return Condition.anyOf(terms);
  }

  private static List<Atom> term(RankList.Block b, int worldSize, String var) {
    Value rank = new Value.Var(var);
    List<Atom> atoms = new ArrayList<>();
    if (b.count() == 1 && b.times() == 1) {
      atoms.add(new Atom.Is(rank, b.start()));
      return atoms;
    }
    // A bound is needed unless the window below already excludes every rank beyond it: the
    // pattern's next rank after the block (or before it) lies outside the world.
    int modulus = b.times() > 1 ? b.shift() : b.stride();
    int span = b.times() > 1 ? b.stride() * (b.count() - 1) : 0;
    boolean window = b.times() > 1 ? b.stride() == 1 : b.stride() > 1;
    if (b.start() > 0 && !(window && b.start() + span - modulus < 0)) {
      atoms.add(new Atom.AtLeast(rank, b.start()));
    }
    if (b.last() < worldSize - 1 && !(window && b.last() - span + modulus > worldSize - 1)) {
      atoms.add(new Atom.AtMost(rank, b.last()));
    }
    if (b.times() > 1) {
      int phase = b.start() % b.shift();
      mod(atoms, var, phase + span < b.shift() ? 0 : b.start(), b.shift(),
          phase + span < b.shift() ? phase : 0, phase + span < b.shift() ? phase + span : span);
    }
    if (b.stride() > 1) {
      mod(atoms, var, 0, b.stride(), b.start() % b.stride(), b.start() % b.stride());
    }
    return atoms;
  }

  /** Adds {@code lo <= (var - offset) % modulus <= hi} unless every rank meets it. */
  private static void mod(List<Atom> atoms, String var, int offset, int modulus, int lo, int hi) {
    if (lo > 0 || hi < modulus - 1) {
      atoms.add(new Atom.ModIn(var, offset, offset != 0, modulus, lo, hi, lo == hi, lo > 0,
          hi < modulus - 1));
    }
  }
}
