/**
 * Loading and saving traces of either form, and atomic output (never a half-written file).
 */
package org.benchgen.io;
