/**
 * Expansion of a compressed trace into one rank's exact event stream, streaming.
 */
package org.benchgen.expand;
