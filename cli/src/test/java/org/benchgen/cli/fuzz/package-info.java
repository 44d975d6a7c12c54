/**
 * The fuzz test of issue 18: seeded hostile inputs in both formats through every command, and the
 * committed inputs that once failed ({@code src/test/resources/fuzz-regressions}); no exit 3, no
 * stack trace, no hang, nothing left behind.
 */
package org.benchgen.cli.fuzz;
