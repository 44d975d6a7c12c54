/**
 * Test helpers shared by the modules' tests, in one place: {@link
 * org.benchgen.testing.RandomProgram} (random SPMD programs executed into rank streams, the input
 * of
 * the lossless property and of the behaviour goldens), {@link org.benchgen.testing.Calls} (a
 * rank's calls as text, to compare traces whatever their symbol tables) and {@link
 * org.benchgen.testing.CompressedText} (a compressed trace written by hand, read) and {@link
 * org.benchgen.testing.IrregularTrace} (streams that never repeat) and {@link
 * org.benchgen.testing.Chromium} (a page rendered by a real browser, its console read) and {@link
 * org.benchgen.testing.NcptlRuns} (the coNCePTuaL compiler and its programs run, a task's log
 * read).
 */
package org.benchgen.testing;
