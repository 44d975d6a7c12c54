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
import org.benchgen.trace.Names;
import org.benchgen.trace.TraceProblem;

/**
 * The reader's side of shared blocks ({@link SharedBlocks}): {@code block N {...}} defines a block,
 * {@code use N n=K} puts a copy of it in place, every call count scaled by K over the block's
 * first call's count. Each copy has parameter entries of its own, so that it reads its values
 * from their start as the place it stands for did; its compute paths are the block's pooled
 * ones ({@link Rsd#computeScale}).
 *
 * <p>Blocks that use blocks multiply, so a file of a few lines could stand for more than any
 * memory or disk holds: the uses of a file may put in place at most what the writer ever shares
 * (it checks, {@link SharedBlocks}): {@link SharedBlocks#MAX_NODES} nodes, {@link
 * SharedBlocks#MAX_ENTRIES} parameter entries, {@link #MAX_TEXT} bytes of call and loop lines and
 * {@link #MAX_COMPUTE_LINES} compute lines; and loops nest no deeper through blocks than
 * elsewhere.
 */
final class BlockUses {
  static final long MAX_TEXT = 128L << 20;
  static final long MAX_COMPUTE_LINES = 1L << 20;

  /**
   * A defined block: its nodes, its first call's count, and what a copy puts in place: nodes,
   * parameter entries, bytes of call and loop lines, and the depth of its loops.
   */
  private record Block(List<Node> body, long first, long nodes, long entries, long text,
      long computeLines, int depth) {}

  private final List<Block> blocks = new ArrayList<>();
  /** The block being defined (0 outside one), and the text of its lines so far. */
  private int open;
  private long openText;
  private long openCompute;
  private final long[] placed = new long[4];
  private boolean used;

  /** Whether a block is being defined. */
  boolean defining() {
    return open > 0;
  }

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
    openText = 0;
    openCompute = 0;
    return open;
  }

  /** A call or loop line of the block being defined, as long as {@code length}. */
  void line(int length) {
    openText += length;
  }

  /** A compute line of the block being defined. */
  void computeLine() {
    openCompute++;
  }

  /** The closing brace of block {@code n}, with its nodes. */
  void close(int n, List<Node> body) {
    long first = firstCalls(body);
    if (first <= 0) {
      throw new TraceProblem("block " + n + " makes no first call (n=0 or no call), so its uses"
          + " cannot say which share of its calls they made");
    }
    long[] size = new long[2];
    SharedBlocks.count(body, size);
    blocks.add(new Block(List.copyOf(body), first, size[0], size[1], openText, openCompute,
        depth(body)));
    open = 0;
  }

  /** Whether a block was used: the reader then checks the whole trace once more. */
  boolean used() {
    return used;
  }

  /** {@code use N n=K} inside {@code loops} loops: the copy of block N that makes K first calls. */
  List<Node> use(String[] tok, int loops) {
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
    CompressedTraceChecks.loopDepth(loops + b.depth());
    placed[0] += b.nodes();
    placed[1] += b.entries();
    placed[2] += b.text();
    placed[3] += b.computeLines();
    if (placed[0] > SharedBlocks.MAX_NODES || placed[1] > SharedBlocks.MAX_ENTRIES
        || placed[2] > MAX_TEXT || placed[3] > MAX_COMPUTE_LINES) {
      throw new TraceProblem("the uses of shared blocks put more in place than the writer ever"
          + " shares: " + placed[0] + " nodes (at most " + SharedBlocks.MAX_NODES + "), "
          + placed[1] + " parameter entries (at most " + SharedBlocks.MAX_ENTRIES + "), "
          + placed[2] + " bytes of call and loop lines (at most " + MAX_TEXT + ") or "
          + placed[3] + " compute lines (at most " + MAX_COMPUTE_LINES + ")");
    }
    if (open > 0) {
      openText += b.text();
      openCompute += b.computeLines();
    }
    used = true;
    return scaled(b.body(), k, b.first(), n);
  }

  /** How many times a body made its first call, 0 without one. */
  private static long firstCalls(List<Node> body) {
    if (body.isEmpty()) {
      return 0;
    }
    return body.get(0) instanceof Loop l ? firstCalls(l.body())
        : ((Rsd) body.get(0)).duration().count();
  }

  /** How deep loops nest in {@code body} (0 without loops). */
  private static int depth(List<Node> body) {
    int d = 0;
    for (Node x : body) {
      if (x instanceof Loop l) {
        d = Math.max(d, 1 + depth(l.body()));
      }
    }
    return d;
  }

  private static List<Node> scaled(List<Node> body, long k, long first, long block) {
    List<Node> out = new ArrayList<>(body.size());
    for (Node x : body) {
      if (x instanceof Loop l) {
        out.add(new Loop(l.ranks(), fresh(l.trips()), scaled(l.body(), k, first, block)));
      } else {
        Rsd r = (Rsd) x;
        long count = scale(r, k, first, block);
        out.add(new Rsd(r.op(), r.site(), r.ranks(), r.params().stream().map(BlockUses::fresh)
            .toList(), r.compute(), new CallTime(count, count == 0 ? 0 : r.duration().mean())));
      }
    }
    return out;
  }

  /**
   * The call's count at a place that made {@code k} of the block's {@code first} first calls:
   * count x k / first, which is whole in what the writer writes (it shares only places whose
   * counts are proportional); a file where it is not is refused.
   */
  private static long scale(Rsd r, long k, long first, long block) {
    BigInteger[] q = BigInteger.valueOf(r.duration().count()).multiply(BigInteger.valueOf(k))
        .divideAndRemainder(BigInteger.valueOf(first));
    if (q[1].signum() != 0) {
      throw new TraceProblem("use of block " + block + " with n=" + k + ": its "
          + r.op().mpiName() + " at " + Names.encode(r.site()) + " made " + r.duration().count()
          + " calls, of which " + k + "/" + first + " is not a whole number");
    }
    return q[0].longValueExact();
  }

  /** The same values in entries of the copy's own (a traversal keeps a cursor per entry). */
  private static Param fresh(Param p) {
    return new Param(p.entries().stream().map(e -> new ParamEntry(e.values(), e.ranks()))
        .toList());
  }
}
