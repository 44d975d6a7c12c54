/**
 * The compressed trace text format (docs/compressed-format.md): a canonical writer, a reader with
 * file:line errors, and the indented tree view of {@code benchgen show}.
 */
package org.benchgen.ir.format;
