package org.benchgen.extrapolate;

import org.benchgen.ir.CompressedTrace;

/** A traced run given to extrapolate: its name for messages, its trace, its grid, its node keys. */
record Input(String name, CompressedTrace trace, Grid grid, NodeKeys keys) {
  int ranks() {
    return trace.worldSize();
  }

  Scale.Size size() {
    return new Scale.Size(ranks(), grid);
  }
}
