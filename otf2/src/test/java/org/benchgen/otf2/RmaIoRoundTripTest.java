package org.benchgen.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.stats.TraceComparison;
import org.benchgen.stats.TraceStats;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One-sided communication and MPI-IO through OTF2 (issue 46), on traces of the rma_epochs,
 * rma_dynamic, mpiio and mpiio_view samples (src/test/resources/rma-io): export then import gives
 * every rank the same calls at the same times with the same bytes ({@code verify}'s identity) and
 * the same window, target, lock kind, test flag and group, file slot, file number and access
 * mode; and {@code otf2-print}, parsed here, shows per rank as many RMA and I/O records of each
 * kind, and as many bytes put and moved by I/O, as the original trace's calls make by Score-P's
 * convention (docs/otf2.md, "One-sided communication", "MPI-IO"), counted from the trace by this
 * test.
 */
class RmaIoRoundTripTest {
  private static final Pattern LINE = Pattern.compile(
      "^((?:RMA|IO)_\\S+)\\s+(\\d+)\\s+\\d+\\s+(.*)$");
  private static final Pattern RESULT = Pattern.compile("Bytes Result: (\\d+)");
  private static final Pattern BYTES = Pattern.compile("Bytes: (\\d+)");
  /** MPI_MODE_DELETE_ON_CLOSE in the trace's bits (docs/trace-format.md, "MPI-IO"). */
  private static final long DELETE_ON_CLOSE = 16;
  private static final List<Field> CARRIED = List.of(Field.WIN, Field.TARGET, Field.EXCL,
      Field.FLAG, Field.FILE, Field.FNAME, Field.AMODE);

  @TempDir
  Path tmp;

  @BeforeAll
  static void libraryIsThere() {
    assertEquals(java.util.Optional.empty(), Otf2Library.cannotRead()
        .or(Otf2Library::cannotWrite), "the OTF2 tests need the native reader and writer");
  }

  @ParameterizedTest
  @ValueSource(strings = {"rma_epochs", "rma_dynamic", "mpiio", "mpiio_view"})
  void exportThenImportKeepsTheOneSidedAndIoCalls(String name) throws Exception {
    Path original = Path.of("src/test/resources/rma-io", name);
    TraceDirectory d = TraceDirectory.open(original);
    Path archive = tmp.resolve("archive");
    Path back = tmp.resolve("back");
    Otf2Export.Result ex = Otf2Export.run(Otf2Export.of(d.rankFiles()), archive, r -> { });
    assertTrue(ex.rules().isEmpty(), ex.rules().toString());
    Otf2Import.Result r = Otf2Import.run(archive.resolve(Otf2Export.ANCHOR), back, n -> x -> { });
    assertEquals(ex.calls(), r.calls());
    TraceComparison c = new TraceComparison(TraceStats.of(d, x -> { }),
        TraceStats.of(TraceDirectory.open(back), x -> { }));
    assertTrue(c.identical(), () -> name + ": " + c.callDifferences());

    Map<String, Long> expected = new TreeMap<>();
    for (int rank = 0; rank < d.size(); rank++) {
      List<RawEvent> a = events(d.rankFiles().get(rank));
      List<RawEvent> b = events(TraceDirectory.open(back).rankFiles().get(rank));
      Map<Long, Long> amodes = new java.util.HashMap<>();
      assertEquals(a.size(), b.size());
      for (int i = 0; i < a.size(); i++) {
        RawEvent x = a.get(i);
        RawEvent y = b.get(i);
        String at = name + " rank " + rank + " call " + i + " " + x.op().mpiName();
        assertEquals(x.op(), y.op(), at);
        assertEquals(x.enter(), y.enter(), at);
        assertEquals(x.exit(), y.exit(), at);
        for (Field f : CARRIED) {
          if (x.op().has(f)) {
            assertEquals(x.get(f), y.get(f), at + " " + f.key());
          }
        }
        if (x.op() == Op.FILE_SEEK || x.op() == Op.FILE_SEEK_SHARED) {
          assertEquals(x.get(Field.OFFSET), y.get(Field.OFFSET), at + " offset");
        }
        if (x.op().has(Field.GROUP)) {
          assertTrue(Arrays.equals(x.list(Field.GROUP), y.list(Field.GROUP)), at + " group");
        }
        count(expected, rank, x, amodes);
      }
    }
    assertEquals(expected, printed(archive.resolve(Otf2Export.ANCHOR)), name);
  }

  /** A window call on a window no call made is refused by name, and nothing is written. */
  @Test
  void aWindowNoCallMadeIsRefusedByName() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("bad"));
    for (int r = 0; r < 2; r++) {
      String name = "rank-" + r + ".trace";
      String text = Files.readString(Path.of("src/test/resources/rma-io/rma_epochs", name));
      // Rank 0 without its first MPI_Win_create: its fence names a window it never made.
      Files.writeString(dir.resolve(name), r == 0
          ? text.replaceFirst("(?m)^MPI_Win_create .*\n", "") : text);
    }
    Path archive = tmp.resolve("archive");
    TraceProblem e = assertThrows(TraceProblem.class, () -> Otf2Export.run(Otf2Export.of(
        TraceDirectory.open(dir).rankFiles()), archive, r -> { }));
    assertTrue(e.getMessage().contains("MPI_Win_fence names window 0, which no call made"),
        e.getMessage());
    assertTrue(Files.notExists(archive));
  }

  /**
   * The RMA and I/O records Score-P's convention gives call {@code e} of {@code rank}, and the
   * bytes it puts or reads and writes, added to {@code n} as "RANK RECORD"; {@code amodes} holds
   * the access mode of each file slot open on the rank.
   */
  private static void count(Map<String, Long> n, int rank, RawEvent e, Map<Long, Long> amodes) {
    List<String> records = new ArrayList<>();
    Op op = e.op();
    String name = op.mpiName();
    boolean request = op.has(Field.REQ);
    switch (op) {
      case WIN_CREATE, WIN_ALLOCATE, WIN_ALLOCATE_SHARED, WIN_CREATE_DYNAMIC -> records.addAll(
          List.of("RMA_COLLECTIVE_BEGIN", "RMA_WIN_CREATE", "RMA_COLLECTIVE_END"));
      case WIN_FREE -> records.addAll(List.of("RMA_COLLECTIVE_BEGIN", "RMA_WIN_DESTROY",
          "RMA_COLLECTIVE_END"));
      case WIN_FENCE -> records.addAll(List.of("RMA_COLLECTIVE_BEGIN", "RMA_COLLECTIVE_END"));
      case WIN_LOCK, WIN_LOCK_ALL -> records.add("RMA_REQUEST_LOCK");
      case WIN_UNLOCK, WIN_UNLOCK_ALL -> records.add("RMA_RELEASE_LOCK");
      case WIN_FLUSH, WIN_FLUSH_LOCAL, WIN_FLUSH_ALL, WIN_FLUSH_LOCAL_ALL, WIN_SYNC ->
          records.add("RMA_SYNC");
      case WIN_POST, WIN_START, WIN_COMPLETE, WIN_WAIT, WIN_TEST -> records.add("RMA_GROUP_SYNC");
      case WIN_ATTACH, WIN_DETACH, FILE_SET_VIEW, FILE_SET_SIZE, FILE_PREALLOCATE -> { }
      case FILE_OPEN -> {
        records.add("IO_CREATE_HANDLE");
        amodes.put(e.get(Field.FILE), e.get(Field.AMODE));
      }
      case FILE_CLOSE -> records.addAll((amodes.remove(e.get(Field.FILE)) & DELETE_ON_CLOSE) != 0
          ? List.of("IO_DELETE_FILE", "IO_DESTROY_HANDLE") : List.of("IO_DESTROY_HANDLE"));
      case FILE_DELETE -> records.add("IO_DELETE_FILE");
      case FILE_SEEK, FILE_SEEK_SHARED -> records.add("IO_SEEK");
      case FILE_SYNC -> records.addAll(List.of("IO_OPERATION_BEGIN", "IO_OPERATION_COMPLETE"));
      default -> {
        if (op.kind() == org.benchgen.trace.OpKind.FILE_IO) {
          // A read or write: begun and completed in its call; or issued, and completed by its
          // wait (every request of the samples is completed) or its split collective's _end.
          records.addAll(name.endsWith("_end") ? List.of("IO_OPERATION_COMPLETE")
              : name.endsWith("_begin") ? List.of("IO_OPERATION_BEGIN", "IO_OPERATION_ISSUED")
              : request ? List.of("IO_OPERATION_BEGIN", "IO_OPERATION_ISSUED",
                  "IO_OPERATION_COMPLETE")
              : List.of("IO_OPERATION_BEGIN", "IO_OPERATION_COMPLETE"));
          if (e.isPresent(Field.BYTES)) {
            n.merge(rank + " bytes moved", e.get(Field.BYTES), Long::sum);
          }
        }
        if (op.kind() == org.benchgen.trace.OpKind.RMA) {
          records.add(name.matches("MPI_R?[Pp]ut") ? "RMA_PUT" : name.matches("MPI_R?[Gg]et")
              ? "RMA_GET" : "RMA_ATOMIC");
          // Every epoch of the samples is closed: each operation completes once.
          records.addAll(request ? List.of("RMA_OP_COMPLETE_NON_BLOCKING",
              "RMA_OP_COMPLETE_REMOTE") : List.of("RMA_OP_COMPLETE_BLOCKING"));
          if (name.matches("MPI_R?[Pp]ut")) {
            n.merge(rank + " bytes put", e.get(Field.COUNT) * e.get(Field.TSIZE), Long::sum);
          }
        }
      }
    }
    for (String r : records) {
      n.merge(rank + " " + r, 1L, Long::sum);
    }
  }

  /**
   * otf2-print's RMA and I/O records per location and kind, the bytes of its RMA_PUT records and
   * those its IO_OPERATION_COMPLETE records say moved.
   */
  private static Map<String, Long> printed(Path anchor) throws IOException, InterruptedException {
    Process pr = new ProcessBuilder("otf2-print", anchor.toString()).redirectErrorStream(true)
        .start();
    String text = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, pr.waitFor(), text);
    Map<String, Long> n = new TreeMap<>();
    for (String line : text.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        n.merge(m.group(2) + " " + m.group(1), 1L, Long::sum);
        if (m.group(1).equals("RMA_PUT")) {
          Matcher b = BYTES.matcher(m.group(3));
          assertTrue(b.find(), line);
          n.merge(m.group(2) + " bytes put", Long.parseLong(b.group(1)), Long::sum);
        } else if (m.group(1).equals("IO_OPERATION_COMPLETE")) {
          Matcher b = RESULT.matcher(m.group(3));
          assertTrue(b.find(), line);
          n.merge(m.group(2) + " bytes moved", Long.parseLong(b.group(1)), Long::sum);
        }
      }
    }
    return n;
  }

  private static List<RawEvent> events(Path file) throws IOException {
    List<RawEvent> out = new ArrayList<>();
    RawTraceReader.read(file, new SymbolTable(), new RawTraceReader.Sink() {
      @Override
      public void comm(long id, long[] members, long[] remote) { }

      @Override
      public void event(RawEvent e) {
        out.add(e);
      }
    });
    return out;
  }
}
