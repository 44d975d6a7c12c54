package org.benchgen.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.benchgen.trace.SymbolTable;

/**
 * A whole run compressed and merged: the world size, the communicators (besides MPI_COMM_WORLD,
 * id 0), the top-level nodes, the table that the names and lists in its values are ids of, and
 * where its call sites lie in the program, where known ({@link SiteTable}).
 */
public record CompressedTrace(int worldSize, List<CommDef> comms, List<Node> body,
    SymbolTable symbols, SiteTable sites) {
  public CompressedTrace {
    comms = List.copyOf(comms);
    body = List.copyOf(body);
  }

  /** A run whose sites' places are not known. */
  public CompressedTrace(int worldSize, List<CommDef> comms, List<Node> body,
      SymbolTable symbols) {
    this(worldSize, comms, body, symbols, SiteTable.none());
  }

  /** The same run with another body (a pass that rewrote it), of the same symbols and sites. */
  public CompressedTrace withBody(List<Node> newBody) {
    return new CompressedTrace(worldSize, comms, newBody, symbols, sites);
  }

  /** The same run with its sites' places {@code table}. */
  public CompressedTrace withSites(SiteTable table) {
    return new CompressedTrace(worldSize, comms, body, symbols, table);
  }

  /**
   * The same run with every RSD replaced by {@code f} of it, loops kept (a pass that rewrites
   * calls, not structure).
   */
  public CompressedTrace withRsds(UnaryOperator<Rsd> f) {
    return withBody(rsds(body, f));
  }

  /**
   * The same run with every call's compute its own ({@link PlaceShares}): what passes that merge
   * the compute of several calls work on.
   */
  public CompressedTrace perPlace() {
    return PlaceShares.of(this);
  }

  private static List<Node> rsds(List<Node> nodes, UnaryOperator<Rsd> f) {
    List<Node> out = new ArrayList<>(nodes.size());
    for (Node n : nodes) {
      out.add(n instanceof Loop l ? new Loop(l.ranks(), l.trips(), rsds(l.body(), f))
          : f.apply((Rsd) n));
    }
    return out;
  }

  /** The communicator with this id; id 0 is the world. */
  public Optional<CommDef> comm(long id) {
    if (id == 0) {
      return Optional.of(new CommDef(0, IntStream.range(0, worldSize).boxed().toList()));
    }
    return comms.stream().filter(c -> c.id() == id).findFirst();
  }
}
