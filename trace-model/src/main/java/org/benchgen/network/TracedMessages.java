package org.benchgen.network;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Rsd;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawTraceReader;
import org.benchgen.rawtrace.TraceDirectory;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;
import org.benchgen.traverse.StepDecoder;
import org.benchgen.traverse.TraversalContext;

/**
 * A trace's calls fed to {@link MessageTimes}: a directory of rank streams, where every call has
 * its own entry and exit ({@code benchgen trace --raw}), or a compressed trace, whose calls have
 * their RSD's mean time and the mean compute before them (so one size's calls of a call site
 * whose size changes from call to call all have one mean: only sizes that a call site keeps say
 * what a size costs).
 */
public final class TracedMessages {
  private TracedMessages() {}

  /** The message times of every rank of {@code trace}, walked call by call. */
  public static MessageTimes of(CompressedTrace trace) {
    MessageTimes times = new MessageTimes(true);
    Communicators comms = new Communicators(trace);
    StepDecoder dec = new StepDecoder(trace.symbols());
    Map<Rsd, Boolean> constant = new IdentityHashMap<>();
    for (int rr = 0; rr < trace.worldSize(); rr++) {
      final int r = rr;
      MessageTimes.Rank rank = times.rank(r);
      TraversalContext ctx = new TraversalContext(trace, r, comms);
      double t = 0;
      String lastSite = null;
      while (ctx.hasNext()) {
        Step step = ctx.next();
        if (lastSite != null) {
          t += step.rsd().meanComputeAfter(lastSite, r);
        }
        lastSite = step.rsd().site();
        double enter = t;
        t += step.rsd().duration().mean();
        if (!constant.computeIfAbsent(step.rsd(), TracedMessages::oneSize)) {
          rank.other();
          continue;
        }
        RawEvent e = dec.decode(step);
        feed(rank, e, enter, t, (comm, peer) -> comms.isDefined(comm) && !comms.isInter(comm)
            ? comms.world(comm, r, peer) : -1);
      }
    }
    times.finish();
    return times;
  }

  /**
   * Whether every call of {@code rsd} moves one size: its mean time is then that size's. A call
   * site whose sizes change (a ping-pong over sizes) has one mean for all, which says nothing of
   * any one size.
   */
  private static boolean oneSize(Rsd rsd) {
    for (Field f : new Field[] {Field.COUNT, Field.TSIZE, Field.BYTES, Field.RCOUNT,
        Field.RTSIZE}) {
      if (rsd.op().has(f) && rsd.param(f).leaves().distinct().limit(2).count() > 1) {
        return false;
      }
    }
    return true;
  }

  /** The message times of the rank streams in {@code dir}. */
  public static MessageTimes ofStreams(Path dir) throws IOException {
    TraceDirectory d = TraceDirectory.open(dir);
    MessageTimes times = new MessageTimes();
    for (Path file : d.rankFiles()) {
      int r = RawTraceReader.readHeader(file).rank();
      MessageTimes.Rank rank = times.rank(r);
      Map<Long, long[]> members = new HashMap<>();
      RawTraceReader.read(file, new SymbolTable(), new RawTraceReader.Sink() {
        @Override
        public void comm(long id, long[] m, long[] remote) {
          if (remote.length == 0) {
            members.put(id, m.clone());
          }
        }

        @Override
        public void event(RawEvent e) {
          feed(rank, e, e.enter(), e.exit(), (comm, peer) -> {
            if (comm == 0) {
              return (int) peer;
            }
            long[] m = members.get(comm);
            return m != null && peer < m.length ? (int) m[(int) peer] : -1;
          });
        }
      });
    }
    times.finish();
    return times;
  }

  /** A communicator's rank as a world rank, -1 when unknown. */
  private interface World {
    int of(long comm, long peer);
  }

  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();

  private static void feed(MessageTimes.Rank rank, RawEvent e, double enter, double exit,
      World world) {
    Op op = e.op();
    if (op == Op.SEND) {
      rank.call(MessageTimes.Kind.SEND, peer(e, Field.DEST, world), sent(e), enter, exit, 1);
    } else if (op == Op.RECV || op == Op.IRECV) {
      MessageTimes.Kind kind = op == Op.RECV ? MessageTimes.Kind.RECV : MessageTimes.Kind.IRECV;
      rank.call(kind, source(e, world), received(e), enter, exit, 1);
    } else if (op == Op.WAIT) {
      rank.call(MessageTimes.Kind.WAIT, -1, 0, enter, exit, 1);
    } else if (op == Op.SENDRECV) {
      int to = peer(e, Field.DEST, world);
      int from = source(e, world);
      // Only an exchange of equal messages with one peer is one message's time.
      boolean exchange = to >= 0 && to == from && sent(e) == received(e);
      rank.call(MessageTimes.Kind.SENDRECV, exchange ? to : -1, sent(e), enter, exit, 1);
    } else {
      rank.other();
    }
  }

  private static int peer(RawEvent e, Field f, World world) {
    long p = e.get(f);
    return p < 0 || Sym.isSymbol(p) ? -1 : world.of(e.get(Field.COMM), p);
  }

  private static int source(RawEvent e, World world) {
    long src = e.get(Field.SRC);
    if (src == ANY_SOURCE && e.op().has(Field.ASRC) && e.isPresent(Field.ASRC)) {
      src = e.get(Field.ASRC);
    }
    return src < 0 || Sym.isSymbol(src) ? -1 : world.of(e.get(Field.COMM), src);
  }

  private static long sent(RawEvent e) {
    return e.get(Field.COUNT) * e.get(Field.TSIZE);
  }

  private static long received(RawEvent e) {
    if (e.op().has(Field.BYTES) && e.isPresent(Field.BYTES)) {
      return e.get(Field.BYTES);
    }
    Field size = e.op().has(Field.RTSIZE) ? Field.RTSIZE : Field.TSIZE;
    Field count = e.op().has(Field.RCOUNT) ? Field.RCOUNT : Field.COUNT;
    return e.get(count) * e.get(size);
  }
}
