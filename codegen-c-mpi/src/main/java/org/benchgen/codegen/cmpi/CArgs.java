package org.benchgen.codegen.cmpi;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.ParamExpressions;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.Sym;
import org.benchgen.trace.SymbolTable;

/**
 * The arguments of the C+MPI benchmark's calls, built from an RSD's parameters: buffers, counts
 * (in bytes where a datatype cannot be named), datatypes, operations, peers and per-rank lists.
 * Notes what it approximates in the generation's approximations.
 */
final class CArgs {
  private final Generation g;
  private final SymbolTable symbols;

  CArgs(Generation g) {
    this.g = g;
    this.symbols = g.trace().symbols();
  }

  List<OutputModel> args(OutputModel... args) {
    List<OutputModel> out = new ArrayList<>();
    for (OutputModel a : args) {
      if (a != null) {
        out.add(a);
      }
    }
    return out;
  }

  OutputModel sendBuf() {
    return new CModel.SendBuf();
  }

  OutputModel recvBuf() {
    return new CModel.RecvBuf();
  }

  /** Where a call's approximations are noted (the MPI-IO calls' too, CFiles). */
  org.benchgen.codegen.Approximations approximations() {
    return g.approximations();
  }

  OutputModel arg(RsdContext c, Field f) {
    return new CModel.Arg(c.value(f));
  }

  OutputModel comm(RsdContext c) {
    return new CModel.CommArg(c.comm());
  }

  OutputModel root(RsdContext c) {
    return arg(c, Field.ROOT);
  }

  /**
   * The source of a receive; a wildcard left unresolved stays one, and is reported, unless every
   * execution was cancelled (then it matched nothing: the wildcard is what the program did).
   */
  OutputModel source(RsdContext c) {
    Value v = c.value(Field.SRC);
    boolean cancelled = c.has(Field.CANCEL)
        && c.rsd().param(Field.CANCEL).leaves().allMatch(x -> x == 1);
    if (!cancelled
        && c.rsd().param(Field.SRC).leaves().anyMatch(x -> x == Sym.ANY_SOURCE.code())) {
      g.approximations().note("a receive kept MPI_ANY_SOURCE (its source was not resolved)");
    }
    return new CModel.Arg(v);
  }

  /**
   * A v-collective's per-rank counts, in the call's elements: in bytes where its datatype is sent
   * as MPI_BYTE, each count times the type's size (in the tables where the size is one value,
   * else at run time, in scratch list {@code which}), as {@link #count} scales a scalar count.
   */
  Value counts(RsdContext c, Field f, Field type, Field size, int which, boolean large) {
    if (namedTypes(c, type)) {
      return list(c, f, 1, large);
    }
    OptionalLong s = ParamExpressions.constant(c.rsd().param(size));
    if (s.isPresent()) {
      return list(c, f, s.getAsLong(), large);
    }
    return new Value.ScaledList(list(c, f, 1, large), c.value(size), which, large);
  }

  /** A list-valued parameter: a table per list, chosen per rank and execution. */
  Value list(RsdContext c, Field f) {
    return list(c, f, 1, false);
  }

  /**
   * The same, every numeric item times {@code factor}; tables of MPI_Counts where {@code large}
   * (a large-count call's counts), else of ints.
   */
  Value list(RsdContext c, Field f, long factor, boolean large) {
    return c.value(f, new ParamExpressions.Leaf(id -> listOf(Sym.isSymbol(id) ? new long[0]
        : symbols.list(id), factor, large ? "clist" : "list"), large ? "clists" : "lists"));
  }

  /**
   * Whether RSD {@code c}'s call is made in its MPI-4 large-count form (MPI_Send_c): where the
   * trace says so ({@code large=1}), and where a count it passes would not fit an int (a derived
   * datatype's count in bytes).
   */
  boolean large(RsdContext c) {
    if (!c.rsd().op().has(Field.LARGE)) {
      return false;
    }
    org.benchgen.ir.Param mark = c.rsd().param(Field.LARGE);
    boolean traced = c.has(Field.LARGE) && mark.leaves().anyMatch(x -> x == 1);
    // Mixed: an execution without the mark, or a rank without it (collectives aligned across
    // call sites).
    long marked = mark.entries().stream().mapToLong(e -> e.ranks().size()).sum();
    if (traced && (mark.leaves().anyMatch(x -> x != 1) || marked < c.rsd().ranks().size())) {
      g.approximations().note("a call made in its large-count form (MPI_..._c) on some"
          + " executions only is made in it on all");
    }
    // The receive side's datatype, or the only one (MPI_Reduce_scatter's rcounts, a Recv).
    Op op = c.rsd().op();
    Field rtype = op.has(Field.RTYPE) ? Field.RTYPE : Field.TYPE;
    Field rtsize = op.has(Field.RTSIZE) ? Field.RTSIZE : Field.TSIZE;
    boolean wide = maxCount(c, Field.COUNT, Field.TYPE, Field.TSIZE) > Integer.MAX_VALUE
        || maxCount(c, Field.RCOUNT, rtype, rtsize) > Integer.MAX_VALUE
        || maxCount(c, Field.COUNTS, Field.TYPE, Field.TSIZE) > Integer.MAX_VALUE
        || maxCount(c, Field.RCOUNTS, rtype, rtsize) > Integer.MAX_VALUE
        || maxCount(c, Field.BYTES, rtype, rtsize) > Integer.MAX_VALUE;
    if (wide && !traced) {
      g.approximations().note("a count or a displacement beyond an int (a datatype's count in"
          + " bytes, blocks laid out one after the other) is passed by the call's large-count"
          + " form (MPI_..._c), which the traced call was not");
    }
    return traced || wide;
  }

  /**
   * The largest count that field {@code f} (a count, or a receive's bytes) makes the call pass,
   * or for a list of counts the largest sum of one (the end of its displacements, which the
   * benchmark lays out one after the other): times the datatype's size where the datatype is
   * sent as bytes.
   */
  private long maxCount(RsdContext c, Field f, Field type, Field size) {
    Op op = c.rsd().op();
    if (!op.has(f) || !c.has(f)) {
      return 0;
    }
    java.util.stream.LongStream leaves = c.rsd().param(f).leaves().filter(x -> !Sym.isSymbol(x));
    long max = (f.kind().isList() ? leaves.map(id -> sumOf(symbols.list(id))) : leaves).max()
        .orElse(0);
    boolean bytes = op.has(type) && !namedTypes(c, type);
    if (f == Field.BYTES) {
      return bytes ? max : 0; // a named type's receive posts its count (of elements), no more
    }
    long most = !bytes || !op.has(size) ? 1 : c.rsd().param(size).leaves()
        .filter(x -> !Sym.isSymbol(x)).max().orElse(1);
    return most != 0 && max > Long.MAX_VALUE / most ? Long.MAX_VALUE : max * most;
  }

  /** The sum of a list's counts (its symbols none), saturated. */
  private static long sumOf(long[] xs) {
    long sum = 0;
    for (long x : xs) {
      sum = Sym.isSymbol(x) ? sum : Math.min(Long.MAX_VALUE - x, sum) + x;
    }
    return sum;
  }

  /** The table of list {@code xs} (its length first), every numeric item times {@code factor}. */
  private Value listOf(long[] xs, long factor) {
    return listOf(xs, factor, "list");
  }

  /** A constant list of ints, in a table. */
  Value ints(List<Integer> xs) {
    return listOf(xs.stream().mapToLong(Integer::longValue).toArray(), 1);
  }

  /** The same in a table of {@code kind}: of ints ({@code list}) or MPI_Counts ({@code clist}). */
  private Value listOf(long[] xs, long factor, String kind) {
    List<Value> items = new ArrayList<>();
    items.add(new Value.Num(xs.length));
    for (long x : xs) {
      items.add(Sym.isSymbol(x) ? ParamExpressions.tableSymbol(x) : new Value.Num(x * factor));
    }
    if (xs.length == 0) {
      // Its items are passed as an array (MPI_Cart_create's of 0 dimensions): GCC rejects one
      // of no element (-Wstringop-overread) though MPI reads none.
      items.add(new Value.Num(0));
    }
    return new Value.ListRef(g.tables().of(kind, items));
  }

  /** A list-valued parameter, or an empty list where the RSD has none. */
  Value listOrEmpty(RsdContext c, Field f) {
    return c.has(f) ? list(c, f) : listOf(new long[0], 1);
  }

  /** Whether every datatype {@code type} takes is one we can name in C. */
  boolean namedTypes(RsdContext c, Field type) {
    return allNamed(c, type, CNames.TYPES);
  }

  /** Whether every value of name field {@code f} is one of {@code names}. */
  boolean allNamed(RsdContext c, Field f, java.util.Set<String> names) {
    return c.rsd().param(f).leaves().allMatch(id -> !Sym.isSymbol(id)
        && names.contains(symbols.name(id)));
  }

  OutputModel type(RsdContext c, Field type) {
    if (!namedTypes(c, type)) {
      g.approximations().note("a datatype that is not a predefined MPI type was sent as bytes"
          + " (MPI_BYTE, count x type size)");
      return new CModel.Arg(new Value.TypeName("MPI_BYTE"));
    }
    return new CModel.Arg(c.value(type, new ParamExpressions.Leaf(id -> new Value.TypeName(
        symbols.name(id)), "type")));
  }

  /** A count; in bytes where the datatype could not be named (and so is MPI_BYTE). */
  OutputModel count(RsdContext c, Field count, Field type, Field size) {
    if (namedTypes(c, type)) {
      return new CModel.Arg(c.value(count));
    }
    return new CModel.Arg(times(c.value(count), c.value(size)));
  }

  /**
   * The count a receive posts: what arrived (the trace's {@code bytes}, in elements), so buffers
   * are sized by what was received; the posted count where that is not known.
   */
  OutputModel received(RsdContext c, Field type, Field size) {
    boolean known = c.has(Field.BYTES)
        && c.rsd().param(Field.BYTES).leaves().noneMatch(Sym::isSymbol);
    Field countField = c.rsd().op().has(Field.RCOUNT) ? Field.RCOUNT : Field.COUNT;
    if (!known) {
      return count(c, countField, type, size);
    }
    Value bytes = c.value(Field.BYTES);
    if (!namedTypes(c, type)) {
      return new CModel.Arg(bytes);
    }
    OptionalLong b = ParamExpressions.constant(c.rsd().param(Field.BYTES));
    OptionalLong s = ParamExpressions.constant(c.rsd().param(size));
    if (b.isPresent() && s.isPresent()) {
      return new CModel.Arg(new Value.Num(s.getAsLong() == 0 ? 0
          : (b.getAsLong() + s.getAsLong() - 1) / s.getAsLong()));
    }
    return new CModel.Arg(new Value.Ceil(bytes, c.value(size)));
  }

  Value times(Value a, Value b) {
    if (a instanceof Value.Num x && b instanceof Value.Num y) {
      return new Value.Num(x.value() * y.value());
    }
    return new Value.Mul(a, b);
  }

  /**
   * The datatype of a Bcast or Reduce, where the ranks of an intercommunicator's root group
   * other than the root (root MPI_PROC_NULL) recorded none: MPI ignores it there, but Open MPI
   * checks it all the same, so they pass MPI_BYTE (with their count of 0).
   */
  OutputModel idleType(RsdContext c) {
    if (!namedTypes(c, Field.TYPE)) {
      return type(c, Field.TYPE);
    }
    return new CModel.Arg(c.value(Field.TYPE, new ParamExpressions.Leaf(id -> new Value.TypeName(
        symbols.name(id).equals("MPI_DATATYPE_NULL") ? "MPI_BYTE" : symbols.name(id)), "type")));
  }

  /** A reduction's datatype; MPI_BYTE (with its count in bytes) when it cannot be named. */
  OutputModel reduceType(RsdContext c) {
    return type(c, Field.TYPE);
  }

  /**
   * A reduction's operation. A user-defined one cannot be reproduced: it becomes MPI_BOR on bytes
   * or integers, MPI_MAX on anything else, which move the same data.
   */
  OutputModel reduceOp(RsdContext c) {
    if (allNamed(c, Field.OP, CNames.OPS)) {
      // MPI_OP_NULL: none was recorded where MPI ignores it (idle ranks, as in idleType).
      return new CModel.Arg(c.value(Field.OP, new ParamExpressions.Leaf(id -> new Value.OpName(
          symbols.name(id).equals("MPI_OP_NULL") ? "MPI_BOR" : symbols.name(id)), "op")));
    }
    g.approximations().note("a user-defined reduction operation was replaced by MPI_BOR or"
        + " MPI_MAX");
    boolean integer = !namedTypes(c, Field.TYPE)
        || allNamed(c, Field.TYPE, CNames.INTEGER_TYPES);
    return new CModel.Arg(new Value.OpName(integer ? "MPI_BOR" : "MPI_MAX"));
  }
}
