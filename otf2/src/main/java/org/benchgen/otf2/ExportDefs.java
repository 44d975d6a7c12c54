package org.benchgen.otf2;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;
import org.benchgen.ir.SiteTable;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Field;
import org.benchgen.trace.Names;
import org.benchgen.trace.Op;
import org.benchgen.trace.TraceProblem;

/**
 * The definitions an export's records name, gathered over all ranks and written as the bridge's
 * {@code defs} file: the ranks, one region per MPI function and per call site, and the
 * communicators ({@code MPI_COMM_WORLD} first). Timestamps are nanoseconds.
 */
final class ExportDefs {
  private final int ranks;
  /** Region lines by key ("call MPI_Send", "site ring.c:14"), in the order of their ids. */
  private final Map<String, Long> regions = new LinkedHashMap<>();
  private final Map<String, String> regionLines = new LinkedHashMap<>();
  /** Members by id, in the order first seen (a parent before the communicators made from it). */
  private final Map<Long, long[]> comms = new LinkedHashMap<>();
  private final Map<Long, Long> parents = new HashMap<>();
  /** Cartesian communicators' dimensions and periodicity (0/1), by id. */
  private final Map<Long, long[][]> carts = new HashMap<>();

  /** One-sided windows: id by (communicator, creation on it), and each one's line. */
  private final Map<String, Long> windows = new HashMap<>();
  private final List<String> windowLines = new ArrayList<>();
  /** Groups of world ranks (MPI_Win_post's, MPI_Win_start's): id by members. */
  private final Map<String, Long> groups = new LinkedHashMap<>();

  /** MPI-IO: files by the trace's anonymous name number, handles by (communicator, open). */
  private final Map<Long, Long> ioFiles = new LinkedHashMap<>();
  private final Map<String, Long> ioHandles = new HashMap<>();
  private final List<String> ioHandleLines = new ArrayList<>();

  /** The regions of the calls by {@link Op#ordinal()}, and of the sites: found once each. */
  private final long[] callRegions = new long[Op.values().length];
  private final Map<String, Long> siteRegions = new HashMap<>();

  /** Where the sites lie: a site's region is named by its place where known. */
  private final SiteTable sites;

  ExportDefs(int ranks) {
    this(ranks, SiteTable.none());
  }

  ExportDefs(int ranks, SiteTable sites) {
    this.ranks = ranks;
    this.sites = sites;
    Arrays.fill(callRegions, -1);
    long[] world = new long[ranks];
    Arrays.setAll(world, i -> i);
    comms.put(0L, world);
  }

  /**
   * The region of call site {@code site}: a user function named by its place in the program
   * ({@code ring.c:38 main}, as Score-P names a region by its function and source) where the
   * trace knows it, else by the site.
   */
  long siteRegion(String site) {
    Long known = siteRegions.get(site);
    if (known == null) {
      known = region("site " + site, "FUNCTION USER", sites.label(site).orElse(site));
      siteRegions.put(site, known);
    }
    return known;
  }

  /** The region of MPI function {@code op}, with Score-P's role. */
  long callRegion(Op op) {
    long known = callRegions[op.ordinal()];
    if (known < 0) {
      known = region("call " + op.mpiName(), Otf2Names.regionRole(op) + " MPI", op.mpiName());
      callRegions[op.ordinal()] = known;
    }
    return known;
  }

  private long region(String key, String roleAndParadigm, String name) {
    Long id = regions.get(key);
    if (id == null) {
      id = (long) regions.size();
      regions.put(key, id);
      regionLines.put(key, "region " + id + " " + roleAndParadigm + " " + Names.encode(name));
    }
    return id;
  }

  /** Communicator {@code id}'s world ranks; every rank that defines it must agree. */
  void comm(long id, long[] members) {
    long[] known = comms.putIfAbsent(id, members.clone());
    if (known != null && !Arrays.equals(known, members)) {
      throw new TraceProblem("communicator " + id + " has different members on different"
          + " ranks");
    }
  }

  /**
   * The call {@code e} made communicator {@code newcomm}: its parent, and for a Cartesian one its
   * dimensions (Cart_create's, or those Cart_sub keeps of its parent's).
   */
  void created(RawEvent e, long newcomm) {
    long parent = e.get(Field.COMM);
    parents.putIfAbsent(newcomm, parent);
    if (e.op() == Op.CART_CREATE) {
      carts.putIfAbsent(newcomm, new long[][] {e.list(Field.DIMS), e.list(Field.PERIODS)});
    } else if (e.op() == Op.CART_SUB && carts.containsKey(parent)) {
      long[][] p = carts.get(parent);
      long[] remain = e.list(Field.REMAIN);
      int k = 0;
      for (long r : remain) {
        k += r != 0 ? 1 : 0;
      }
      long[][] kept = new long[2][k];
      for (int i = 0, j = 0; i < remain.length && i < p[0].length; i++) {
        if (remain[i] != 0) {
          kept[0][j] = p[0][i];
          kept[1][j++] = i < p[1].length ? p[1][i] : 0;
        }
      }
      carts.putIfAbsent(newcomm, kept);
    }
  }

  /**
   * The window the {@code k}-th window creation on communicator {@code comm} made (every member
   * makes it in the same call, so every member names the same one), named as Score-P names it
   * after the call that made it ({@code MPI_Win_create_window}).
   */
  long window(long comm, int k, Op creator) {
    members(comm);
    return windows.computeIfAbsent(comm + " " + k, key -> {
      long id = windows.size();
      windowLines.add("win " + id + " " + comm + " " + Names.encode(creator.mpiName()
          + "_window"));
      return id;
    });
  }

  /**
   * The file of the trace's name number {@code fname}: named {@code file N}, never by its path,
   * which the trace does not have (issue 46).
   */
  long ioFile(long fname) {
    return ioFiles.computeIfAbsent(fname, f -> (long) ioFiles.size());
  }

  /**
   * The handle the {@code k}-th MPI_File_open on communicator {@code comm} made on {@code file}
   * (each member opens it in the same call, so every member names the same one).
   */
  long ioHandle(long comm, int k, long file) {
    members(comm);
    return ioHandles.computeIfAbsent(comm + " " + k, key -> {
      long id = ioHandles.size();
      ioHandleLines.add("iohandle " + id + " " + file + " " + comm);
      return id;
    });
  }

  /** The group of world ranks {@code members} (in their order), defined once. */
  long group(long[] members) {
    StringBuilder b = new StringBuilder();
    join(b, members);
    return groups.computeIfAbsent(b.toString(), key -> (long) groups.size());
  }

  int size(long comm) {
    return members(comm).length;
  }

  /** {@code rank}'s rank in communicator {@code comm}. */
  int indexIn(long comm, int rank) {
    long[] m = members(comm);
    for (int i = 0; i < m.length; i++) {
      if (m[i] == rank) {
        return i;
      }
    }
    throw new TraceProblem("rank " + rank + " calls a collective on communicator " + comm
        + ", which it is not in");
  }

  private long[] members(long comm) {
    long[] m = comms.get(comm);
    if (m == null) {
      throw new TraceProblem("communicator " + comm + " is used before it is defined");
    }
    return m;
  }

  void write(Writer w) throws IOException {
    w.write("ranks " + ranks + "\n");
    w.write("clock 1000000000 0\n");
    for (String line : regionLines.values()) {
      w.write(line + "\n");
    }
    for (long id : parentsFirst()) {
      StringBuilder b = new StringBuilder("comm ").append(id).append(' ')
          .append(id == 0 ? "MPI_COMM_WORLD" : "comm%20" + id).append(' ');
      join(b, comms.get(id));
      w.write(b.append(' ').append(parent(id)).append('\n').toString());
    }
    // After every communicator: the writer numbers groups after the communicators' own.
    for (Map.Entry<String, Long> g : groups.entrySet()) {
      w.write("group " + g.getValue() + " " + g.getKey() + "\n");
    }
    for (String line : windowLines) {
      w.write(line + "\n");
    }
    for (Map.Entry<Long, Long> f : ioFiles.entrySet()) {
      w.write("iofile " + f.getValue() + " file%20" + f.getKey() + "\n");
    }
    for (String line : ioHandleLines) {
      w.write(line + "\n");
    }
    for (Map.Entry<Long, long[][]> c : carts.entrySet()) {
      if (comms.containsKey(c.getKey()) && c.getValue()[0].length > 0) {
        StringBuilder b = new StringBuilder("cart ").append(c.getKey()).append(' ');
        join(b, c.getValue()[0]);
        join(b.append(' '), c.getValue()[1]);
        w.write(b.append('\n').toString());
      }
    }
  }

  /** The parent of {@code id} among the known communicators, or -1. */
  private long parent(long id) {
    long p = parents.getOrDefault(id, id == 0 ? -1L : 0L);
    return p != id && comms.containsKey(p) ? p : -1;
  }

  /**
   * The communicators, each after its parent (the OTF2 writer links a parent only once made),
   * else in the order first seen.
   */
  private List<Long> parentsFirst() {
    List<Long> out = new ArrayList<>();
    Set<Long> done = new HashSet<>();
    for (long id : comms.keySet()) {
      Deque<Long> chain = new ArrayDeque<>();
      for (long c = id; c >= 0 && !done.contains(c) && !chain.contains(c); c = parent(c)) {
        chain.push(c);
      }
      while (!chain.isEmpty()) {
        long c = chain.pop();
        done.add(c);
        out.add(c);
      }
    }
    return out;
  }

  private static void join(StringBuilder b, long[] xs) {
    for (int i = 0; i < xs.length; i++) {
      b.append(i == 0 ? "" : ",").append(xs[i]);
    }
  }
}
