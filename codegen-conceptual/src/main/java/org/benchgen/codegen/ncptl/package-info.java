/**
 * The coNCePTuaL target (main paper §3.2, §4.1–4.2, Table 1): {@link
 * org.benchgen.codegen.ncptl.NcptlTarget} is found by the service loader and names things;
 * {@code NEmitter} builds statements ({@link org.benchgen.codegen.ncptl.NModel}) over the shared
 * values, conditions and loops, per RSD and loop in O(RSDs + ranks per RSD), with its parts:
 * {@code Parts} (ranks one statement can say), {@code Counts} (how many times a call ran before,
 * as an expression of the loop indices, where trip counts change), {@code PartValues} (values as
 * expressions of that count), {@code Messages} (a call's messages as clauses), {@code TaskSets},
 * {@code PointToPoint}, {@code Completions} (which waits leave nothing open, and so can be an
 * AWAIT COMPLETION), {@code Collectives}, {@code RegionScales} (which loop regions get a
 * {@code --scale-LN} parameter), {@code DataSections} (an irregular section as a loop over the
 * steps of a data file: {@code SectionSteps} orders them, {@code SectionCalls} keys each call's
 * statement, {@code SectionStatements} writes it, {@code SizeClasses} rounds sizes where a call
 * takes too many); {@code conceptual.stg} lays them out. What the language cannot
 * say without changing which messages match is refused ({@code codegen.Unexpressible}). See
 * docs/codegen.md for the mapping and its limits.
 */
package org.benchgen.codegen.ncptl;
