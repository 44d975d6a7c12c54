/**
 * Test helpers shared by the modules' tests, in one place: {@link
 * org.benchgen.testing.RandomProgram} (random SPMD programs executed into rank streams, the input of
 * the lossless property and of the behaviour goldens) and {@link org.benchgen.testing.Calls} (a
 * rank's calls as text, to compare traces whatever their symbol tables).
 */
package org.benchgen.testing;
