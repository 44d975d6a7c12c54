package org.benchgen.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.samples.Synth;
import org.benchgen.testing.StreamFacts;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The query engine's answers to MTF's example queries (paper Figure 4), to per-rank calls and
 * bytes and to MTF's fan-in and fan-out, against the same worked out in plain Java from {@code
 * expand}'s per-rank streams ({@link StreamFacts}: no benchgen reader, byte count or matching,
 * no DuckDB). On the bundled samples, synthetic patterns, and any trace directory named in the
 * property {@code query.traces} (comma-separated: the NPB and HPCCG runs of docs/query.md). Each
 * trace is queried both as a compressed trace and as its directory of streams.
 */
class QueryAgainstStreamsTest {
  /** Where the synthetic traces and the expanded streams go (JUnit sets it before traces()). */
  @TempDir
  static Path tmp;

  static List<Path> traces() throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("..", "samples", "traces"))) {
      s.filter(Files::isDirectory).sorted().forEach(out::add);
    }
    for (Synth.Pattern p : List.of(Synth.Pattern.stencil3d, Synth.Pattern.wavefront,
        Synth.Pattern.masterWorker, Synth.Pattern.alltoall)) {
      Path d = Files.createDirectories(tmp.resolve("synth-" + p));
      new Synth(p, 8, 12, 7).write(d, false, n -> { });
      out.add(d);
    }
    out.add(synth(Synth.irregular(6, 40, 3), "irregular"));
    out.add(synth(Synth.shuffled(5, 60, 11), "shuffled"));
    String more = System.getProperty("query.traces", "");
    for (String p : more.split(",")) {
      if (!p.isBlank()) {
        out.add(Path.of(p.strip()));
      }
    }
    return out;
  }

  private static Path synth(Synth s, String name) throws IOException {
    Path d = Files.createDirectories(tmp.resolve("synth-" + name));
    s.write(d, false, n -> { });
    return d;
  }

  @ParameterizedTest
  @MethodSource("traces")
  void answersEqualThoseOfTheExpandedStreams(Path dir) throws Exception {
    TraceDirectory d = TraceDirectory.open(dir);
    CompressedTrace t = new TraceCompressor().compress(d, n -> { }).trace();
    Path expanded = Files.createTempDirectory(tmp, "expanded");
    TraceFiles.expand(t, expanded.resolve("x"), false, n -> { });
    StreamFacts facts = new StreamFacts(expanded.resolve("x"));
    for (TraceInput in : List.of(new TraceInput.Compressed(dir.toString(), t),
        new TraceInput.Streams(d, t))) {
        try (TraceDatabase db = TraceDatabase.open(in, (w, n) -> x -> { })) {
          db.fillAll();
          db.lockDown();
          check(db, facts, in.getClass().getSimpleName() + " " + dir);
      }
    }
  }

  /**
   * A statement over messages of a compressed trace fills no calls (docs/query.md, "Limits"), with
   * or without times, and gets every message, its times those of calls; the matching takes most
   * iterations of the stencil's loops as made (an Allreduce every 10 iterations: nested loops),
   * and each message names its calls.
   */
  @org.junit.jupiter.api.Test
  void messagesOfACompressedTraceFillNoCallsAndGiveEveryMessage() throws Exception {
    Path dir = synth(new Synth(Synth.Pattern.stencil3d, 8, 95, 7), "long-stencil");
    TraceDirectory d = TraceDirectory.open(dir);
    CompressedTrace t = new TraceCompressor().compress(d, n -> { }).trace();
    Path expanded = Files.createTempDirectory(tmp, "expanded");
    TraceFiles.expand(t, expanded.resolve("x"), false, n -> { });
    List<String> paired = pairedWithCalls(new StreamFacts(expanded.resolve("x")));
    assertTrue(paired.size() > 95 * 8, "messages: " + paired.size());
    String lean = "SELECT src, send_seq, dst, recv_seq, comm, tag, bytes FROM messages";
    List<String> csv = new ArrayList<>(paired.stream().map(x -> x.replace(' ', ',')).toList());
    csv.sort(Comparator.naturalOrder());
    csv.add(0, "src,send_seq,dst,recv_seq,comm,tag,bytes");
    for (String sql : List.of(lean, lean + " WHERE t_send IS NOT NULL AND t_recv IS NOT NULL")) {
      for (TraceInput in : List.of(new TraceInput.Compressed(dir.toString(), t),
          new TraceInput.Streams(d, t))) {
        java.io.StringWriter w = new java.io.StringWriter();
        TraceQuery.Outcome o = TraceQuery.run(in, sql, ResultWriter.Format.csv, false,
            new java.io.PrintWriter(w), (x, n) -> r -> { });
        // A directory's calls are always read: they give its times and communicators.
        assertEquals(in instanceof TraceInput.Streams, o.filled().stream()
            .anyMatch(x -> x.table() == Views.Table.CALLS), sql + ": calls filled");
        List<String> got = new ArrayList<>(w.toString().lines().toList());
        got.subList(1, got.size()).sort(Comparator.naturalOrder());
        assertEquals(csv, got, sql);
      }
    }
    // The times messages takes without calls are those of calls.
    TraceInput in = new TraceInput.Compressed(dir.toString(), t);
    List<String> own = csvRows(in, "SELECT src, send_seq, dst, done_seq, t_send, t_recv"
        + " FROM messages");
    List<String> joined = csvRows(in, "SELECT m.src, m.send_seq, m.dst, m.done_seq, s.t_enter,"
        + " d.t_exit FROM messages m JOIN calls s ON s.rank = m.src AND s.seq = m.send_seq"
        + " JOIN calls d ON d.rank = m.dst AND d.seq = m.done_seq");
    assertEquals(paired.size() + 1, own.size());
    assertEquals(own.subList(1, own.size()), joined.subList(1, joined.size()),
        "messages' own times against calls'");
    // What may reach the times reads them: every column, a whole row, a column by place.
    java.util.Set<String> known = java.util.Set.of("src", "dst", "bytes", "comm", "rank");
    for (String json : List.of("{\"class\":\"STAR\"}", "{\"column_names\":[\"messages\"]}",
        "{\"class\":\"POSITIONAL_REFERENCE\",\"index\":6}", "{\"alias\":\"T_SEND\"}",
        "{\"column_names\":[\"m\",\"t_recv\"]}")) {
      assertTrue(StatementNames.mayReadTimes(json, known), json);
    }
    assertEquals(false, StatementNames.mayReadTimes(
        "{\"column_names\":[\"m\",\"bytes\"]},{\"column_names\":[\"src\"]}", known));
  }

  /** The csv lines of {@code sql} on {@code in}, its header first, the rows sorted. */
  private static List<String> csvRows(TraceInput in, String sql) throws IOException {
    java.io.StringWriter w = new java.io.StringWriter();
    TraceQuery.run(in, sql, ResultWriter.Format.csv, false, new java.io.PrintWriter(w),
        (x, n) -> r -> { });
    List<String> got = new ArrayList<>(w.toString().lines().toList());
    got.subList(1, got.size()).sort(Comparator.naturalOrder());
    return got;
  }

  static void check(TraceDatabase db, StreamFacts f, String what) throws SQLException {
    // Per-rank calls and bytes.
    Map<Integer, long[]> perRank = f.perRank();
    List<String> expected = new ArrayList<>();
    perRank.forEach((r, x) -> expected.add(r + " " + x[0] + " " + x[1]));
    assertEquals(expected, rows(db, "SELECT rank, count(*), sum(bytes) FROM calls GROUP BY rank"
        + " ORDER BY rank"), what + ": calls and bytes per rank");

    List<StreamFacts.Msg> msgs = f.messages();
    if (f.sourcesKnown) {
      // Every message: MTF's "all messages in the MPI trace" (Table 4, 1).
      List<String> all = new ArrayList<>();
      for (StreamFacts.Msg m : msgs) {
        all.add(m.src() + " " + m.dst() + " " + m.comm() + " " + m.tag() + " " + m.bytes());
      }
      all.sort(Comparator.naturalOrder());
      List<String> got = rows(db, "SELECT src, dst, comm, tag, bytes FROM messages");
      got.sort(Comparator.naturalOrder());
      assertEquals(all, got, what + ": every message");
      // Every message with its sending and posting calls: a message of an iteration the
      // matching took as made (docs/query.md) names the calls of its own iteration.
      List<String> paired = pairedWithCalls(f);
      if (!paired.isEmpty()) {
        List<String> gotCalls = rows(db, "SELECT src, send_seq, dst, recv_seq, comm, tag, bytes"
            + " FROM messages");
        gotCalls.sort(Comparator.naturalOrder());
        assertEquals(paired, gotCalls, what + ": every message's calls");
      }
      // Which call completed each nonblocking receive.
      List<String> completions = f.irecvCompletions();
      completions.sort(Comparator.naturalOrder());
      List<String> done = rows(db, "SELECT dst, recv_seq, done_seq FROM messages WHERE recv_op"
          + " = 'MPI_Irecv'");
      done.sort(Comparator.naturalOrder());
      assertEquals(completions, done, what + ": the calls that completed the receives");
      System.out.println(what + ": " + all.size() + " messages, " + perRank.values().stream()
          .mapToLong(x -> x[0]).sum() + " calls checked");

      // Example 1: all messages in communicator C1, for each communicator.
      Map<Long, long[]> byComm = new TreeMap<>();
      for (StreamFacts.Msg m : msgs) {
        long[] x = byComm.computeIfAbsent(m.comm(), k -> new long[2]);
        x[0]++;
        x[1] += m.bytes();
      }
      List<String> e1 = new ArrayList<>();
      byComm.forEach((c, x) -> e1.add(c + " " + x[0] + " " + x[1]));
      assertEquals(e1, rows(db, "SELECT comm, count(*), sum(bytes) FROM messages GROUP BY comm"
          + " ORDER BY comm"), what + ": example 1");

      // Example 2: all messages between processes 1 and 2 (world ranks) in the world.
      if (f.size > 2) {
        long n = msgs.stream().filter(m -> m.comm() == 0 && (m.src() == 1 && m.dst() == 2
            || m.src() == 2 && m.dst() == 1)).count();
        assertEquals(List.of(String.valueOf(n)), rows(db, "SELECT count(*) FROM messages WHERE"
            + " comm = 0 AND ((src = 1 AND dst = 2) OR (src = 2 AND dst = 1))"),
            what + ": example 2");
      }

      // MTF's fan-in and fan-out (point-to-point part): bytes received and sent per rank.
      long[] in = new long[f.size];
      long[] out = new long[f.size];
      for (StreamFacts.Msg m : msgs) {
        in[m.dst()] += m.bytes();
        out[m.src()] += m.bytes();
      }
      List<String> fan = new ArrayList<>();
      for (int r = 0; r < f.size; r++) {
        fan.add(r + " " + in[r] + " " + out[r]);
      }
      assertEquals(fan, rows(db, "SELECT rank, p2p_in, p2p_out FROM fan ORDER BY rank"),
          what + ": fan-in and fan-out of messages");
    }

    // Example 3: all point-to-point operations between processes 1 and 2.
    if (f.size > 2) {
      long ops = 0;
      for (int r : new int[] {1, 2}) {
        for (StreamFacts.Call c : f.calls.get(r)) {
          long peer = peerWorld(f, c);
          if (peer == 3 - r) {
            ops++;
          }
        }
      }
      assertEquals(List.of(String.valueOf(ops)), rows(db, "SELECT count(*) FROM p2p WHERE"
          + " (rank = 1 AND peer = 2) OR (rank = 2 AND peer = 1)"), what + ": example 3");
    }

    // Example 4: all collective operations among all processes of each communicator.
    for (long comm : f.comms.get(0).keySet()) {
      long[] members = f.comms.get(0).get(comm);
      Map<String, Long> instances = f.collectiveCalls((int) members[0], comm);
      for (long m : members) {
        assertEquals(instances, f.collectiveCalls((int) m, comm), what + ": members disagree");
      }
      List<String> e4 = new ArrayList<>();
      instances.forEach((op, n) -> e4.add(op + " " + n + " " + members.length));
      assertEquals(e4, rows(db, "SELECT op, count(*), min(members) FROM collectives WHERE comm = "
          + comm + " GROUP BY op ORDER BY op"), what + ": example 4, communicator " + comm);
    }

    // Example 5: the broadcasts process 1 made.
    if (f.size > 1) {
      long bcasts = f.calls.get(1).stream().filter(c -> c.op().equals("MPI_Bcast")).count();
      assertEquals(List.of(String.valueOf(bcasts)), rows(db, "SELECT count(*) FROM calls WHERE"
          + " rank = 1 AND op = 'MPI_Bcast'"), what + ": example 5");
    }

    // A communicator's members (MTF's process selection "processes in communicator c1").
    for (Map.Entry<Long, long[]> c : f.comms.get(0).entrySet()) {
      List<String> m = Arrays.stream(c.getValue()).sorted().mapToObj(String::valueOf).toList();
      assertEquals(m, rows(db, "SELECT rank FROM members(" + c.getKey() + ") ORDER BY rank"),
          what + ": members of " + c.getKey());
    }
    assertTrue(rows(db, "SELECT count(*) FROM compute").size() == 1);
  }

  /**
   * Every message as "src send_seq dst recv_seq comm tag bytes", sorted: the sends of each
   * sender, receiver, communicator and tag paired first in first out with the receives posted
   * for them, in each rank's call order (MPI's non-overtaking order, exact where every receive
   * names its source and tag, or the trace recorded them). Empty where the trace has what this
   * does not follow: persistent or probed messages, a source or tag not recorded.
   */
  static List<String> pairedWithCalls(StreamFacts f) {
    record Key(int src, int dst, long comm, long tag) {}
    Map<Key, java.util.ArrayDeque<long[]>> sends = new java.util.HashMap<>();
    Map<Key, java.util.ArrayDeque<Long>> recvs = new java.util.HashMap<>();
    for (List<StreamFacts.Call> cs : f.calls) {
      for (StreamFacts.Call c : cs) {
        String op = c.op();
        if (op.endsWith("_init") || op.equals("MPI_Start") || op.equals("MPI_Startall")
            || op.contains("probe") || op.contains("Mrecv") || op.contains("Bcast_init")) {
          return List.of();
        }
        if (!c.has("comm")) {
          continue;
        }
        long[] m = f.comms.get(c.rank()).get(c.num("comm"));
        if (c.has("dest") && !c.f().get("dest").equals("PROC_NULL")) {
          Key k = new Key(c.rank(), (int) m[(int) c.num("dest")], c.num("comm"), c.num("tag"));
          sends.computeIfAbsent(k, x -> new java.util.ArrayDeque<>())
              .add(new long[] {c.seq(), c.num("count") * c.num("tsize")});
        }
        boolean recv = op.equals("MPI_Recv") || op.equals("MPI_Irecv")
            || op.startsWith("MPI_Sendrecv");
        if (!recv || c.f().get("src").equals("PROC_NULL")) {
          continue;
        }
        String src = c.f().get("src");
        String tag = op.startsWith("MPI_Sendrecv") ? c.f().get("rtag") : c.f().get("tag");
        src = src.equals("ANY_SOURCE") ? c.f().get("asrc") : src;
        tag = tag != null && tag.equals("ANY_TAG") ? c.f().get("atag") : tag;
        if (src == null || tag == null) {
          return List.of();
        }
        Key k = new Key((int) m[Integer.parseInt(src)], c.rank(), c.num("comm"),
            Long.parseLong(tag));
        recvs.computeIfAbsent(k, x -> new java.util.ArrayDeque<>()).add(c.seq());
      }
    }
    List<String> out = new ArrayList<>();
    recvs.forEach((k, q) -> {
      java.util.ArrayDeque<long[]> s = sends.getOrDefault(k, new java.util.ArrayDeque<>());
      while (!q.isEmpty() && !s.isEmpty()) {
        long[] send = s.poll();
        out.add(k.src() + " " + send[0] + " " + k.dst() + " " + q.poll() + " " + k.comm() + " "
            + k.tag() + " " + send[1]);
      }
    });
    out.sort(Comparator.naturalOrder());
    return out;
  }

  /** The world rank a point-to-point call names as its peer (send side first), or -1. */
  private static long peerWorld(StreamFacts f, StreamFacts.Call c) {
    String op = c.op();
    boolean p2p = op.contains("send") || op.contains("Send") || op.contains("Recv")
        || op.contains("recv");
    if (!p2p || !c.has("comm") || op.endsWith("_init")) {
      return -1;
    }
    String peer = c.has("dest") ? c.f().get("dest") : c.f().get("src");
    if (peer.equals("ANY_SOURCE")) {
      peer = c.f().get("asrc");
    }
    if (peer == null || peer.equals("PROC_NULL") || peer.equals("ANY_SOURCE")) {
      return -1;
    }
    return f.comms.get(c.rank()).get(c.num("comm"))[Integer.parseInt(peer)];
  }

  static List<String> rows(TraceDatabase db, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = db.connection().createStatement(); ResultSet r = s.executeQuery(sql)) {
      int n = r.getMetaData().getColumnCount();
      while (r.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i == 1 ? "" : " ").append(r.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }
}
