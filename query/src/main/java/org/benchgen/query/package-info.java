/**
 * SQL over a trace (docs/query.md): one statement on an embedded, in-memory DuckDB over the
 * trace's {@code calls} (every call of every rank: expanded from a compressed trace, read from a
 * directory's streams), {@code messages} (every point-to-point message as the resolver's matching
 * simulation matches it), {@code collectives}, {@code compute} and {@code comms}, with MTF's
 * process selections and statistics as views and macros. Tables are filled only as a statement
 * needs them ({@link org.benchgen.query.Views}), through DuckDB's appender; the database is then
 * made read-only towards the file system before the user's statement runs. Parquet export writes
 * the same views as files.
 */
package org.benchgen.query;
