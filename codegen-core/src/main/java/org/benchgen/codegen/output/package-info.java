/**
 * The output model shared by all targets: immutable records, one template of the same name per
 * record in each target's group file. Values (integer expressions), conditions on variables, loops
 * and compute times are here; a target adds its own statement records.
 */
package org.benchgen.codegen.output;
