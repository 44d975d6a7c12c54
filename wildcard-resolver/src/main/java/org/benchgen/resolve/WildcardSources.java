package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Sym;
import org.benchgen.traverse.Communicators;
import org.benchgen.traverse.Step;

/**
 * The sources the matching simulation gives wildcard receives: per wildcard RSD and rank, each
 * execution's, in order ({@link ResolvedSources}, read by {@link SourceRewriter}), how many
 * {@code MPI_ANY_SOURCE} receives got one, and where a re-resolved source differs from the one
 * the trace recorded (a warning for the first few, then a count).
 */
final class WildcardSources {
  private static final long ANY_SOURCE = Sym.ANY_SOURCE.code();
  private static final long ABSENT = Sym.ABSENT.code();
  private static final int MAX_WARNINGS = 20;

  private final Communicators comms;
  private final boolean reResolve;
  /** The sources found, per wildcard RSD and rank (absent: the rank never ran it). */
  final Map<Rsd, ResolvedSources[]> byRsd = new IdentityHashMap<>();
  private final List<String> warnings = new ArrayList<>();
  private long disagreements;
  private long resolved;

  /** Keeps the sources of {@code wildcards} on {@code p} ranks. */
  WildcardSources(Communicators comms, boolean reResolve, List<Rsd> wildcards, int p) {
    this.comms = comms;
    this.reResolve = reResolve;
    for (Rsd w : wildcards) {
      byRsd.put(w, new ResolvedSources[p]);
    }
  }

  /** The cell that will hold this execution's source, for wildcard RSDs. */
  Optional<ResolvedSources.Cell> cell(int r, Step s, long src) {
    ResolvedSources[] byRank = byRsd.get(s.rsd());
    if (byRank == null) {
      return Optional.empty();
    }
    if (byRank[r] == null) {
      byRank[r] = new ResolvedSources((source, comm) -> Sym.isSymbol(source) ? source
          : relative(source, comm, r));
    }
    if (src == ANY_SOURCE) {
      resolved++;
    }
    return Optional.of(byRank[r].add(src, s.value(Field.COMM), src != ANY_SOURCE));
  }

  /** Receive {@code x} matched {@code m}: its cell, if still unknown, takes the sender. */
  void matched(PostedReceive x, Message m) {
    x.cell.filter(c -> !c.known).ifPresent(c -> {
      c.source = m.fromCommRank;
      c.known = true;
      if (reResolve && x.recorded != ABSENT && x.recorded != m.fromCommRank
          && disagreements++ < MAX_WARNINGS) {
        warnings.add("rank " + x.owner + ": " + x.step.describe() + ": recorded source "
            + x.recorded + ", resolved " + m.fromCommRank);
      }
      byRsd.get(x.step.rsd())[x.owner].flush();
    });
  }

  /** How many wildcard receives got a source. */
  long resolved() {
    return resolved;
  }

  /** Where a re-resolved source differs from the recorded one (at most a few, then a count). */
  List<String> warnings() {
    List<String> out = new ArrayList<>(warnings);
    if (disagreements > MAX_WARNINGS) {
      out.add("… and " + (disagreements - MAX_WARNINGS) + " more disagreements");
    }
    return out;
  }

  private long relative(long peer, long comm, int r) {
    int n = comms.peerSize(comm, r);
    long d = Math.floorMod(peer - comms.rankIn(comm, r), n);
    return d > n / 2 ? d - n : d;
  }
}
