package org.benchgen.query;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a query sees (docs/query.md): the tables filled from the trace, and the views and macros
 * over them, each with the tables it needs, so that a statement fills only those. The SQL of every
 * view lives here, once; the columns of the tables are filled by {@link CallRows}, {@link
 * MessageRows} and {@link CommRows}.
 */
public final class Views {
  private Views() {}

  /** A table filled from the trace. */
  public enum Table {
    CALLS("calls"), MATCHED("bg_matched"), COMMS("bg_comms");

    private final String sql;

    Table(String sql) {
      this.sql = sql;
    }

    /** Its name in SQL. */
    public String sqlName() {
      return sql;
    }
  }

  /** A name a statement may use: a table, view or macro, the tables it needs and what it is. */
  public record Name(String name, Set<Table> needs, String about) {
    public Name {
      needs = Set.copyOf(needs);
    }
  }

  /** The tables, created empty before any statement; filled as statements need them. */
  static final List<String> TABLES = List.of("""
      CREATE TABLE calls (rank INTEGER, thread INTEGER, seq BIGINT, op VARCHAR, kind VARCHAR,
        comm BIGINT, peer INTEGER, tag INTEGER, count BIGINT, type VARCHAR, bytes BIGINT,
        rbytes BIGINT, t_enter BIGINT, t_exit BIGINT, site VARCHAR, loop INTEGER,
        iteration BIGINT, newcomm BIGINT)""", """
      CREATE TABLE bg_matched (src INTEGER, dst INTEGER, comm BIGINT, tag INTEGER, bytes BIGINT,
        send_op VARCHAR, recv_op VARCHAR, send_seq BIGINT, recv_seq BIGINT, done_seq BIGINT,
        t_send BIGINT, t_recv BIGINT)""", """
      CREATE TABLE bg_comms (id BIGINT, size INTEGER, members INTEGER[], remote INTEGER[],
        inter BOOLEAN)""");

  /**
   * {@code messages}: the matched pairs with their times, from the calls that sent and completed
   * them. Every pair names calls that are in {@code calls}, so the joins keep every pair once.
   */
  static final String MESSAGES_VIEW = """
      CREATE OR REPLACE VIEW messages AS
      SELECT m.src, m.dst, m.comm, m.tag, m.bytes, s.t_enter AS t_send, d.t_exit AS t_recv,
        m.send_op, m.recv_op, m.send_seq, m.recv_seq, m.done_seq
      FROM bg_matched m
      JOIN calls s ON s.rank = m.src AND s.seq = m.send_seq
      JOIN calls d ON d.rank = m.dst AND d.seq = m.done_seq""";

  /**
   * {@code messages} for a statement that reads no time of it ({@link
   * StatementNames#mayReadTimes}): the same rows, without the times. They are left out,
   * not made NULL, so that a statement that reached them after all fails rather than gets NULLs.
   */
  static final String MESSAGES_WITHOUT_TIMES = """
      CREATE OR REPLACE VIEW messages AS
      SELECT src, dst, comm, tag, bytes, send_op, recv_op, send_seq, recv_seq, done_seq
      FROM bg_matched""";

  /**
   * {@code messages} with the times {@code bg_matched} was filled with ({@link CallTimes}: those of
   * {@code calls}, from the same walk), for a compressed trace whose statement reads no call.
   */
  static final String MESSAGES_WITH_OWN_TIMES = """
      CREATE OR REPLACE VIEW messages AS
      SELECT src, dst, comm, tag, bytes, t_send, t_recv, send_op, recv_op, send_seq, recv_seq,
        done_seq
      FROM bg_matched""";

  /** The views and macros over the tables, in the order they are created. */
  static final List<String> VIEWS = List.of(MESSAGES_VIEW, """
      CREATE VIEW collectives AS
      SELECT comm, instance, min(op) AS op, min(peer) AS root, count(*)::INTEGER AS members,
        sum(bytes)::BIGINT AS bytes, list(bytes ORDER BY rank) AS bytes_per_member,
        sum(rbytes)::BIGINT AS rbytes, min(t_enter) AS first_enter, max(t_enter) AS last_enter,
        max(t_exit) AS last_exit
      FROM (SELECT *, row_number() OVER (PARTITION BY comm, rank ORDER BY seq) AS instance
            FROM calls WHERE kind = 'collective' AND NOT op LIKE '%\\_init' ESCAPE '\\')
      GROUP BY comm, instance""", """
      CREATE VIEW compute AS
      SELECT rank, thread, seq, after_site || ' -> ' || site AS path, after_site,
        site AS before_site, t_start, t_enter AS t_end, t_enter - t_start AS duration, loop
      FROM (SELECT *, lag(site) OVER w AS after_site, lag(t_exit) OVER w AS t_start FROM calls
            WINDOW w AS (PARTITION BY rank, thread ORDER BY seq))
      WHERE t_start IS NOT NULL""", """
      CREATE VIEW comms AS
      SELECT c.id, c.size, c.members, c.remote, c.inter, p.parent
      FROM bg_comms c LEFT JOIN (SELECT newcomm AS id, min(comm) AS parent FROM calls
        WHERE newcomm IS NOT NULL GROUP BY newcomm) p USING (id)""", """
      CREATE VIEW p2p AS
      SELECT * FROM calls WHERE kind IN ('send', 'recv', 'sendrecv')""", """
      CREATE VIEW fan AS
      WITH ranks AS (SELECT DISTINCT rank FROM calls),
        sent AS (SELECT src AS rank, sum(bytes) AS b, count(DISTINCT dst) AS n FROM bg_matched
                 GROUP BY src),
        recv AS (SELECT dst AS rank, sum(bytes) AS b, count(DISTINCT src) AS n FROM bg_matched
                 GROUP BY dst),
        coll AS (SELECT rank, sum(bytes) AS s, sum(rbytes) AS r FROM calls
                 WHERE kind = 'collective' GROUP BY rank)
      SELECT rank,
        (coalesce(recv.b, 0) + coalesce(coll.r, 0))::BIGINT AS fan_in,
        (coalesce(sent.b, 0) + coalesce(coll.s, 0))::BIGINT AS fan_out,
        coalesce(recv.b, 0)::BIGINT AS p2p_in, coalesce(sent.b, 0)::BIGINT AS p2p_out,
        coalesce(coll.r, 0)::BIGINT AS coll_in, coalesce(coll.s, 0)::BIGINT AS coll_out,
        coalesce(recv.n, 0)::INTEGER AS sources, coalesce(sent.n, 0)::INTEGER AS dests
      FROM ranks LEFT JOIN sent USING (rank) LEFT JOIN recv USING (rank)
        LEFT JOIN coll USING (rank)
      ORDER BY rank""", """
      CREATE VIEW comm_time AS
      SELECT rank, sum(t_exit - t_enter)::BIGINT AS mpi_ns,
        (max(t_exit) - min(t_enter))::BIGINT AS run_ns,
        sum(t_exit - t_enter) / nullif(max(t_exit) - min(t_enter), 0) AS mpi_share
      FROM calls GROUP BY rank ORDER BY rank""", """
      CREATE MACRO members(c) AS TABLE
      SELECT unnest(members) AS rank FROM comms WHERE id = c""", """
      CREATE MACRO in_comm(r, c) AS
      list_contains((SELECT members FROM comms WHERE id = c), r)""");

  private static final Set<Table> CALLS = EnumSet.of(Table.CALLS);
  private static final Set<Table> MESSAGES = EnumSet.of(Table.CALLS, Table.MATCHED);
  private static final Set<Table> COMMS = EnumSet.of(Table.CALLS, Table.COMMS);

  /** Every name a statement may use, with what it needs and what it is. */
  public static final List<Name> NAMES = List.of(
      new Name("calls", CALLS, "every call of every rank, in order (expanded)"),
      new Name("messages", MESSAGES, "every point-to-point message, matched as resolve matches"),
      new Name("collectives", CALLS, "one row per collective instance (calls numbered per"
          + " communicator)"),
      new Name("compute", CALLS, "the compute interval before each call (from calls)"),
      new Name("comms", COMMS, "the communicators: size, members, parent"),
      new Name("p2p", CALLS, "the point-to-point calls (MTF's point-to-point operations)"),
      new Name("fan", MESSAGES, "MTF's fan-in and fan-out of each rank, in bytes"),
      new Name("comm_time", CALLS, "each rank's time in MPI calls and its share of the run"),
      new Name("members", COMMS, "macro members(c): the world ranks of communicator c"),
      new Name("in_comm", COMMS, "macro in_comm(r, c): whether rank r is a member of c"),
      new Name("bg_matched", EnumSet.of(Table.MATCHED), "the matched pairs behind messages"),
      new Name("bg_comms", EnumSet.of(Table.COMMS), "the communicators behind comms"));

  /**
   * The tables {@code names} need; without calls where only messages would need them and {@code
   * messagesNeedCalls} says they do not (their times not read, or taken without calls).
   */
  static Set<Table> tables(List<Name> names, boolean messagesNeedCalls) {
    Set<Table> need = EnumSet.noneOf(Table.class);
    names.forEach(n -> need.addAll(n.needs()));
    if (!messagesNeedCalls && names.stream().allMatch(n -> n.name().equals("messages")
        || !n.needs().contains(Table.CALLS))) {
      need.remove(Table.CALLS);
    }
    return need;
  }

  /** The name {@code n} (case as SQL ignores it), if it is one of these. */
  public static Optional<Name> named(String n) {
    return NAMES.stream().filter(x -> x.name().equalsIgnoreCase(n)).findFirst();
  }

  /** The views a user names: the views and macros, not the tables behind them. */
  public static List<String> documented() {
    return NAMES.stream().map(Name::name).filter(n -> !n.startsWith("bg_")).toList();
  }
}
