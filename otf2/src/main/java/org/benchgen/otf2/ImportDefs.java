package org.benchgen.otf2;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.trace.Names;
import org.benchgen.trace.WorldSize;

/**
 * An archive's global definitions as the bridge lists them (docs/otf2.md, "The bridge"): the MPI
 * ranks, the clock, region names and communicators by world ranks. Communicators get benchgen's
 * ids: the first one named {@code MPI_COMM_WORLD} (or unnamed) with every rank in order is
 * {@code MPI_COMM_WORLD}, 0; any other is its OTF2 reference plus one. Cartesian topologies are
 * {dims, periods} by communicator reference; {@code commRecords} says whether the archive's OTF2
 * (3.0 on) has CommCreate and CommDestroy records. A self communicator's id on a rank is {@code
 * selfBase + selfIndex * ranks + rank}. One-sided communication's windows are their communicators'
 * references ({@code windows}, -1 for none) and MPI's groups their world ranks ({@code groups}),
 * by OTF2 reference; MPI-IO's handles their file's and communicator's references ({@code
 * ioHandles}: {file, comm}, comm -1 for none).
 */
record ImportDefs(int ranks, Ticks clock, Map<Long, String> regions, Map<Long, Comm> comms,
    Map<Long, long[][]> carts, boolean commRecords, long selfBase, Map<Long, Long> selfIndex,
    Map<Long, Long> windows, Map<Long, int[]> groups, Map<Long, long[]> ioHandles) {
  /**
   * A communicator: benchgen's id, its world ranks in order (none for a self one), parent, and
   * whether MPI made it ({@code MPI_COMM_WORLD}, {@code MPI_COMM_SELF}) rather than a call.
   */
  record Comm(long ref, long id, int[] members, long parentRef, boolean predefined) {
    boolean isSelf() {
      return members.length == 0;
    }
  }

  /** MPI_COMM_WORLD ({@link #read} refuses an archive without it). */
  Comm world() {
    return comms.values().stream().filter(c -> c.id() == 0).findFirst().orElseThrow();
  }

  /** The communicator of OTF2 reference {@code ref}, if defined, as rank {@code rank} sees it. */
  Optional<Comm> comm(long ref, int rank) {
    Comm c = comms.get(ref);
    if (c == null || !c.isSelf()) {
      return Optional.ofNullable(c);
    }
    // A self communicator is one per rank: each rank's its own id, after every other id.
    long id = selfBase + selfIndex.get(ref) * ranks + rank;
    if (id > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many MPI_COMM_SELF communicators for benchgen's"
          + " ids");
    }
    return Optional.of(new Comm(ref, id, new int[] {rank}, -1, c.predefined()));
  }

  /** Every communicator rank {@code rank} is in, but MPI_COMM_WORLD, with its ids. */
  List<Comm> commsOf(int rank) {
    return comms.keySet().stream().sorted().map(ref -> comm(ref, rank).orElseThrow())
        .filter(c -> c.id() > 0 && Arrays.stream(c.members()).anyMatch(m -> m == rank))
        .toList();
  }

  /** Reads the bridge's {@code defs} file; a wrong line is an error naming it. */
  static ImportDefs read(Path file) throws IOException {
    int ranks = -1;
    Ticks clock = null;
    Map<Long, String> regions = new HashMap<>();
    Map<Long, Comm> comms = new HashMap<>();
    Map<Long, long[][]> carts = new HashMap<>();
    boolean world = false;
    boolean commRecords = true;
    Map<Long, Long> windows = new HashMap<>();
    Map<Long, int[]> groups = new HashMap<>();
    Map<Long, long[]> ioHandles = new HashMap<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int no = 0;
      while ((line = r.readLine()) != null) {
        no++;
        String[] w = line.split(" ", -1);
        try {
          switch (w[0]) {
            case "ranks" -> ranks = WorldSize.check(num(w, 1), "the archive");
            case "clock" -> clock = new Ticks(num(w, 1));
            case "version" -> commRecords = num(w, 1) >= 3;
            case "region" -> regions.put(num(w, 1), Names.decode(word(w, 2)));
            case "comm" -> {
              if (ranks < 0) {
                throw new IllegalArgumentException("a communicator before the rank count");
              }
              long ref = num(w, 1);
              boolean self = word(w, 2).equals("self");
              String raw = word(w, self ? 3 : 5);
              String name = raw.isEmpty() ? "" : Names.decode(raw);
              boolean predefined = name.equals("MPI_COMM_WORLD") || name.equals("MPI_COMM_SELF");
              Comm c = self ? new Comm(ref, -1, new int[0], -1, predefined)
                  : new Comm(ref, ref + 1, members(word(w, 3), ranks), signed(w, 4), predefined);
              if (!world && c.members().length == ranks && isIdentity(c.members())
                  && (name.equals("MPI_COMM_WORLD") || name.isEmpty())) {
                c = new Comm(ref, 0, c.members(), -1, true);
                world = true;
              }
              if (c.id() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("communicator reference " + ref
                    + " is too large");
              }
              comms.put(ref, c);
            }
            case "group" -> groups.put(num(w, 1), members(word(w, 2), ranks));
            case "win" -> windows.put(num(w, 1), signed(w, 2));
            case "iohandle" -> ioHandles.put(num(w, 1), new long[] {num(w, 2), signed(w, 3)});
            case "cart" -> carts.put(num(w, 1), new long[][] {list(word(w, 2)),
                list(word(w, 3))});
            default -> throw new IllegalArgumentException("unknown definition '"
                + BridgeLines.clip(w[0]) + "'");
          }
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("definition " + no + ": " + e.getMessage(), e);
        }
      }
    }
    if (ranks < 0 || clock == null) {
      throw new IllegalArgumentException("the archive has no MPI ranks or no clock properties");
    }
    if (!world) {
      throw new IllegalArgumentException("the archive defines no communicator of all ranks"
          + " (MPI_COMM_WORLD)");
    }
    long selfBase = comms.keySet().stream().mapToLong(Long::longValue).max().orElse(0) + 2;
    Map<Long, Long> selfIndex = new HashMap<>();
    comms.entrySet().stream().filter(e -> e.getValue().isSelf()).map(Map.Entry::getKey).sorted()
        .forEach(ref -> selfIndex.put(ref, (long) selfIndex.size()));
    return new ImportDefs(ranks, clock, regions, comms, carts, commRecords, selfBase, selfIndex,
        windows, groups, ioHandles);
  }

  private static int[] members(String list, int ranks) {
    if (list.isEmpty()) {
      return new int[0];
    }
    String[] parts = list.split(",", -1);
    if (parts.length > ranks) {
      throw new IllegalArgumentException("a communicator has more members than ranks");
    }
    int[] m = new int[parts.length];
    BitSet seen = new BitSet(ranks);
    for (int i = 0; i < parts.length; i++) {
      long v = parts[i].equals("-1") ? -1 : num(parts, i);
      if (v < 0 || v >= ranks || seen.get((int) v)) {
        throw new IllegalArgumentException("a communicator's member " + parts[i]
            + " is not an MPI rank of the archive, or is listed twice");
      }
      seen.set((int) v);
      m[i] = (int) v;
    }
    return m;
  }

  /** A list of at most 32 numbers (a Cartesian topology's dimensions or periodicity). */
  private static long[] list(String s) {
    String[] parts = s.split(",", -1);
    if (parts.length > 32) {
      throw new IllegalArgumentException("a Cartesian topology of more than 32 dimensions");
    }
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = num(parts, i);
    }
    return out;
  }

  private static boolean isIdentity(int[] m) {
    for (int i = 0; i < m.length; i++) {
      if (m[i] != i) {
        return false;
      }
    }
    return true;
  }

  private static String word(String[] w, int i) {
    if (i >= w.length) {
      throw new IllegalArgumentException("'" + w[0] + "' has too few fields");
    }
    return w[i];
  }

  private static long signed(String[] w, int i) {
    return word(w, i).equals("-1") ? -1 : num(w, i);
  }

  private static long num(String[] w, int i) {
    return BridgeLines.number(word(w, i));
  }
}
