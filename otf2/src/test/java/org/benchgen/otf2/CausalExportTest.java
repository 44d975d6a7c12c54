package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.compress.TraceCompressor;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An export of a compressed trace is causal (docs/otf2.md, "Export"): read back with the OTF2
 * library's Python reader, no receive record is earlier than its send's (the k-th message of a
 * channel, sender, receiver, communicator and tag, matches the k-th receive: MPI does not let
 * messages overtake), and no collective's end is earlier than the last member's begin. The means
 * laid end to end without the replay break it on a trace made for that, so the check can fail.
 */
class CausalExportTest {
  @TempDir
  Path tmp;

  /** Receives before their sends, and collective ends before a member's begin. */
  record Violations(long receives, long collectives, long messages) {}

  @ParameterizedTest
  @ValueSource(strings = {"ring", "stencil2d", "nested-loops", "split-collectives", "wildcard",
      "comm-split"})
  void aCompressedTracesExportIsCausal(String sample) throws Exception {
    CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(
        Path.of("../samples/traces", sample)), n -> { }).trace();
    Violations causal = violations(Otf2Export.of(t), "causal");
    assertEquals(0, causal.receives(), sample + ": " + causal);
    assertEquals(0, causal.collectives(), sample + ": " + causal);
    assertTrue(causal.messages() > 0 || sample.equals("split-collectives"), sample);
  }

  /**
   * Rank 0 computes 1,000 ns before its first of 4 sends, 10 ns before the others; rank 1's first
   * receive waits for it (1,005 ns), the others take 10 ns, with 10 ns of compute before each.
   * Laid end to end, the receives' mean of 258.75 ns (259) ends them at 279, 548, 817 and 1,086
   * ns, the sends start at 1,010, 1,030, 1,050 and 1,070: three receives before their sends. The
   * replay moves the first to end at 1,010, and the others follow it.
   */
  @org.junit.jupiter.api.Test
  void meansLaidEndToEndAreNotCausalAndTheReplayIs() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("late"));
    StringBuilder r0 = new StringBuilder("# benchgen-trace 1 rank=0 size=2\n"
        + "MPI_Init site=i enter=0 exit=10\n");
    StringBuilder r1 = new StringBuilder("# benchgen-trace 1 rank=1 size=2\n"
        + "MPI_Init site=i enter=0 exit=10\n");
    long[][] send = {{1010, 1020}, {1030, 1040}, {1050, 1060}, {1070, 1080}};
    long[][] recv = {{20, 1025}, {1035, 1045}, {1055, 1065}, {1075, 1085}};
    for (int i = 0; i < 4; i++) {
      r0.append("MPI_Send site=s enter=").append(send[i][0]).append(" exit=").append(send[i][1])
          .append(" comm=0 dest=1 tag=0 count=8 type=MPI_BYTE tsize=1\n");
      r1.append("MPI_Recv site=r enter=").append(recv[i][0]).append(" exit=").append(recv[i][1])
          .append(" comm=0 src=0 tag=0 count=8 type=MPI_BYTE tsize=1 bytes=8\n");
    }
    r0.append("MPI_Finalize site=f enter=1090 exit=1100\n");
    r1.append("MPI_Finalize site=f enter=1095 exit=1105\n");
    Files.writeString(dir.resolve("rank-0.trace"), r0);
    Files.writeString(dir.resolve("rank-1.trace"), r1);
    CompressedTrace t = new TraceCompressor().compress(TraceDirectory.open(dir), n -> { })
        .trace();
    Expander x = new Expander(t);
    Violations means = violations(new Otf2Export.RankSource() {
      @Override
      public int size() {
        return t.worldSize();
      }

      @Override
      public void read(int rank, RawTraceReader.Sink sink) {
        x.expand(rank, sink);
      }
    }, "means");
    assertEquals(new Violations(3, 0, 4), means);
    assertEquals(new Violations(0, 0, 4), violations(Otf2Export.of(t), "causal"));
  }

  private Violations violations(Otf2Export.RankSource source, String name) throws IOException {
    Path archive = tmp.resolve(name);
    Otf2Export.run(source, archive, r -> { });
    Path bridge = Files.createDirectories(tmp.resolve(name + "-read"));
    Otf2Library.run("read", archive.resolve(Otf2Export.ANCHOR), bridge, name);
    ImportDefs defs = ImportDefs.read(bridge.resolve("defs"));
    Map<String, List<Long>> sends = new HashMap<>();
    Map<String, List<Long>> recvs = new HashMap<>();
    Map<String, List<long[]>> colls = new HashMap<>();
    for (int r = 0; r < source.size(); r++) {
      Map<Long, Integer> nth = new HashMap<>();
      long begin = -1;
      List<BridgeEvent> events = new ArrayList<>();
      try (BridgeRecords in = new BridgeRecords(bridge.resolve("rank-" + r))) {
        for (BridgeEvent e = in.next(); e != null; e = in.next()) {
          events.add(e);
        }
      }
      for (BridgeEvent e : events) {
        if (e instanceof BridgeEvent.Send s) {
          sends.computeIfAbsent(r + ">" + world(defs, s.comm(), s.peer()) + "@" + s.comm()
              + "#" + s.tag(), k -> new ArrayList<>()).add(s.time());
        } else if (e instanceof BridgeEvent.Isend s) {
          sends.computeIfAbsent(r + ">" + world(defs, s.comm(), s.peer()) + "@" + s.comm()
              + "#" + s.tag(), k -> new ArrayList<>()).add(s.time());
        } else if (e instanceof BridgeEvent.Recv v) {
          recvs.computeIfAbsent(world(defs, v.comm(), v.peer()) + ">" + r + "@" + v.comm()
              + "#" + v.tag(), k -> new ArrayList<>()).add(v.time());
        } else if (e instanceof BridgeEvent.Irecv v) {
          recvs.computeIfAbsent(world(defs, v.comm(), v.peer()) + ">" + r + "@" + v.comm()
              + "#" + v.tag(), k -> new ArrayList<>()).add(v.time());
        } else if (e instanceof BridgeEvent.CollectiveBegin b) {
          begin = b.time();
        } else if (e instanceof BridgeEvent.CollectiveEnd c) {
          int k = nth.merge(c.comm(), 1, Integer::sum);
          colls.computeIfAbsent(c.comm() + "/" + k, x -> new ArrayList<>())
              .add(new long[] {begin, c.time()});
        }
      }
    }
    long early = 0;
    long messages = 0;
    for (Map.Entry<String, List<Long>> e : recvs.entrySet()) {
      List<Long> s = sends.getOrDefault(e.getKey(), List.of());
      assertEquals(s.size(), e.getValue().size(), "messages of channel " + e.getKey());
      for (int i = 0; i < s.size(); i++) {
        messages++;
        early += e.getValue().get(i) < s.get(i) ? 1 : 0;
      }
    }
    long collectives = 0;
    for (List<long[]> members : colls.values()) {
      long last = members.stream().mapToLong(m -> m[0]).max().orElse(0);
      collectives += members.stream().filter(m -> m[1] < last).count();
    }
    return new Violations(early, collectives, messages);
  }

  /** The world rank of {@code peer}, a rank of communicator {@code comm} (the archive's ref). */
  private static int world(ImportDefs defs, long comm, long peer) {
    return defs.comms().get(comm).members()[(int) peer];
  }
}
