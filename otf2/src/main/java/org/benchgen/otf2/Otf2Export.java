package org.benchgen.otf2;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;
import org.benchgen.expand.Expander;
import org.benchgen.io.AtomicOutput;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.SiteTable;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.resolve.CausalTimes;
import org.benchgen.trace.SymbolTable;
import org.benchgen.trace.TraceProblem;

/**
 * {@code benchgen export --format otf2}: a trace as an OTF2 archive, {@code DIR/traces.otf2},
 * for Vampir, Scalasca, TAU and {@code otf2-print} (docs/otf2.md, "Export"). Each rank's calls
 * become records ({@link RankExporter}), which the OTF2 library writes through the native writer
 * {@code bg-otf2-write} ({@link Otf2Library}).
 */
public final class Otf2Export {
  /** The anchor file of an exported archive, in the output directory. */
  public static final String ANCHOR = "traces.otf2";

  /** The ranks of a trace, read one at a time. */
  public interface RankSource {
    /** The number of ranks. */
    int size();

    /** Passes rank {@code rank}'s communicators and calls, in order, to {@code sink}. */
    void read(int rank, RawTraceReader.Sink sink) throws IOException;

    /** Where the call sites lie in the program, which names their regions (issue 48). */
    default SiteTable sites() {
      return SiteTable.none();
    }

    /** What the export's summary says about the source's times: nothing for a traced run's. */
    default List<String> notes() {
      return List.of();
    }
  }

  private Otf2Export() {}

  /** A directory of per-rank streams as a source. */
  public static RankSource of(List<Path> rankFiles) {
    return of(rankFiles, SiteTable.none());
  }

  /** A directory of per-rank streams as a source, its sites' places {@code sites}. */
  public static RankSource of(List<Path> rankFiles, SiteTable sites) {
    return new RankSource() {
      @Override
      public SiteTable sites() {
        return sites;
      }

      @Override
      public int size() {
        return rankFiles.size();
      }

      @Override
      public void read(int rank, RawTraceReader.Sink sink) throws IOException {
        RawTraceReader.read(rankFiles.get(rank), new SymbolTable(), sink);
      }
    };
  }

  /**
   * A compressed trace as a source, expanded rank by rank, its times made causal by replaying its
   * matching ({@link CausalTimes}): each rank's means laid end to end, a call moved later where it
   * cannot have ended sooner (a receive before its send started, a collective before its last
   * member entered).
   */
  public static RankSource of(CompressedTrace t) {
    Expander x = new Expander(t);
    Optional<CausalTimes> causal = CausalTimes.of(t);
    return new RankSource() {
      @Override
      public int size() {
        return t.worldSize();
      }

      @Override
      public void read(int rank, RawTraceReader.Sink sink) {
        if (causal.isEmpty()) {
          x.expand(rank, sink);
          return;
        }
        CausalTimes c = causal.get();
        x.expand(rank, new RawTraceReader.Sink() {
          private int call;
          private long delay;

          @Override
          public void comm(long id, long[] members, long[] remote) {
            sink.comm(id, members, remote);
          }

          @Override
          public void event(RawEvent e) {
            // Calls the replay did not reach (it stopped early) keep their delay so far.
            long enter = e.enter() + delay;
            long exit = e.exit() + delay;
            if (call < c.calls(rank)) {
              enter = c.enter(rank, call);
              exit = c.exit(rank, call);
              delay = exit - e.exit();
            }
            call++;
            sink.event(new RawEvent(e.op(), e.site(), enter, exit, e.values(), e.lists(),
                e.cpu()));
          }
        });
      }

      @Override
      public List<String> notes() {
        return List.of(causal.map(c -> "times rebuilt from the compressed trace's means per call"
            + " path, made causal by replaying its matching: " + c.moved() + " calls end later"
            + " than their means (no receive before its send started, no collective before its"
            + " last member entered)" + (c.incomplete().isEmpty() ? "" : "; " + c.incomplete()))
            .orElse("times rebuilt from the compressed trace's means per call path, not made"
            + " causal (ranks called MPI from several threads): receives may end before their"
            + " sends start"));
      }

      @Override
      public SiteTable sites() {
        return t.sites();
      }
    };
  }

  /** What an export wrote: calls, and how often each rule left out what OTF2 cannot say. */
  public record Result(long calls, Map<String, Long> rules) {}

  /** Writes {@code source} as an archive in the new directory {@code out}. */
  public static Result run(RankSource source, Path out, IntConsumer progress)
      throws IOException {
    // Before any work: without the native writer nothing can be written.
    Otf2Library.cannotWrite().ifPresent(why -> {
      throw new TraceProblem(out + ": " + why);
    });
    Path bridge = Files.createTempDirectory("bg_otf2-write");
    try {
      ExportDefs defs = new ExportDefs(source.size(), source.sites());
      RuleCounts rules = new RuleCounts();
      long calls = 0;
      for (int r = 0; r < source.size(); r++) {
        try (BridgeOut w = new BridgeOut(Files.newOutputStream(bridge.resolve("rank-" + r)))) {
          Counting c = new Counting(new RankExporter(defs, r, w, rules));
          source.read(r, c);
          calls += c.calls;
        } catch (UncheckedIOException e) {
          throw e.getCause();
        } catch (ArithmeticException e) {
          throw new TraceProblem("rank " + r + ": a collective's bytes do not fit OTF2's"
              + " 64-bit sizes (" + e.getMessage() + ")");
        }
        progress.accept(r + 1);
      }
      try (Writer w = AtomicOutput.newWriter(bridge.resolve("defs"))) {
        defs.write(w);
      }
      AtomicOutput.writeDirectory(out, dir -> Otf2Library.run("write", bridge, dir,
          out.toString()));
      return new Result(calls, rules.counts());
    } finally {
      Otf2Library.deleteTree(bridge);
    }
  }

  /** Counts the calls passed on. */
  private static final class Counting implements RawTraceReader.Sink {
    private final RankExporter next;
    private long calls;

    Counting(RankExporter next) {
      this.next = next;
    }

    @Override
    public void comm(long id, long[] members, long[] remote) {
      next.comm(id, members, remote);
    }

    @Override
    public void event(RawEvent event) {
      calls++;
      next.event(event);
    }
  }
}
