package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.benchgen.findings.Finding;
import org.benchgen.findings.Problem;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.CollectiveSide;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Step;

/**
 * The sizes of a neighbourhood collective's blocks (part of {@link SizeChecks}): what member i
 * sends to neighbour j is what j receives from i. The neighbours are the topology's, in MPI's
 * order: a Cartesian communicator's, for each dimension, the rank one step down then one step up
 * (MPI_PROC_NULL off a non-periodic edge), as sources and as destinations alike; a graph's
 * (`MPI_Graph_create`) its traced neighbours both ways; a distributed graph's its traced sources
 * and destinations. Where i is j's neighbour more than once (a periodic side of 2) MPI pairs the
 * blocks by direction, so the blocks between two ranks are compared as multisets: a difference
 * is certain to abort, and no valid trace is refused.
 */
final class NeighbourSizes {
  /** A member's topology neighbours, as ranks of the communicator; -1 for MPI_PROC_NULL. */
  private record Neighbours(int[] sources, int[] dests) {}

  /** A Cartesian communicator's sides and periodicity, for the MPI_Cart_sub made of it. */
  private record Cart(long[] dims, long[] periods) {}

  /** A member at a neighbourhood collective: its bytes to each destination, from each source. */
  private record Member(int rank, int inComm, Step step, Neighbours nb, long[] to, long[] from) {}

  private final Map<Long, Cart> carts = new HashMap<>();
  /** By communicator, then rank in it. */
  private final Map<Long, Map<Integer, Neighbours>> topologies = new HashMap<>();
  private final Map<Long, List<Member>> arriving = new HashMap<>();

  /** Whether {@code op} makes a communicator with a topology this class reads. */
  static boolean makesTopology(Op op) {
    return op == Op.CART_CREATE || op == Op.CART_SUB || op == Op.GRAPH_CREATE
        || op == Op.DIST_GRAPH_CREATE || op == Op.DIST_GRAPH_CREATE_ADJACENT;
  }

  /**
   * A member made topology communicator {@code newcomm} with {@code e}, where its rank is
   * {@code inNew} (-1: not a member, as ranks left out of a Cartesian grid); {@code parent} is
   * the communicator it was made from.
   */
  void made(RawEvent e, long parent, long newcomm, int inNew) {
    Op op = e.op();
    Optional<long[][]> grid = Optional.empty();
    if (op == Op.CART_CREATE) {
      grid = Optional.of(new long[][] {e.list(Field.DIMS), e.list(Field.PERIODS)});
    } else if (op == Op.CART_SUB && carts.containsKey(parent)) {
      Cart c = carts.get(parent);
      long[] remain = e.list(Field.REMAIN);
      List<Long> dims = new ArrayList<>();
      List<Long> periods = new ArrayList<>();
      for (int d = 0; d < remain.length && d < c.dims().length; d++) {
        if (remain[d] != 0) {
          dims.add(c.dims()[d]);
          periods.add(d < c.periods().length ? c.periods()[d] : 0);
        }
      }
      grid = Optional.of(new long[][] {dims.stream().mapToLong(Long::longValue).toArray(),
          periods.stream().mapToLong(Long::longValue).toArray()});
    }
    if (grid.isPresent()) {
      carts.put(newcomm, new Cart(grid.get()[0], grid.get()[1]));
    }
    if (inNew < 0) {
      return;
    }
    Optional<Neighbours> nb;
    if (grid.isPresent()) {
      nb = cartesian(grid.get()[0], grid.get()[1], inNew);
    } else if (op == Op.GRAPH_CREATE) {
      nb = Optional.of(new Neighbours(ranks(e.list(Field.DESTS)), ranks(e.list(Field.DESTS))));
    } else if (op == Op.DIST_GRAPH_CREATE || op == Op.DIST_GRAPH_CREATE_ADJACENT) {
      nb = e.isPresent(Field.SOURCES) && e.isPresent(Field.DESTS)
          ? Optional.of(new Neighbours(ranks(e.list(Field.SOURCES)), ranks(e.list(Field.DESTS))))
          : Optional.empty(); // traces before issue 17 lack the lists
    } else {
      nb = Optional.empty();
    }
    nb.ifPresent(n -> topologies.computeIfAbsent(newcomm, k -> new HashMap<>()).put(inNew, n));
  }

  /**
   * Rank {@code r}, rank {@code inComm} of {@code comm}, arrives at neighbourhood collective
   * {@code e}; {@code key} is the meeting's (the communicator's, or a nonblocking one's own).
   */
  void arrive(int r, Step s, RawEvent e, long comm, long key, int inComm) {
    Neighbours nb = topologies.getOrDefault(comm, Map.of()).get(inComm);
    if (nb == null) {
      return; // a topology this class does not know: not checked
    }
    Op op = e.op();
    long[] to = CollectiveSide.sent(op).map(x -> VectorSizes.blocks(e, x, nb.dests().length, -1))
        .orElse(new long[0]);
    long[] from = CollectiveSide.received(op).map(x -> VectorSizes.blocks(e, x, nb.sources().length, -1))
        .orElse(new long[0]);
    arriving.computeIfAbsent(key, k -> new ArrayList<>())
        .add(new Member(r, inComm, s, nb, to, from));
  }

  /** Every member has arrived: the blocks between each pair of neighbours must agree. */
  Optional<Finding> complete(long key) {
    List<Member> members = arriving.remove(key);
    if (members == null) {
      return Optional.empty();
    }
    // The pairs that are neighbours one way or the other, each member's in arrival order: a
    // neighbourhood is a few ranks, and comparing every pair of members grows as P^2.
    Map<Integer, Integer> position = new HashMap<>();
    for (int k = 0; k < members.size(); k++) {
      position.put(members.get(k).inComm(), k);
    }
    Map<Integer, TreeSet<Integer>> pairs = new HashMap<>();
    for (Member m : members) {
      int me = position.get(m.inComm());
      for (int d : m.nb().dests()) {
        Integer at = position.get(d);
        if (at != null) {
          pairs.computeIfAbsent(me, k -> new TreeSet<>()).add(at);
        }
      }
      for (int src : m.nb().sources()) {
        Integer at = position.get(src);
        if (at != null) {
          pairs.computeIfAbsent(at, k -> new TreeSet<>()).add(me);
        }
      }
    }
    for (int a = 0; a < members.size(); a++) {
      Member i = members.get(a);
      for (int b : pairs.getOrDefault(a, new TreeSet<>())) {
        Member j = members.get(b);
        List<Long> sent = between(i.nb().dests(), i.to(), j.inComm());
        List<Long> got = between(j.nb().sources(), j.from(), i.inComm());
        if (sent.contains(-1L) || got.contains(-1L) || i.to().length == 0
            || j.from().length == 0) {
          continue;
        }
        sent.sort(null);
        got.sort(null);
        if (!sent.equals(got)) {
          return Optional.of(new Finding(Problem.MISMATCHED_SIZES, "rank " + i.rank() + "'s "
              + i.step().describe() + " sends blocks of " + bytes(sent) + " to its neighbour"
              + " rank " + j.rank() + ", whose " + j.step().describe() + " receives blocks of "
              + bytes(got) + " from it: MPI requires each pair's count x type size to agree,"
              + " and the benchmark would abort with MPI_ERR_TRUNCATE"));
        }
      }
    }
    return Optional.empty();
  }

  private static String bytes(List<Long> blocks) {
    return blocks.size() == 1 ? blocks.get(0) + " bytes" : blocks + " bytes";
  }

  /** The blocks of {@code sizes} whose neighbour in {@code nb} is {@code peer}. */
  private static List<Long> between(int[] nb, long[] sizes, int peer) {
    List<Long> out = new ArrayList<>();
    for (int k = 0; k < nb.length && k < sizes.length; k++) {
      if (nb[k] == peer) {
        out.add(sizes[k]);
      }
    }
    return out;
  }

  /**
   * A Cartesian member's neighbours: for each dimension the rank one step down, then one step
   * up, the last dimension varying fastest in the ranks (MPI's row-major order).
   */
  private static Optional<Neighbours> cartesian(long[] dims, long[] periods, int rank) {
    long size = 1;
    for (long d : dims) {
      if (d <= 0 || d > Integer.MAX_VALUE / size) {
        return Optional.empty(); // no grid MPI could make: the run would have failed there
      }
      size *= d;
    }
    if (rank >= size) {
      return Optional.empty();
    }
    long[] coords = new long[dims.length];
    long rest = rank;
    for (int d = dims.length - 1; d >= 0; d--) {
      coords[d] = rest % dims[d];
      rest /= dims[d];
    }
    int[] nb = new int[2 * dims.length];
    for (int d = 0; d < dims.length; d++) {
      boolean periodic = d < periods.length && periods[d] != 0;
      for (int side = 0; side < 2; side++) {
        long c = coords[d] + (side == 0 ? -1 : 1);
        if (periodic) {
          c = Math.floorMod(c, dims[d]);
        }
        if (c < 0 || c >= dims[d]) {
          nb[2 * d + side] = -1;
          continue;
        }
        long[] at = coords.clone();
        at[d] = c;
        long r = 0;
        for (int k = 0; k < dims.length; k++) {
          r = r * dims[k] + at[k];
        }
        nb[2 * d + side] = (int) r;
      }
    }
    return Optional.of(new Neighbours(nb, nb));
  }

  private static int[] ranks(long[] list) {
    int[] out = new int[list.length];
    for (int k = 0; k < list.length; k++) {
      out[k] = Sym.isSymbol(list[k]) || list[k] < 0 ? -1 : (int) list[k];
    }
    return out;
  }
}
