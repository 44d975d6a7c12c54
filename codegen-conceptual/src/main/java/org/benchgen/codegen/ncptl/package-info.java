/**
 * The coNCePTuaL target (main paper §3.2, §4.1–4.2, Table 1): {@link
 * org.benchgen.codegen.ncptl.NcptlTarget} is found by the service loader; {@code NEmitter} builds
 * {@link org.benchgen.codegen.ncptl.NModel} records per RSD and loop in O(RSDs + ranks per RSD),
 * and {@code conceptual.stg} lays them out. See docs/codegen.md for the mapping and its limits.
 */
package org.benchgen.codegen.ncptl;
