package org.benchgen.ir.format;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.ir.CallTime;
import org.benchgen.ir.Loop;
import org.benchgen.ir.Node;
import org.benchgen.ir.Param;
import org.benchgen.ir.RankList;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Op;

/**
 * One case of the shared cases' {@code blocks.cases} (tracer/test/cases/README.md) run through
 * {@link SharedBlocks}, as the tracer's {@code fold_unit_blocks.c} runs it through
 * {@code fold_blocks.c}: {@code NAME:COUNT} a call whose line reads NAME and which made COUNT
 * calls, {@code NAME{ ... }} a loop whose line reads NAME; the blocks and the body as text.
 */
final class BlocksCases {
  private final Map<Loop, String> loopNames = new IdentityHashMap<>();
  private int at;

  private BlocksCases() {}

  /** The blocks chosen for the nodes of {@code words}: {@code block 1 { ... } ... | ITEMS}. */
  static String run(String[] words) {
    BlocksCases c = new BlocksCases();
    List<String> w = expand(words);
    List<Node> body = c.nodes(w);
    SharedBlocks.Result r = SharedBlocks.of(body, Rsd::site, c.loopNames::get);
    StringBuilder b = new StringBuilder();
    for (SharedBlocks.Block k : r.blocks()) {
      b.append("block ").append(k.id()).append(" { ");
      c.items(b, k.body());
      b.append(" } ");
    }
    b.append("| ");
    c.items(b, r.body());
    return b.toString();
  }

  /** {@code [WORDS]xN} written out N times, as the C side's words_of does. */
  private static List<String> expand(String[] words) {
    List<String> out = new ArrayList<>();
    int group = -1;
    for (String s : words) {
      if (s.startsWith("[")) {
        group = out.size();
        s = s.substring(1);
      }
      int close = group >= 0 ? s.indexOf("]x") : -1;
      out.add(close >= 0 ? s.substring(0, close) : s);
      if (close >= 0) {
        List<String> once = new ArrayList<>(out.subList(group, out.size()));
        for (int t = 1; t < Integer.parseInt(s.substring(close + 2)); t++) {
          out.addAll(once);
        }
        group = -1;
      }
    }
    return out;
  }

  private List<Node> nodes(List<String> w) {
    List<Node> out = new ArrayList<>();
    while (at < w.size() && !w.get(at).equals("}")) {
      String s = w.get(at++);
      RankList one = RankList.of(0);
      if (s.endsWith("{")) {
        List<Node> body = nodes(w);
        at++; // its }
        Loop l = new Loop(one, Param.none(), body);
        loopNames.put(l, s.substring(0, s.length() - 1));
        out.add(l);
      } else {
        int colon = s.indexOf(':');
        out.add(new Rsd(Op.BARRIER, s.substring(0, colon), one,
            Op.BARRIER.fields().stream().map(f -> Param.none()).toList(), List.of(),
            new CallTime(Long.parseLong(s.substring(colon + 1)), 100)));
      }
    }
    return out;
  }

  private void items(StringBuilder b, List<Item> items) {
    for (int i = 0; i < items.size(); i++) {
      b.append(i > 0 ? " " : "");
      Item it = items.get(i);
      if (it instanceof Item.Use u) {
        b.append("use").append(u.block()).append(':').append(u.calls());
      } else if (it instanceof Item.Call c) {
        b.append(c.rsd().site()).append(':').append(c.rsd().duration().count());
      } else {
        Item.Rep r = (Item.Rep) it;
        b.append(loopNames.get(r.loop())).append("{ ");
        items(b, r.body());
        b.append(" }");
      }
    }
  }
}
