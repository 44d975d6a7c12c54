/**
 * The compressed trace text format (docs/compressed-format.md): a canonical writer, a reader with
 * file:line errors, the spelling of values both share ({@link org.benchgen.ir.format.ValueText}),
 * and the indented tree view of {@code benchgen show}.
 */
package org.benchgen.ir.format;
