package org.benchgen.ir;

/** The values a parameter takes on a set of ranks. */
public record ParamEntry(EntryValues values, RankList ranks) {}
