package org.benchgen.query;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;

/**
 * Fills {@code bg_comms}, behind {@code comms}: the world (id 0) and every communicator the trace
 * defines (ids as the calls name them, {@link CommIds}), members as world ranks in communicator
 * rank order. Few rows, so plain inserts.
 */
final class CommRows {
  private CommRows() {}

  static long fill(CompressedTrace trace, CommIds ids, Connection c) throws SQLException {
    List<Integer> world = new ArrayList<>();
    for (int r = 0; r < trace.worldSize(); r++) {
      world.add(r);
    }
    List<CommDef> all = new ArrayList<>();
    all.add(new CommDef(0, world));
    trace.comms().stream().filter(d -> d.id() != 0).forEach(all::add);
    String list = "list_transform(list_filter(string_split(?, ','), x -> x <> ''),"
        + " x -> x::INTEGER)";
    try (PreparedStatement p = c.prepareStatement("INSERT INTO bg_comms VALUES (?, ?, " + list
        + ", " + list + ", ?)")) {
      for (CommDef d : all) {
        p.setLong(1, ids.of(d.id()));
        p.setInt(2, d.members().size());
        p.setString(3, join(d.members()));
        p.setString(4, join(d.remote()));
        p.setBoolean(5, d.isInter());
        p.addBatch();
      }
      p.executeBatch();
    }
    return all.size();
  }

  private static String join(List<Integer> xs) {
    return xs.stream().map(String::valueOf).collect(Collectors.joining(","));
  }
}
