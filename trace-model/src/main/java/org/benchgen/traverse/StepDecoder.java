package org.benchgen.traverse;

import org.benchgen.rawtrace.LiveRequests;
import org.benchgen.rawtrace.RawEvent;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * Turns one rank's steps, in order, back into calls as the rank made them: request ages become
 * request ids (1, 2, 3… in creation order) and interned lists become lists. One per rank, fed
 * every step of that rank.
 */
public final class StepDecoder {
  private final LiveRequests requests = new LiveRequests();
  private final SymbolTable symbols;

  /** A decoder for one rank of a trace whose lists are in {@code symbols}. */
  public StepDecoder(SymbolTable symbols) {
    this.symbols = symbols;
  }

  /** The live requests' shape so far ({@link LiveRequests#shape}). */
  public boolean[] requestShape() {
    return requests.shape();
  }

  /** The call of {@code s} with times 0, its site the RSD's. */
  public RawEvent decode(Step s) {
    Op op = s.rsd().op();
    int n = op.fields().size();
    long[] values = s.values().clone();
    long[][] lists = new long[n][];
    for (int i = 0; i < n; i++) {
      lists[i] = RawEvent.NO_LIST;
      if (op.fields().get(i).kind().isList()) {
        lists[i] = values[i] == Sym.ABSENT.code() ? RawEvent.NO_LIST
            : symbols.list(values[i]).clone();
        values[i] = Sym.ABSENT.code();
      }
    }
    requests.decode(op, values, lists);
    return new RawEvent(op, s.rsd().site(), 0, 0, values, lists);
  }
}
