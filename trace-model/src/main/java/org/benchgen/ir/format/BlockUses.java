package org.benchgen.ir.format;

import static org.benchgen.ir.format.Tokens.longValue;
import static org.benchgen.ir.format.Tokens.value;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.TraceProblem;

/**
 * The reader's side of shared blocks ({@link SharedBlocks}): {@code block N {...}} defines a block,
 * {@code use N n=K} puts a copy of it in place, every call count scaled by K over the block's
 * first call's count. Each copy has parameter entries of its own, so that it reads its values
 * from their start as the place it stands for did; its compute paths are the block's pooled
 * ones ({@link Rsd#computeScale}).
 */
final class BlockUses {
  /**
   * The most nodes that uses may put in place in one trace: blocks that use blocks multiply, and
   * a file of a few lines must not fill the memory. The writer forms blocks only in traces of
   * {@link SharedBlocks#MAX_NODES} nodes, far below.
   */
  static final long MAX_NODES = 1L << 18;

  /** A defined block: its nodes, its first call's count and how many nodes a copy makes. */
  private record Block(List<Node> body, long first, long nodes) {}

  private final List<Block> blocks = new ArrayList<>();
  private int open;
  private long placed;
  private boolean used;

  /** {@code block N {}}: opens block N, the next number; its number. */
  int define(String[] tok) {
    if (tok.length != 3 || !tok[2].equals("{")) {
      throw new TraceProblem("expected 'block N {'");
    }
    long n = longValue(tok[1], "block number");
    if (n != blocks.size() + 1) {
      throw new TraceProblem("blocks are numbered 1, 2, 3... in order: expected block "
          + (blocks.size() + 1) + ", found " + n);
    }
    open = (int) n;
    return open;
  }

  /** The closing brace of block {@code n}, with its nodes. */
  void close(int n, List<Node> body) {
    long first = firstCalls(body);
    if (first <= 0) {
      throw new TraceProblem("block " + n + " makes no first call (n=0 or no call), so its uses"
          + " cannot say which share of its calls they made");
    }
    blocks.add(new Block(List.copyOf(body), first, nodes(body)));
    open = 0;
  }

  /** Whether a block was used: the reader then checks the whole trace once more. */
  boolean used() {
    return used;
  }

  /** {@code use N n=K}: the copy of block N that K of its first calls make. */
  List<Node> use(String[] tok) {
    if (tok.length != 3) {
      throw new TraceProblem("expected 'use N n=K'");
    }
    long n = longValue(tok[1], "block number");
    if (n < 1 || n > blocks.size()) {
      throw new TraceProblem("block " + n + " is not defined" + (n == open
          ? " yet: a block cannot use itself" : " above"));
    }
    Block b = blocks.get((int) n - 1);
    long k = longValue(value(tok[2], "n"), "count");
    if (k < 1 || k > b.first()) {
      throw new TraceProblem("use of block " + n + " with n=" + k + ": a use makes between 1 and"
          + " the block's " + b.first() + " first calls");
    }
    placed += b.nodes();
    if (placed > MAX_NODES) {
      throw new TraceProblem("the uses of shared blocks put more than " + MAX_NODES
          + " nodes in place");
    }
    used = true;
    return scaled(b.body(), k, b.first());
  }

  /** How many times a body made its first call, 0 without one. */
  private static long firstCalls(List<Node> body) {
    if (body.isEmpty()) {
      return 0;
    }
    return body.get(0) instanceof Loop l ? firstCalls(l.body())
        : ((Rsd) body.get(0)).duration().count();
  }

  private static long nodes(List<Node> body) {
    long n = body.size();
    for (Node x : body) {
      if (x instanceof Loop l) {
        n += nodes(l.body());
      }
    }
    return n;
  }

  private static List<Node> scaled(List<Node> body, long k, long first) {
    List<Node> out = new ArrayList<>(body.size());
    for (Node x : body) {
      if (x instanceof Loop l) {
        out.add(new Loop(l.ranks(), fresh(l.trips()), scaled(l.body(), k, first)));
      } else {
        Rsd r = (Rsd) x;
        long count = scale(r.duration().count(), k, first);
        out.add(new Rsd(r.op(), r.site(), r.ranks(), r.params().stream().map(BlockUses::fresh)
            .toList(), r.compute(), new CallTime(count, count == 0 ? 0 : r.duration().mean())));
      }
    }
    return out;
  }

  /** count x k / first, rounded down: exact for a file the writer wrote; k <= first. */
  private static long scale(long count, long k, long first) {
    try {
      return Math.multiplyExact(count, k) / first;
    } catch (ArithmeticException e) {
      return BigInteger.valueOf(count).multiply(BigInteger.valueOf(k))
          .divide(BigInteger.valueOf(first)).longValueExact();
    }
  }

  /** The same values in entries of the copy's own (a traversal keeps a cursor per entry). */
  private static Param fresh(Param p) {
    return new Param(p.entries().stream().map(e -> new ParamEntry(e.values(), e.ranks()))
        .toList());
  }
}
