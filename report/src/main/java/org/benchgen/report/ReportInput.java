package org.benchgen.report;

import org.benchgen.ir.CompressedTrace;
import org.benchgen.stats.TraceStats;
import org.benchgen.stats.WaitTimes;

/**
 * What the report shows of one trace: its name (a path, for people), its compressed form (the loop
 * structure and compute histograms), its numbers (calls, bytes, times) and where its ranks waited.
 */
public record ReportInput(String name, CompressedTrace trace, TraceStats stats,
    WaitTimes waits) {}
