/**
 * OTF2 archives (the format Score-P writes and Vampir, Scalasca and TAU read) in and out: {@link
 * org.benchgen.otf2.Otf2Import} turns an archive's MPI records into per-rank streams, {@link
 * org.benchgen.otf2.Otf2Export} writes a trace as an archive. The OTF2 library itself reads and
 * writes the archives: two small C programs on libotf2, the native reader {@code bg-otf2-read}
 * and writer {@code bg-otf2-write} ({@link org.benchgen.otf2.Otf2Library}); the two sides talk in
 * {@link org.benchgen.otf2.BridgeEvent}s (definitions as text lines, each rank's records in a
 * binary form both ways: {@link org.benchgen.otf2.BridgeRecords}, {@link
 * org.benchgen.otf2.BridgeOut}; docs/otf2.md).
 */
package org.benchgen.otf2;
