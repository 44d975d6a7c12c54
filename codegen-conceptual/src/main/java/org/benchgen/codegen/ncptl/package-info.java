/**
 * The coNCePTuaL target (main paper §3.2, §4.1–4.2, Table 1): {@link
 * org.benchgen.codegen.ncptl.NcptlTarget} is found by the service loader and names things;
 * {@code NEmitter} builds statements ({@link org.benchgen.codegen.ncptl.NModel}) over the shared
 * values, conditions and loops, per RSD and loop in O(RSDs + ranks per RSD), with its parts:
 * {@code Parts} (ranks one statement can say), {@code PartValues} (values as expressions of loop
 * indices), {@code TaskSets}, {@code PointToPoint}, {@code Collectives}, {@code RegionScales}
 * (which loop regions get a {@code --scale-LN} parameter); {@code conceptual.stg} lays them out.
 * See docs/codegen.md for the mapping and its limits.
 */
package org.benchgen.codegen.ncptl;
