package org.benchgen.extrapolate;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import org.benchgen.io.TraceFiles;
import org.benchgen.ir.CompressedTrace;
import org.benchgen.ir.Loop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeKeysTest {
  @TempDir
  Path dir;

  private CompressedTrace trace(String name, String... calls) throws Exception {
    StringBuilder t = new StringBuilder("benchgen-compressed 1\nworld 2\nloop trips=2 {\n");
    for (String c : calls) {
      t.append("  MPI_Barrier site=" + c + " comm=0\n    duration 10*2\n");
    }
    t.append("}\n");
    Path f = dir.resolve(name + ".bgc");
    Files.writeString(f, t.toString());
    return TraceFiles.readCompressed(f);
  }

  @Test
  void aLoopWhoseFirstCallMovedIsFoundByItsCalls() throws Exception {
    CompressedTrace a = trace("a", "x", "y", "z");
    CompressedTrace b = trace("b", "y", "z", "x"); // merged in another order at another count
    CompressedTrace c = trace("c", "y", "w"); // other calls: not the same loop
    Loop la = (Loop) a.body().get(0);
    Loop lb = (Loop) b.body().get(0);
    NodeKeys ka = new NodeKeys(a.body());
    NodeKeys kb = new NodeKeys(b.body());
    assertSame(lb, kb.node(ka.key(la)));
    assertSame(lb.body().get(2), kb.node(ka.key(la.body().get(0)))); // x in the loop
    assertNull(new NodeKeys(c.body()).node(ka.key(la)));
  }
}
