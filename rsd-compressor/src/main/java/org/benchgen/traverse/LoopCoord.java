package org.benchgen.traverse;

import org.benchgen.model.Loop;

/**
 * Where a step is inside one enclosing loop: the loop, its index in its parent's body, the
 * iteration (from 0) and the trip count of this entry of the loop.
 */
public record LoopCoord(Loop loop, int index, long iteration, long trips) {}
