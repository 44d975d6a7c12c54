package org.benchgen.ir;

import java.util.List;
import java.util.OptionalLong;

/**
 * A loop (power-RSD): {@code body} repeated; {@code trips} holds, per rank set, the trip count of
 * each time the loop is entered. A rank executes only the body nodes whose rank list holds it.
 */
public record Loop(RankList ranks, Param trips, List<Node> body) implements Node {
  public Loop {
    body = List.copyOf(body);
  }

  /** The trip count on {@code rank} when it is the same each time the loop is entered. */
  public OptionalLong tripsOn(int rank) {
    return trips.entryFor(rank).map(e -> e.values().seq().constant()).orElse(OptionalLong.empty());
  }

  @Override
  public <R> R accept(NodeVisitor<R> visitor) {
    return visitor.visitLoop(this);
  }

  @Override
  public void accept(NodeScanner scanner) {
    scanner.visitLoop(this);
  }
}
