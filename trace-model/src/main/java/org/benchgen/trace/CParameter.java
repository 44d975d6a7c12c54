package org.benchgen.trace;

/**
 * A parameter of an MPI call's C binding, as mpi-signatures.def writes it: {@code const int
 * rcounts[]} is type {@code const int}, name {@code rcounts}, an array. The names are benchgen's
 * own, one per meaning across calls ({@code sbuf}, {@code rcounts}, {@code rdispls}, ...), so that
 * a reader can pass each call's arguments by name.
 */
public record CParameter(String type, String name, boolean array) {}
