/**
 * OTF2 archives (the format Score-P writes and Vampir, Scalasca and TAU read) in and out: {@link
 * org.benchgen.otf2.Otf2Import} turns an archive's MPI records into per-rank streams, {@link
 * org.benchgen.otf2.Otf2Export} writes a trace as an archive. The OTF2 library itself reads and
 * writes the archives: the native reader {@code bg-otf2-read} (C on libotf2) reads them, and the
 * small script {@code bg_otf2.py} writes them through the library's Python bindings ({@link
 * org.benchgen.otf2.Otf2Library}); the two sides talk in {@link org.benchgen.otf2.BridgeEvent}s
 * (text lines, or the reader's binary records: {@link org.benchgen.otf2.BridgeRecords};
 * docs/otf2.md).
 */
package org.benchgen.otf2;
