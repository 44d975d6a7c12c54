package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PrimitiveIterator;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;

/**
 * The numbers of a loop that serves ANY_SOURCE partners ({@link PartnerLoop}) at the target:
 * the partners' first rank, step and count, the calls per partner, and each call's fields,
 * fitted across the traced counts by the trace's {@link ValueFitter} (part of
 * {@link TraceBuilder}).
 */
final class PartnerFits {
  private final ValueFitter values;

  PartnerFits(ValueFitter values) {
    this.values = values;
  }

  /** A number every reading holds ({@code f}), fitted to the target. */
  long number(String where, String what, Reg reg, List<PartnerLoop.Reading> readings,
      List<Integer> at, java.util.function.ToLongFunction<PartnerLoop.Reading> f)
      throws ExtrapolationException {
    List<ValueFitter.Seen> seen = new ArrayList<>();
    for (int i = 0; i < readings.size(); i++) {
      seen.add(new ValueFitter.Seen(at.get(i), ValueSeq.of(f.applyAsLong(readings.get(i)))));
    }
    long t = f.applyAsLong(readings.get(readings.size() - 1));
    return values.fit(where, what, FieldKind.COUNT, false, reg,
        new EntryValues.Plain(ValueSeq.of(t)), seen).seq().constant().getAsLong();
  }

  /** One field of a partner loop's call at the target: the partners, or their sequence in turn. */
  EntryValues values(Rsd r, Field field, Reg reg,
      List<PartnerLoop.Reading> readings, List<Integer> at, int c, int f, long first, long step,
      long count, long length) throws ExtrapolationException {
    String where = r.op().mpiName() + " at " + r.site();
    long[] tsub = readings.get(readings.size() - 1).fields().get(c)[f];
    boolean partner = tsub[0] == PartnerLoop.PARTNER;
    List<ValueFitter.Seen> seen = new ArrayList<>();
    for (int i = 0; i < readings.size(); i++) {
      long[] sub = readings.get(i).fields().get(c)[f];
      if (sub == null || Arrays.stream(sub).anyMatch(x -> x == PartnerLoop.PARTNER) != partner
          || partner && Arrays.stream(sub).anyMatch(x -> x != PartnerLoop.PARTNER)) {
        throw new ExtrapolationException(where + " " + field.key() + " answers the partner at"
            + " some calls or counts and not at others (ranks " + reg.region().describe() + ")");
      }
      seen.add(new ValueFitter.Seen(at.get(i), PartnerLoop.inTurns(sub, 1)));
    }
    if (partner) {
      return new EntryValues.Absolute(PartnerLoop.partners(first, step, count, length));
    }
    EntryValues fitted = values.fit(where, field.key(), field.kind(), false, reg,
        new EntryValues.Plain(PartnerLoop.inTurns(tsub, 1)), seen);
    long[] sub = new long[(int) length];
    PrimitiveIterator.OfLong it = fitted.seq().once();
    int n = 0;
    while (it.hasNext() && n < sub.length) {
      sub[n++] = it.nextLong();
    }
    if (n != length || it.hasNext()) {
      throw new ExtrapolationException(where + " " + field.key() + ": a partner's sequence"
          + " fitted to another length than its " + length + " calls (ranks "
          + reg.region().describe() + ")");
    }
    ValueSeq turns = PartnerLoop.inTurns(sub, count);
    return field.isPeer() ? new EntryValues.Absolute(turns) : new EntryValues.Plain(turns);
  }
}
