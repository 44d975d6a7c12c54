package org.benchgen.extrapolate;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.benchgen.ir.CommDef;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.EntryValues;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.ParamEntry;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.ir.ValueSeq;
import org.benchgen.trace.Field;
import org.benchgen.trace.FieldKind;
import org.benchgen.trace.Sym;

/**
 * Builds the trace at the target size from the inputs, the largest of them (the last) as the
 * template: its nodes in its order, each kept for the target's regions whose standing rank in the
 * template has it, each parameter entry carried per region ({@link ValueFitter}), then the
 * compute and call times ({@link TimeScaler}). Work grows with the template's nodes times the
 * target grid's regions (at most 3^d), and with the target's ranks only where its rank lists
 * are made.
 */
final class TraceBuilder {
  /** An output call, with what it was made from. */
  record Made(Rsd template, String key, List<Reg> regions) {}

  private final List<Input> inputs;
  private final Scale.Size target;
  private final ValueFitter values;
  private final PartnerFits partners;
  private final Butterflies butterflies;
  private final Map<Rsd, Made> made = new IdentityHashMap<>();
  /** What {@link CellValues} fitted, for {@code --explain}. */
  private final List<Explanation> cellExplained = new ArrayList<>();
  /** Whether the target is the template's own count: its regions' ranks are then checked. */
  private final boolean atTemplate;

  /**
   * Whether the grid has no ends: its layout is the peer functions' only (a butterfly, a
   * transpose), which treat every rank alike, so one region holds all ranks.
   */
  private final boolean endless;
  /** What the multipartition fits say of the whole trace, shared by the counts built. */
  private final CellValues.Knowledge cells;

  TraceBuilder(List<Input> inputs, Scale.Size target) {
    this(inputs, target, false, new CellValues.Knowledge());
  }

  TraceBuilder(List<Input> inputs, Scale.Size target, boolean endless,
      CellValues.Knowledge cells) {
    this.endless = endless;
    this.cells = cells;
    this.inputs = inputs;
    this.target = target;
    this.values = new ValueFitter(inputs, target);
    this.partners = new PartnerFits(values);
    this.butterflies = new Butterflies(inputs, target, values);
    this.atTemplate = target.ranks() == template().ranks();
  }

  private Input template() {
    return inputs.get(inputs.size() - 1);
  }

  List<Explanation> explained(TimeScaler times) {
    List<Explanation> all = new ArrayList<>(values.explained());
    all.addAll(butterflies.explained());
    all.addAll(cellExplained);
    all.addAll(times.explained());
    return all;
  }

  /** The trace at the target, and the time scaler that filled its times (for its notes). */
  CompressedTrace build(TimeScaler times) throws ExtrapolationException {
    List<Reg> regs = new ArrayList<>();
    SplitFitter splits = values.splits(); // regions cut by side where a block split says so
    for (Grid.Region r : endless ? PeerFunctions.endlessRegions(target.ranks())
        : splits.refine(target.grid(), target.grid().regions())) {
      int rep = r.first();
      int[] reps = new int[inputs.size()];
      for (int i = 0; i < reps.length; i++) {
        Grid g = inputs.get(i).grid();
        reps[i] = endless ? (rep == 0 ? 0 : inputs.get(i).ranks() > 1 ? 1 : -1)
            : splits.alike(target.grid(), rep, g, target.grid().mapTo(rep, g).orElse(-1));
      }
      Reg reg = new Reg(r, rep, reps);
      if (reg.template() < 0) {
        throw new ExtrapolationException("no traced count has a rank placed like rank " + rep
            + " of the " + target.grid() + " grid at " + target.ranks() + " ranks ("
            + r.describe() + "); the largest trace (" + template().name() + ", grid "
            + template().grid() + ") needs 3 ranks or more along every dimension, so that"
            + " it has ranks inside, and 1 along those the target has 1");
      }
      regs.add(reg);
    }
    CellValues.learnAll(inputs, template().trace().body(), cells);
    cells.sizes.forEach(values::knownSize);
    List<Node> body = nodes(template().trace().body(), regs);
    List<CommDef> comms = new ArrayList<>();
    List<Integer> world = new ArrayList<>(target.ranks());
    for (int r = 0; r < target.ranks(); r++) {
      world.add(r);
    }
    boolean selves = false;
    for (CommDef c : template().trace().comms()) {
      if (c.members().size() == 1 && template().ranks() > 1) {
        selves = true; // one rank's own: written for every rank of the target below
      } else {
        comms.add(new CommDef(c.id(), world));
      }
    }
    if (selves) {
      comms.addAll(RankValues.selves(template().trace(), target.ranks()));
    }
    // The same program at another scale: its sites lie where they did (issue 48).
    CompressedTrace out = new CompressedTrace(target.ranks(), comms, body,
        template().trace().symbols(), template().trace().sites());
    return times.fill(out, made);
  }

  private List<Node> nodes(List<Node> tnodes, List<Reg> active) throws ExtrapolationException {
    List<Node> out = new ArrayList<>();
    for (Node n : tnodes) {
      List<Reg> here = new ArrayList<>();
      String key = template().keys().key(n);
      for (Reg r : active) {
        if (n.ranks().contains(r.template())) {
          here.add(r);
        }
        if (atTemplate) {
          checkAlike(r, key, "", "runs", (x, rank) -> x.ranks().contains(rank) ? "yes" : "no", n);
        }
      }
      if (here.isEmpty()) {
        continue;
      }
      RankList ranks = ranksOf(here);
      if (n instanceof Loop l && PartnerLoop.applies(l)) {
        out.add(partnerLoop(l, key, here, ranks));
      } else if (n instanceof Loop l && Butterflies.applies(l, template().ranks())) {
        out.add(butterfly(l, key, here, ranks));
      } else if (n instanceof Loop l) {
        Param trips = param(key, "loop at " + NodeKeys.label(l.body().get(0)), "trips",
            FieldKind.COUNT, false, l.trips(), x -> ((Loop) x).trips(), here);
        List<Node> body = nodes(l.body(), here);
        if (!body.isEmpty()) {
          out.add(new Loop(ranks, trips, body));
        }
      } else {
        Rsd r = (Rsd) n;
        String where = r.op().mpiName() + " at " + r.site();
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < r.op().fields().size(); i++) {
          Field f = r.op().fields().get(i);
          int slot = i;
          params.add(param(key, where, f.key(), f.kind(), f.isPeer(), r.params().get(i),
              x -> ((Rsd) x).params().get(slot), here));
        }
        Rsd o = new Rsd(r.op(), r.site(), ranks, params, r.compute(), r.duration());
        made.put(o, new Made(r, key, here));
        out.add(o);
      }
    }
    return out;
  }

  private Param param(String key, String where, String field, FieldKind kind, boolean peer,
      Param tparam, Function<Node, Param> get, List<Reg> here) throws ExtrapolationException {
    Optional<Param> fn = peer ? butterflies.peers(key, where, field, tparam, get, ranksOf(here),
        here.get(0), -1) : Optional.empty();
    if (fn.isPresent()) {
      return fn.get(); // XOR or transpose partners: the rank's own, written rank by rank
    }
    Optional<Param> own = rankValues(key, where, field, kind, peer, tparam, get, here);
    if (own.isPresent()) {
      return own.get();
    }
    if (!peer && CellValues.numeric(kind) && !CellValues.alike(template().grid(), tparam)) {
      // Not alike over the template's regions: a rank's own cells may say (a multipartition).
      StringBuilder why = new StringBuilder();
      Optional<Param> byCell = CellValues.param(inputs, key, get, ranksOf(here),
          target.ranks(), where, field, cellExplained, cells, why);
      if (byCell.isPresent()) {
        return byCell.get();
      }
      try {
        return regionParam(key, where, field, kind, peer, tparam, get, here);
      } catch (ExtrapolationException e) {
        throw new ExtrapolationException(e.getMessage() + "; read rank by rank, " + why);
      }
    }
    return regionParam(key, where, field, kind, peer, tparam, get, here);
  }

  private Param regionParam(String key, String where, String field, FieldKind kind, boolean peer,
      Param tparam, Function<Node, Param> get, List<Reg> here) throws ExtrapolationException {
    Map<EntryValues, List<Reg>> groups = new LinkedHashMap<>();
    for (Reg reg : here) {
      if (atTemplate && !field.equals("asrc") && !field.equals("atag")) {
        // What a wildcard receive matched is the run's, not the program's: its order differs
        // between ranks and runs (HPCCG's halo), and the check of the message matrix sees its sums.
        checkAlike(reg, key, where + " ", field, (x, rank) -> get.apply(x).entryFor(rank)
            .map(e -> describe(normal(e.values()))).orElse("absent"),
            template().keys().node(key));
      }
      Optional<ParamEntry> te = tparam.entryFor(reg.template());
      if (te.isEmpty()) {
        continue;
      }
      EntryValues tv = te.get().values();
      boolean relative = peer && tv instanceof EntryValues.Relative;
      List<ValueFitter.Seen> seen = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        Input in = inputs.get(i);
        int rep = reg.reps()[i];
        Node n = in.keys().node(key);
        if (rep < 0 || n == null || !n.ranks().contains(rep)) {
          continue;
        }
        Optional<ParamEntry> e = get.apply(n).entryFor(rep);
        if (e.isEmpty()) {
          continue;
        }
        EntryValues v = e.get().values();
        ValueSeq s = relative ? ValueFitter.relativeOf(v)
            : peer && v instanceof EntryValues.Relative rel ? absolute(rel.seq(), rep, in.ranks())
            : v.seq();
        seen.add(new ValueFitter.Seen(i, s));
      }
      EntryValues ev = values.fit(where, field, kind, peer, reg, tv, seen,
          Optional.of(new SplitFitter.Source(key, field, get)));
      groups.computeIfAbsent(ev, k -> new ArrayList<>()).add(reg);
    }
    List<ParamEntry> entries = new ArrayList<>();
    groups.forEach((v, regs) -> entries.add(new ParamEntry(v, ranksOf(regs))));
    entries.sort((a, b) -> Integer.compare(a.ranks().first(), b.ranks().first()));
    return new Param(entries);
  }

  /** A butterfly loop ({@link Butterflies}): its trips from its span, its masks from its trips. */
  private Loop butterfly(Loop l, String key, List<Reg> here, RankList ranks)
      throws ExtrapolationException {
    int trips = butterflies.trips(l, key, here.get(0));
    long ttrips = Butterflies.trips(l).getAsLong();
    List<Node> body = new ArrayList<>();
    for (Node c : l.body()) {
      Rsd r = (Rsd) c;
      String ck = template().keys().key(r);
      List<Reg> hc = here.stream().filter(x -> r.ranks().contains(x.template())).toList();
      String where = r.op().mpiName() + " at " + r.site();
      List<Param> params = new ArrayList<>();
      for (int i = 0; i < r.op().fields().size(); i++) {
        Field f = r.op().fields().get(i);
        int slot = i;
        Function<Node, Param> get = x -> ((Rsd) x).params().get(slot);
        Optional<Param> p = f.isPeer() ? butterflies.peers(ck, where, f.key(), r.params().get(i),
            get, ranksOf(hc), hc.get(0), trips) : butterflies.perTrip(ck, where, f.key(),
            r.params().get(i), get, ranksOf(hc), trips, ttrips);
        params.add(p.isPresent() ? p.get()
            : param(ck, where, f.key(), f.kind(), f.isPeer(), r.params().get(i), get, hc));
      }
      Rsd o = new Rsd(r.op(), r.site(), ranksOf(hc), params, r.compute(), r.duration());
      made.put(o, new Made(r, ck, hc));
      body.add(o);
    }
    return new Loop(ranks, Butterflies.tripsParam(ranks, trips), body);
  }

  /**
   * A loop read per partner ({@link PartnerLoop}) at the target: for each region, its partners
   * and each partner's sequence fitted across the counts, served in turn.
   */
  private Loop partnerLoop(Loop l, String key, List<Reg> here, RankList ranks)
      throws ExtrapolationException {
    String where = "loop at " + NodeKeys.label(l.body().get(0));
    int calls = l.body().size();
    List<Map<EntryValues, List<Reg>>> groups = new ArrayList<>();
    for (int c = 0; c < calls; c++) {
      for (int f = 0; f < ((Rsd) l.body().get(c)).op().fields().size(); f++) {
        groups.add(new LinkedHashMap<>());
      }
    }
    Map<EntryValues, List<Reg>> tripGroups = new LinkedHashMap<>();
    for (Reg reg : here) {
      List<PartnerLoop.Reading> readings = new ArrayList<>();
      List<Integer> at = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        Input in = inputs.get(i);
        int rep = reg.reps()[i];
        if (rep < 0 || !(in.keys().node(key) instanceof Loop li) || !li.ranks().contains(rep)
            || !PartnerLoop.applies(li)) {
          continue;
        }
        long entries = Executions.of(in.trace().body(), rep).getOrDefault(li, 0L);
        StringBuilder why = new StringBuilder();
        Optional<PartnerLoop.Reading> r = PartnerLoop.read(li, rep, in.ranks(), entries, why);
        if (r.isEmpty()) {
          throw new ExtrapolationException(where + " at " + in.ranks() + " ranks (ranks "
              + reg.region().describe() + ") receives from MPI_ANY_SOURCE and is read per"
              + " partner, but " + why + " (docs/extrapolation.md)");
        }
        readings.add(r.get());
        at.add(i);
      }
      PartnerLoop.Reading t = readings.get(readings.size() - 1);
      long first = partners.number(where, "partners' first rank", reg, readings, at,
          x -> x.first());
      long step = partners.number(where, "partners' step", reg, readings, at, x -> x.step());
      long count = partners.number(where, "partners", reg, readings, at, x -> x.count());
      long length = partners.number(where, "calls per partner", reg, readings, at,
          x -> x.length());
      tripGroups.computeIfAbsent(new EntryValues.Plain(ValueSeq.of(count * length)),
          k -> new ArrayList<>()).add(reg);
      int g = 0;
      for (int c = 0; c < calls; c++) {
        Rsd r = (Rsd) l.body().get(c);
        for (int f = 0; f < r.op().fields().size(); f++, g++) {
          if (t.fields().get(c)[f] == null) {
            continue;
          }
          Field field = r.op().fields().get(f);
          EntryValues v = partners.values(r, field, reg, readings, at, c, f, first, step, count,
              length);
          groups.get(g).computeIfAbsent(v, k -> new ArrayList<>()).add(reg);
        }
      }
    }
    List<Node> body = new ArrayList<>();
    int g = 0;
    for (int c = 0; c < calls; c++) {
      Rsd r = (Rsd) l.body().get(c);
      List<Param> params = new ArrayList<>();
      for (int f = 0; f < r.op().fields().size(); f++, g++) {
        params.add(grouped(groups.get(g)));
      }
      Rsd o = new Rsd(r.op(), r.site(), ranks, params, r.compute(), r.duration());
      made.put(o, new Made(r, template().keys().key(r), here));
      body.add(o);
    }
    return new Loop(ranks, grouped(tripGroups), body);
  }

  private static Param grouped(Map<EntryValues, List<Reg>> groups) {
    List<ParamEntry> entries = new ArrayList<>();
    groups.forEach((v, regs) -> entries.add(new ParamEntry(v, ranksOf(regs))));
    entries.sort((a, b) -> Integer.compare(a.ranks().first(), b.ranks().first()));
    return new Param(entries);
  }

  /**
   * The param where its values are the rank's own ({@link RankValues}): {@code a + b*rank} with
   * a and b fitted across the counts, or each rank's communicator of itself alone; written rank
   * by rank. Empty where the template's values are not so.
   */
  private Optional<Param> rankValues(String key, String where, String field, FieldKind kind,
      boolean peer, Param tparam, Function<Node, Param> get, List<Reg> here)
      throws ExtrapolationException {
    if (peer) {
      return Optional.empty();
    }
    RankList ranks = ranksOf(here);
    if (kind.isComm() && RankValues.self(template().trace(), tparam)) {
      for (Input in : inputs) {
        Node n = in.keys().node(key);
        if (n != null && !RankValues.self(in.trace(), get.apply(n))) {
          throw new ExtrapolationException(where + " " + field + " is each rank's own"
              + " communicator at " + template().ranks() + " ranks but not at " + in.ranks());
        }
      }
      return Optional.of(RankValues.byRank(ranks, r -> RankValues.selfId(template().trace(), r)));
    }
    Optional<RankValues.Linear> lin = RankValues.linear(tparam);
    if (lin.isEmpty() || kind.isComm()) {
      return Optional.empty();
    }
    List<ValueFitter.Seen> as = new ArrayList<>();
    List<ValueFitter.Seen> bs = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Node n = inputs.get(i).keys().node(key);
      if (n == null) {
        continue;
      }
      Optional<RankValues.Linear> l = RankValues.linear(get.apply(n));
      if (l.isEmpty()) {
        throw new ExtrapolationException(where + " " + field + " is " + lin.get().a() + " + "
            + lin.get().b() + "*rank at " + template().ranks() + " ranks but not at "
            + inputs.get(i).ranks() + " (docs/extrapolation.md)");
      }
      as.add(new ValueFitter.Seen(i, ValueSeq.of(l.get().a())));
      bs.add(new ValueFitter.Seen(i, ValueSeq.of(l.get().b())));
    }
    Reg all = here.get(0);
    long a = values.fit(where, field + " (a of a + b*rank)", FieldKind.INT, false, all,
        new EntryValues.Plain(ValueSeq.of(lin.get().a())), as).seq().constant().getAsLong();
    long b = values.fit(where, field + " (b of a + b*rank)", FieldKind.INT, false, all,
        new EntryValues.Plain(ValueSeq.of(lin.get().b())), bs).seq().constant().getAsLong();
    return Optional.of(RankValues.byRank(ranks, r -> a + b * r));
  }

  /**
   * Refuses a region of the template whose ranks differ in {@code what} (whether they run a node,
   * a parameter's values): the region's standing rank would speak for ranks it does not describe,
   * in values that calls and bytes need not show (a split's key, a tag), so the check against the
   * traced counts would not see it.
   */
  private void checkAlike(Reg reg, String key, String where, String field,
      java.util.function.BiFunction<Node, Integer, String> what, Node n)
      throws ExtrapolationException {
    String mine = what.apply(n, reg.template());
    for (int rank : reg.region().ranks()) {
      String theirs = what.apply(n, rank);
      if (!theirs.equals(mine)) {
        throw new ExtrapolationException((where.isEmpty() ? NodeKeys.label(n) + " " : where)
            + field + " differs between ranks placed alike at " + target.ranks() + " ranks ("
            + reg.region().describe() + "): rank " + reg.template() + " " + cut(mine)
            + ", rank " + rank + " " + cut(theirs) + "; values that depend on the rank within"
            + " a region (a key or colour that is the rank, a partner r XOR 1) are not"
            + " extrapolated yet (docs/extrapolation.md)");
      }
    }
  }

  private static String describe(EntryValues v) {
    return (v instanceof EntryValues.Relative ? "offsets " : "") + ValueFitter.render(v.seq()
        .nodes());
  }

  private static String cut(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }

  /** Values as a file holds them: a lone rank's undecided peers are absolute there. */
  private static EntryValues normal(EntryValues v) {
    return v instanceof EntryValues.Undecided u ? new EntryValues.Absolute(u.absolute()) : v;
  }

  /** A relative sequence made absolute for {@code rank} of a world of {@code size}. */
  private static ValueSeq absolute(ValueSeq rel, int rank, int size) {
    SeqShape s = SeqShape.of(rel, false);
    long[] n = s.numbers().clone();
    for (int j = 0; j < n.length; j++) {
      if (!s.isTimes()[j] && !Sym.isSymbol(n[j])) {
        n[j] = Math.floorMod(rank + n[j], (long) size);
      }
    }
    return s.rebuild(n);
  }

  static RankList ranksOf(List<Reg> regs) {
    int n = 0;
    for (Reg r : regs) {
      n += (int) r.region().size();
    }
    int[] all = new int[n];
    int k = 0;
    for (Reg r : regs) {
      int[] rs = r.region().ranks();
      System.arraycopy(rs, 0, all, k, rs.length);
      k += rs.length;
    }
    return RankList.of(all); // sorts them
  }
}
