package org.benchgen.model;

/** The values a parameter takes on a set of ranks. */
public record ParamEntry(Values values, RankList ranks) {}
