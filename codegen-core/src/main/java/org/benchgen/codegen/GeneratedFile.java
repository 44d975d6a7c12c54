package org.benchgen.codegen;

/** One file of a generated benchmark: its name inside the output directory and its text. */
public record GeneratedFile(String name, String text) {}
