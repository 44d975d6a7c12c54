/**
 * Loading and saving traces of either form, and atomic output (never a half-written file; the
 * temporaries of a stopped or killed run removed, {@code Temporaries}).
 */
package org.benchgen.io;
