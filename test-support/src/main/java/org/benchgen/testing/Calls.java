package org.benchgen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.expand.Expander;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.trace.SymbolTable;

/**
 * A rank's calls as text, to compare ranks of different traces: each call as its stream line
 * without times ({@code MPI_Send site=a.c:3 comm=0 dest=1 ...}), names spelled out, so that traces
 * with different symbol tables compare by what they say.
 */
public final class Calls {
  private Calls() {}

  /** One call's line without times, its names looked up in {@code symbols}. */
  public static String line(RawEvent e, SymbolTable symbols) {
    return RawTraceWriter.format(new RawEvent(e.op(), e.site(), 0, 0, e.values(), e.lists()),
        symbols::name).replace(" enter=0 exit=0", "");
  }

  /** The same without the call site (for passes that join calls of several sites). */
  public static String signature(RawEvent e, SymbolTable symbols) {
    return line(e, symbols).replaceFirst(" site=\\S*", "");
  }

  /** The lines of {@code events}. */
  public static List<String> lines(List<RawEvent> events, SymbolTable symbols) {
    return events.stream().map(e -> line(e, symbols)).toList();
  }

  /** Rank {@code rank}'s calls in {@code t}, expanded. */
  public static List<String> of(CompressedTrace t, int rank) {
    List<String> out = new ArrayList<>();
    expand(t, rank).forEach(e -> out.add(line(e, t.symbols())));
    return out;
  }

  /** Rank {@code rank}'s calls in {@code t} without their sites. */
  public static List<String> signatures(CompressedTrace t, int rank) {
    List<String> out = new ArrayList<>();
    expand(t, rank).forEach(e -> out.add(signature(e, t.symbols())));
    return out;
  }

  /** The calls of one rank's stream file. */
  public static List<String> read(Path rankFile) throws IOException {
    SymbolTable symbols = new SymbolTable();
    return lines(events(rankFile, symbols), symbols);
  }

  /** The events of one rank's stream file, their names interned in {@code symbols}. */
  public static List<RawEvent> events(Path rankFile, SymbolTable symbols) throws IOException {
    Events out = new Events();
    RawTraceReader.read(rankFile, symbols, out);
    return out.events;
  }

  /** Rank {@code rank}'s events in {@code t}, expanded (names are ids of {@code t.symbols()}). */
  public static List<RawEvent> expand(CompressedTrace t, int rank) {
    Events out = new Events();
    new Expander(t).expand(rank, out);
    return out.events;
  }

  /** Keeps the events a reader or an expansion hands over. */
  private static final class Events implements RawTraceReader.Sink {
    final List<RawEvent> events = new ArrayList<>();

    @Override
    public void comm(long id, long[] members, long[] remote) {}

    @Override
    public void event(RawEvent e) {
      events.add(e);
    }
  }

  /** Asserts equal call lists, naming the first call that differs. */
  public static void assertSame(List<String> expected, List<String> actual, String where) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      assertEquals(expected.get(i), actual.get(i), where + ": call " + i + " differs");
    }
    assertEquals(expected.size(), actual.size(), where + ": number of calls");
  }
}
