/**
 * OTF2 archives (the format Score-P writes and Vampir, Scalasca and TAU read) in and out: {@link
 * org.benchgen.otf2.Otf2Import} turns an archive's MPI records into per-rank streams, {@link
 * org.benchgen.otf2.Otf2Export} writes a trace as an archive. The OTF2 library itself reads and
 * writes the archives, through its Python bindings and the small script {@code bg_otf2.py}
 * ({@link org.benchgen.otf2.Otf2Library}); the two sides talk in {@link
 * org.benchgen.otf2.BridgeEvent} lines (docs/otf2.md).
 */
package org.benchgen.otf2;
