package org.benchgen.codegen.output;

/**
 * An object of the output model: a record rendered by the template of the same name in the target's
 * group file, with one template argument per record component. Components that are output-model
 * objects (or lists of them) are rendered first, recursively; the rest are passed as they are.
 * Templates only lay out: every decision is a component computed in Java.
 */
public interface OutputModel {}
