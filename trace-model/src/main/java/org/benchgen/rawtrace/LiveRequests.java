package org.benchgen.rawtrace;

import java.util.Arrays;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.TraceProblem;

/**
 * The requests alive on one rank, in creation order. A request is never named by its handle: in a
 * compressed trace it is named by its age, the number of live requests created after it (0 = the
 * newest), which stays the same from one loop iteration to the next. Encoding (ids to ages) and
 * decoding (ages to ids) share this class so they cannot disagree, and so does the reader's check
 * of a stream's requests ({@link #check}), so that every command refuses the same streams.
 */
public final class LiveRequests {
  private long[] ids = new long[16];
  private boolean[] persistent = new boolean[16];
  private int n;
  private long nextId = 1;

  private int indexOf(long id) {
    for (int i = n - 1; i >= 0; i--) {
      if (ids[i] == id) {
        return i;
      }
    }
    return -1;
  }

  private long create(boolean isPersistent) {
    if (n == ids.length) {
      ids = Arrays.copyOf(ids, 2 * n);
      persistent = Arrays.copyOf(persistent, 2 * n);
    }
    ids[n] = nextId;
    persistent[n] = isPersistent;
    n++;
    return nextId++;
  }

  private void remove(long id, boolean onlyIfTransient) {
    int i = indexOf(id);
    if (i < 0 || (onlyIfTransient && persistent[i])) {
      return;
    }
    System.arraycopy(ids, i + 1, ids, i, n - i - 1);
    System.arraycopy(persistent, i + 1, persistent, i, n - i - 1);
    n--;
  }

  private long age(long id, Op op) {
    int i = indexOf(id);
    if (i < 0) {
      throw new TraceProblem(op.mpiName() + " uses request " + id
          + ", which was never created (or was already completed or freed)");
    }
    return n - 1 - i;
  }

  private long idOfAge(long age, Op op) {
    if (age < 0 || age >= n) {
      throw new TraceProblem(op.mpiName() + " refers to request age " + age + " but only " + n
          + " requests are live");
    }
    return ids[(int) (n - 1 - age)];
  }

  /**
   * What the next calls' ages can see of the live requests: how many, and which are persistent,
   * oldest first (their ids aside). Calls that read the same ages from equal shapes leave equal
   * shapes, so a loop whose iteration leaves the shape it found does so at every iteration.
   */
  public boolean[] shape() {
    return Arrays.copyOf(persistent, n);
  }

  /** Rewrites request ids to ages in place, then applies the call's creations and completions. */
  public void encode(Op op, long[] values, long[][] lists) {
    apply(op, values, lists, Mode.ENCODE);
  }

  /** Rewrites request ages to ids in place, then applies the call's creations and completions. */
  public void decode(Op op, long[] values, long[][] lists) {
    apply(op, values, lists, Mode.DECODE);
  }

  /**
   * Checks the request ids of a call as {@link #encode} does, without rewriting them, then applies
   * its creations and completions.
   */
  public void check(Op op, long[] values, long[][] lists) {
    apply(op, values, lists, Mode.CHECK);
  }

  private enum Mode { ENCODE, DECODE, CHECK }

  private void apply(Op op, long[] values, long[][] lists, Mode mode) {
    int req = op.slot(Field.REQ);
    boolean encode = mode != Mode.DECODE;
    if (op.createsRequest()) {
      boolean isPersistent = op.createsPersistentRequest();
      if (encode) {
        if (values[req] != nextId) {
          throw new TraceProblem(op.mpiName() + " creates request " + values[req]
              + ", but request ids must count 1, 2, 3, ... in creation order (expected "
              + nextId + ")");
        }
        create(isPersistent);
        if (mode == Mode.ENCODE) {
          values[req] = 0;
        }
      } else {
        values[req] = create(isPersistent);
      }
      return;
    }
    int reqs = op.slot(Field.REQS);
    int done = op.slot(Field.DONE);
    if (req < 0 && reqs < 0) {
      return;
    }
    // Ids of what this call touches, before anything completes (checking rewrites nothing, so
    // reads them in place).
    boolean check = mode == Mode.CHECK;
    long[] rawReqs = reqs < 0 ? NONE : check ? lists[reqs] : lists[reqs].clone();
    long[] rawDone = done < 0 ? NONE : check ? lists[done] : lists[done].clone();
    long rawReq = req >= 0 ? values[req] : 0;
    if (check) {
      if (req >= 0) {
        age(rawReq, op);
      }
      checkLive(rawReqs, op);
      checkLive(rawDone, op);
    } else {
      if (req >= 0) {
        values[req] = encode ? age(rawReq, op) : idOfAge(rawReq, op);
        rawReq = encode ? rawReq : values[req];
      }
      if (reqs >= 0) {
        lists[reqs] = translate(rawReqs, op, encode);
        rawReqs = encode ? rawReqs : lists[reqs];
      }
      if (done >= 0) {
        lists[done] = translate(rawDone, op, encode);
        rawDone = encode ? rawDone : lists[done];
      }
    }
    switch (op) {
      case WAIT -> remove(rawReq, true);
      case WAITALL -> {
        for (long id : rawReqs) {
          remove(id, true);
        }
      }
      case REQUEST_FREE -> remove(rawReq, false);
      case START, STARTALL -> { }
      default -> {
        for (long id : rawDone) {
          remove(id, true);
        }
      }
    }
  }

  private static final long[] NONE = new long[0];

  /** Checks that every id in {@code xs} (but NULL) names a live request. */
  private void checkLive(long[] xs, Op op) {
    for (long x : xs) {
      if (!Sym.isSymbol(x)) {
        age(x, op);
      }
    }
  }

  private long[] translate(long[] xs, Op op, boolean encode) {
    long[] out = new long[xs.length];
    for (int i = 0; i < xs.length; i++) {
      out[i] = Sym.isSymbol(xs[i]) ? xs[i] : encode ? age(xs[i], op) : idOfAge(xs[i], op);
    }
    return out;
  }
}
