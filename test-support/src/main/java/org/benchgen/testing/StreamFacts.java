package org.benchgen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a trace directory's per-rank streams say, worked out in plain Java from their text lines,
 * independently of benchgen's readers, byte counting and matching, and of DuckDB: the check that
 * the query engine's answers are right (query's and cli's tests). Knows the bytes of the calls the samples, NPB and HPCCG
 * make (docs/trace-format.md, "Bytes"), and fails on any other call that moves data rather than
 * guess. Messages are paired first in, first out per sender, receiver, communicator and tag, the
 * receives' sources and tags as recorded (asrc, atag): MPI's non-overtaking rule, which holds
 * where every receive says whom it matched.
 */
public final class StreamFacts {
  /** One call: rank, op, its fields as text. */
  public record Call(int rank, long seq, String op, Map<String, String> f) {
    public long num(String k) {
      return Long.parseLong(f.get(k));
    }

    public boolean has(String k) {
      return f.containsKey(k);
    }
  }

  /** A message: world ranks, communicator, tag, bytes. */
  public record Msg(int src, int dst, long comm, long tag, long bytes) {}

  public final int size;
  public final List<List<Call>> calls = new ArrayList<>();
  /** Per rank, communicator id to its members' world ranks. */
  public final List<Map<Long, long[]>> comms = new ArrayList<>();
  /** Whether every receive names its source and tag (no unrecorded wildcard). */
  public boolean sourcesKnown = true;

  /** Reads the per-rank streams {@code rank-R.trace} of {@code dir} (not gzipped). */
  public StreamFacts(Path dir) throws IOException {
    int n = 0;
    while (Files.exists(dir.resolve("rank-" + n + ".trace"))) {
      n++;
    }
    size = n;
    for (int r = 0; r < n; r++) {
      List<Call> mine = new ArrayList<>();
      Map<Long, long[]> cs = new HashMap<>();
      long[] world = new long[n];
      for (int i = 0; i < n; i++) {
        world[i] = i;
      }
      cs.put(0L, world);
      for (String line : Files.readAllLines(dir.resolve("rank-" + r + ".trace"))) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] w = line.split(" ");
        Map<String, String> f = new HashMap<>();
        for (int i = 1; i < w.length; i++) {
          int eq = w[i].indexOf('=');
          f.put(w[i].substring(0, eq), w[i].substring(eq + 1));
        }
        if (w[0].equals("comm")) {
          String[] m = f.get("members").split(",");
          long[] ms = new long[m.length];
          for (int i = 0; i < m.length; i++) {
            ms[i] = Long.parseLong(m[i]);
          }
          cs.put(Long.parseLong(f.get("id")), ms);
        } else {
          mine.add(new Call(r, mine.size(), w[0], f));
        }
      }
      calls.add(mine);
      comms.add(cs);
    }
  }

  /** Bytes of a call as docs/trace-format.md's "Bytes" says, for the calls it knows. */
  public long bytes(Call c) {
    String op = c.op();
    switch (op) {
      case "MPI_Send", "MPI_Isend", "MPI_Ssend", "MPI_Issend", "MPI_Bsend", "MPI_Rsend",
          "MPI_Sendrecv", "MPI_Sendrecv_replace" -> {
        return c.f().get("dest").equals("PROC_NULL") ? 0 : c.num("count") * c.num("tsize");
      }
      case "MPI_Recv", "MPI_Irecv" -> {
        return c.has("bytes") ? c.num("bytes") : 0;
      }
      case "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Scan", "MPI_Exscan",
          "MPI_Allgather", "MPI_Alltoall", "MPI_Gather", "MPI_Iallreduce", "MPI_Ibcast" -> {
        return c.num("count") * c.num("tsize");
      }
      case "MPI_Init", "MPI_Init_thread", "MPI_Finalize", "MPI_Barrier", "MPI_Wait",
          "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome", "MPI_Test", "MPI_Testall",
          "MPI_Comm_split", "MPI_Comm_dup", "MPI_Comm_free", "MPI_Cart_create", "MPI_Cart_sub",
          "MPI_Comm_create", "MPI_Comm_split_type", "MPI_Iprobe", "MPI_Probe",
          "MPI_Request_free" -> {
        return 0;
      }
      default -> throw new AssertionError("StreamFacts does not know the bytes of " + op);
    }
  }

  public static boolean isCollective(String op) {
    return switch (op) {
      case "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Scan", "MPI_Exscan",
          "MPI_Allgather", "MPI_Alltoall", "MPI_Gather", "MPI_Barrier", "MPI_Scatter",
          "MPI_Alltoallv", "MPI_Allgatherv", "MPI_Gatherv", "MPI_Scatterv",
          "MPI_Reduce_scatter", "MPI_Reduce_scatter_block", "MPI_Iallreduce",
          "MPI_Ibcast", "MPI_Ibarrier" -> true;
      default -> false;
    };
  }

  /** Calls and bytes per rank. */
  public Map<Integer, long[]> perRank() {
    Map<Integer, long[]> out = new TreeMap<>();
    for (List<Call> cs : calls) {
      for (Call c : cs) {
        long[] x = out.computeIfAbsent(c.rank(), k -> new long[2]);
        x[0]++;
        x[1] += bytes(c);
      }
    }
    return out;
  }

  /** Every point-to-point message, paired as the class comment says. */
  public List<Msg> messages() {
    record Key(int src, int dst, long comm, long tag) {}
    Map<Key, Deque<Long>> sends = new HashMap<>();
    Map<Key, Integer> recvs = new HashMap<>();
    for (List<Call> cs : calls) {
      for (Call c : cs) {
        if (!c.has("comm")) {
          continue;
        }
        long comm = c.num("comm");
        long[] m = comms.get(c.rank()).get(comm);
        if (c.has("dest") && !c.f().get("dest").equals("PROC_NULL")) {
          Key k = new Key(c.rank(), (int) m[(int) c.num("dest")], comm, c.num("tag"));
          sends.computeIfAbsent(k, x -> new ArrayDeque<>()).add(c.num("count") * c.num("tsize"));
        }
        if (c.has("src") && (c.op().equals("MPI_Recv") || c.op().equals("MPI_Irecv")
            || c.op().startsWith("MPI_Sendrecv"))) {
          String src = c.f().get("src");
          String tag = c.op().startsWith("MPI_Sendrecv") ? c.f().get("rtag") : c.f().get("tag");
          if (src.equals("PROC_NULL")) {
            continue;
          }
          if (src.equals("ANY_SOURCE")) {
            src = c.f().get("asrc");
          }
          if (tag != null && tag.equals("ANY_TAG")) {
            tag = c.f().get("atag");
          }
          if (src == null || tag == null) {
            sourcesKnown = false;
            continue;
          }
          Key k = new Key((int) m[Integer.parseInt(src)], c.rank(), comm, Long.parseLong(tag));
          recvs.merge(k, 1, Integer::sum);
        }
      }
    }
    List<Msg> out = new ArrayList<>();
    for (Map.Entry<Key, Integer> e : recvs.entrySet()) {
      Deque<Long> q = sends.getOrDefault(e.getKey(), new ArrayDeque<>());
      for (int i = 0; i < e.getValue() && !q.isEmpty(); i++) {
        Key k = e.getKey();
        out.add(new Msg(k.src(), k.dst(), k.comm(), k.tag(), q.poll()));
      }
    }
    return out;
  }

  /**
   * Each MPI_Irecv that names a source, as "rank recvSeq doneSeq": the call that completed its
   * request, the first later call naming it (MPI_Wait's req, MPI_Waitall's reqs, the done list
   * of the others), or the Irecv itself where none does. Requests are named by their ids, which a
   * rank never reuses (docs/trace-format.md, "Requests").
   */
  public List<String> irecvCompletions() {
    List<String> out = new ArrayList<>();
    for (List<Call> cs : calls) {
      for (Call c : cs) {
        if (!c.op().equals("MPI_Irecv") || c.f().get("src").equals("PROC_NULL")) {
          continue;
        }
        String req = c.f().get("req");
        long done = c.seq();
        for (int i = (int) c.seq() + 1; i < cs.size() && done == c.seq(); i++) {
          Call w = cs.get(i);
          String list = w.op().equals("MPI_Wait") ? w.f().get("req")
              : w.op().equals("MPI_Waitall") ? w.f().get("reqs") : w.f().get("done");
          if (list != null && List.of(list.split(",")).contains(req)) {
            done = w.seq();
          }
        }
        out.add(c.rank() + " " + c.seq() + " " + done);
      }
    }
    return out;
  }

  /** How many collective calls each rank made on each communicator, by op. */
  public Map<String, Long> collectiveCalls(int rank, long comm) {
    Map<String, Long> out = new TreeMap<>();
    for (Call c : calls.get(rank)) {
      if (isCollective(c.op()) && c.has("comm") && c.num("comm") == comm) {
        out.merge(c.op(), 1L, Long::sum);
      }
    }
    return out;
  }
}
