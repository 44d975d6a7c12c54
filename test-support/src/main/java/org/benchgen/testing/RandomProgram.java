package org.benchgen.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.benchgen.io.TraceFiles;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.rawtrace.RawEventBuilder;
import org.benchgen.rawtrace.RawTraceWriter;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * A random SPMD program (nested loops, rank-dependent branches and trip counts, point-to-point with
 * relative and absolute peers, wildcards, nonblocking and persistent requests, collectives,
 * sub-communicators), executed per rank into event streams. Test input for the lossless property.
 */
public final class RandomProgram {
  private final Random rnd;
  private final int ranks;
  private final List<Stmt> body;
  /** The names of the program's events. */
  private final SymbolTable symbols = new SymbolTable();

  /** A statement of the program, executed by one rank. */
  private interface Stmt {
    void run(Exec x);
  }

  /** The program of this seed for {@code ranks} ranks. */
  public RandomProgram(long seed, int ranks) {
    this.rnd = new Random(seed);
    this.ranks = ranks;
    this.body = block(0, 1 + rnd.nextInt(5));
  }

  private List<Stmt> block(int depth, int n) {
    List<Stmt> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(stmt(depth));
    }
    return out;
  }

  private Stmt stmt(int depth) {
    int k = rnd.nextInt(depth < 3 ? 12 : 9);
    String site = "prog.c:" + rnd.nextInt(40);
    switch (k) {
      case 0, 1 -> {
        int off = 1 + rnd.nextInt(Math.max(1, ranks - 1));
        boolean absolute = rnd.nextBoolean();
        int abs = rnd.nextInt(ranks);
        long count = sizeChoice();
        int sizeMode = rnd.nextInt(3);
        Op op = rnd.nextBoolean() ? Op.SEND : Op.SSEND;
        return x -> {
          long peer = absolute ? abs : (x.rank + off) % ranks;
          x.emit(new RawEventBuilder(symbols, op, site).set(Field.COMM, 0)
              .set(Field.DEST, peer == x.rank && rnd(x, 4) == 0 ? Sym.PROC_NULL.code() : peer)
              .set(Field.TAG, x.iter % 3).set(Field.COUNT, x.size(count, sizeMode))
              .name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4));
        };
      }
      case 2 -> {
        int off = 1 + rnd.nextInt(Math.max(1, ranks - 1));
        boolean wildcard = rnd.nextInt(3) == 0;
        long count = sizeChoice();
        return x -> {
          long src = (x.rank + ranks - off) % ranks;
          RawEventBuilder b = new RawEventBuilder(symbols, Op.RECV, site).set(Field.COMM, 0)
              .set(Field.SRC, wildcard ? Sym.ANY_SOURCE.code() : src).set(Field.TAG, 7)
              .set(Field.COUNT, count).name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8)
              .set(Field.BYTES, 8 * (count - x.iter % 2));
          if (wildcard) {
            b.set(Field.ASRC, (src + x.iter) % ranks).set(Field.ATAG, 7);
          }
          x.emit(b);
        };
      }
      case 3 -> {
        int n = 1 + rnd.nextInt(4);
        boolean waitEach = rnd.nextBoolean();
        String waitSite = "prog.c:" + (50 + rnd.nextInt(5));
        return x -> {
          long first = x.nextReq;
          for (int i = 0; i < n; i++) {
            boolean send = (i + x.rank) % 2 == 0;
            RawEventBuilder b = new RawEventBuilder(symbols, send ? Op.ISEND : Op.IRECV, site
                + "." + i)
                .set(Field.COMM, 0).set(send ? Field.DEST : Field.SRC, (x.rank + 1 + i) % ranks)
                .set(Field.TAG, i).set(Field.COUNT, 16).name(Field.TYPE, "MPI_BYTE")
                .set(Field.TSIZE, 1).set(Field.REQ, x.nextReq++);
            if (!send) {
              b.set(Field.BYTES, 16);
            }
            x.emit(b);
          }
          if (waitEach) {
            for (int i = n - 1; i >= 0; i--) {
              x.emit(new RawEventBuilder(symbols, Op.WAIT, waitSite).set(Field.REQ, first + i));
            }
          } else {
            long[] reqs = new long[n];
            for (int i = 0; i < n; i++) {
              reqs[i] = first + i;
            }
            x.emit(new RawEventBuilder(symbols, Op.TESTALL, waitSite + "t").list(Field.REQS, reqs)
                .list(Field.DONE));
            x.emit(new RawEventBuilder(symbols, Op.WAITALL, waitSite).list(Field.REQS, reqs));
          }
        };
      }
      case 4 -> {
        long count = sizeChoice();
        boolean sub = rnd.nextBoolean();
        return x -> x.emit(new RawEventBuilder(symbols, Op.ALLREDUCE, site)
            .set(Field.COMM, sub ? 1 + x.rank % 2 : 0).set(Field.COUNT, count)
            .name(Field.TYPE, "MPI_DOUBLE").set(Field.TSIZE, 8).name(Field.OP, "MPI_SUM"));
      }
      case 5 -> {
        int root = rnd.nextInt(ranks);
        return x -> x.emit(new RawEventBuilder(symbols, Op.BCAST, site).set(Field.COMM, 0)
            .set(Field.ROOT, root).set(Field.COUNT, 3).name(Field.TYPE, "MPI_INT")
            .set(Field.TSIZE, 4));
      }
      case 6 -> {
        return x -> {
          long[] counts = new long[ranks];
          for (int i = 0; i < ranks; i++) {
            counts[i] = (x.rank + i) % 3;
          }
          x.emit(new RawEventBuilder(symbols, Op.ALLTOALLV, site).set(Field.COMM, 0)
              .list(Field.COUNTS, counts).name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4)
              .list(Field.RCOUNTS, counts).name(Field.RTYPE, "MPI_INT").set(Field.RTSIZE, 4));
        };
      }
      case 7 -> {
        // Sendrecv with the other member of a sub-communicator (comm ranks, not world ranks).
        return x -> {
          int size = x.rank % 2 == 0 ? (ranks + 1) / 2 : ranks / 2;
          int me = x.rank / 2;
          long peer = size < 2 ? Sym.PROC_NULL.code() : (me + 1) % size;
          x.emit(new RawEventBuilder(symbols, Op.SENDRECV, site).set(Field.COMM, 1 + x.rank % 2)
              .set(Field.DEST, peer).set(Field.TAG, 1).set(Field.COUNT, 2)
              .name(Field.TYPE, "MPI_INT").set(Field.TSIZE, 4).set(Field.SRC, peer)
              .set(Field.RTAG, 1).set(Field.RCOUNT, 2).name(Field.RTYPE, "MPI_INT")
              .set(Field.RTSIZE, 4).set(Field.BYTES, size < 2 ? 0 : 8));
        };
      }
      case 8 -> {
        return x -> {
          x.emit(new RawEventBuilder(symbols, Op.START, site).set(Field.REQ, x.persistent)
              .set(Field.BYTES, 32));
          x.emit(new RawEventBuilder(symbols, Op.WAIT, site + "w").set(Field.REQ, x.persistent));
        };
      }
      case 9, 10 -> {
        List<Stmt> inner = block(depth + 1, 1 + rnd.nextInt(4));
        int trips = 1 + rnd.nextInt(6);
        boolean byRank = rnd.nextInt(3) == 0;
        return x -> {
          int saved = x.iter;
          int n = byRank ? trips + x.rank % 3 : trips;
          for (int i = 0; i < n; i++) {
            x.iter = i;
            for (Stmt s : inner) {
              s.run(x);
            }
          }
          x.iter = saved;
        };
      }
      default -> {
        List<Stmt> then = block(depth + 1, 1 + rnd.nextInt(3));
        int pred = rnd.nextInt(3);
        return x -> {
          boolean take = switch (pred) {
            case 0 -> x.rank % 2 == 0;
            case 1 -> x.rank < ranks / 2;
            default -> x.rank == 0;
          };
          if (take) {
            for (Stmt s : then) {
              s.run(x);
            }
          }
        };
      }
    }
  }

  private long sizeChoice() {
    return new long[] {0, 1, 8, 1024, 65536}[rnd.nextInt(5)];
  }

  private static int rnd(Exec x, int n) {
    return (x.rank * 31 + x.iter * 7) % n;
  }

  /** One rank's execution state. */
  private final class Exec {
    final int rank;
    final List<RawEvent> out = new ArrayList<>();
    long clock = 1000;
    long nextReq = 1;
    long persistent;
    int iter;

    Exec(int rank) {
      this.rank = rank;
    }

    long size(long base, int mode) {
      return switch (mode) {
        case 0 -> base;
        case 1 -> base + iter % 2;
        default -> base + rank;
      };
    }

    void emit(RawEventBuilder b) {
      long enter = clock + 100 + (rank * 13 + out.size() * 7) % 50;
      long exit = enter + 10 + out.size() % 5;
      clock = exit;
      out.add(b.times(enter, exit).build());
    }
  }

  /** The table of the names in the events of {@link #run}. */
  public SymbolTable symbols() {
    return symbols;
  }

  /** The events of {@code rank}, with the communicator definitions it needs. */
  public List<RawEvent> run(int rank) {
    Exec x = new Exec(rank);
    x.emit(new RawEventBuilder(symbols, Op.INIT, "main"));
    x.emit(new RawEventBuilder(symbols, Op.COMM_SPLIT, "split").set(Field.COMM, 0)
        .set(Field.COLOR, rank % 2).set(Field.KEY, rank).set(Field.NEWCOMM, 1 + rank % 2));
    x.persistent = x.nextReq++;
    x.emit(new RawEventBuilder(symbols, Op.SEND_INIT, "pinit").set(Field.COMM, 0)
        .set(Field.DEST, (rank + 1) % ranks).set(Field.TAG, 9).set(Field.COUNT, 4)
        .name(Field.TYPE, "MPI_LONG").set(Field.TSIZE, 8).set(Field.REQ, x.persistent));
    for (Stmt s : body) {
      s.run(x);
    }
    x.emit(new RawEventBuilder(symbols, Op.REQUEST_FREE, "pfree").set(Field.REQ, x.persistent));
    x.emit(new RawEventBuilder(symbols, Op.FINALIZE, "main"));
    return x.out;
  }

  /** World ranks of the even (id 1) or odd (id 2) communicator. */
  public List<Integer> members(int id) {
    List<Integer> m = new ArrayList<>();
    for (int r = id - 1; r < ranks; r += 2) {
      m.add(r);
    }
    return m;
  }

  /** Writes every rank's stream into {@code dir}. */
  public void write(Path dir) throws IOException {
    for (int r = 0; r < ranks; r++) {
      try (RawTraceWriter w = TraceFiles.rankWriter(dir, r, ranks, r % 3 == 0, symbols)) {
        w.comm(1 + r % 2, members(1 + r % 2));
        for (RawEvent e : run(r)) {
          w.event(e);
        }
      }
    }
  }
}
