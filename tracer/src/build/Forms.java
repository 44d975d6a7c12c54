import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Every form and binding of the table's lines, as wrappers of the output model: the names, each
 * form's parameter types (MPI_Count in the large-count forms, Fortran's pointers), what is passed
 * to the MPI library, and what to the core.
 */
final class Forms {
  private final SignatureTable table;

  Forms(SignatureTable table) {
    this.table = table;
  }

  /** A call's id in the vocabulary: its name in capitals. */
  static String id(String name) {
    return name.toUpperCase(Locale.ROOT);
  }

  /** Whether a line has a large-count form: an int parameter that it widens. */
  boolean hasLarge(SignatureTable.Entry e) {
    return e.params().stream()
        .anyMatch(p -> p.base().equals("int") && table.large.containsKey(p.name()));
  }

  /** A parameter's type in C: the large-count form's if {@code large}. */
  private String cType(SignatureTable.Decl d, boolean large) {
    if (d.one()) {
      return d.base() + " *";
    }
    String base = large && d.base().equals("int") ? table.large.getOrDefault(d.name(), "int")
        : d.base();
    return d.stars().isEmpty() ? base : base + " " + d.stars();
  }

  private Model.Param cParam(SignatureTable.Decl d, boolean large) {
    return new Model.Param(d.isConst(), cType(d, large), d.name(), d.array() && !d.one());
  }

  /**
   * A parameter in Fortran: by reference, an INTEGER (or handle) as fint, untyped memory (a
   * buffer, a procedure, an array of addresses) as void, a CHARACTER as char.
   */
  private static Model.Param fParam(SignatureTable.Decl d) {
    String type;
    if (d.base().equals("char")) {
      type = "char *";
    } else if (d.type().equals("void *") || d.base().endsWith("_function")) {
      type = "void *";
    } else if (Set.of("MPI_Aint", "MPI_Offset", "MPI_Count").contains(d.base())) {
      type = d.array() ? "void *" : d.base() + " *";
    } else {
      type = "fint *";
    }
    return new Model.Param(false, type, d.name(), false);
  }

  // ---- collectives ----------------------------------------------------------------------------

  /** A collective's C form: {@code withRequest} adds the request (and an _init form's info). */
  Model.Wrapper cColl(SignatureTable.Entry coll, String name, String id, boolean withRequest,
      boolean large, boolean persistent) {
    return coll(coll, name, id, withRequest, large, persistent, false);
  }

  /** A collective's Fortran form, converted to C for the record only. */
  Model.Wrapper fColl(SignatureTable.Entry coll, String name, String id, boolean withRequest) {
    return coll(coll, name, id, withRequest, false, false, true);
  }

  private Model.Wrapper coll(SignatureTable.Entry coll, String name, String id,
      boolean withRequest, boolean large, boolean persistent, boolean fortran) {
    Readings r = new Readings(coll);
    Model.Wrapper w = wrapper(name, id);
    w.params = new ArrayList<>();
    w.args = new ArrayList<>();
    w.fields = new ArrayList<>();
    for (SignatureTable.Decl p : coll.params()) {
      w.params.add(fortran ? fParam(p) : cParam(p, large));
      w.args.add(Model.Arg.plain(p.name()));
      if (table.fields.contains(p.name())) {
        // The large forms' count arrays fill the bgt_coll's MPI_Count members, NAME_c.
        boolean wide = large && p.array() && "MPI_Count".equals(table.large.get(p.name()));
        w.fields.add(r.param(p).as(wide ? p.name() + "_c" : p.name()));
      }
    }
    if (withRequest) {
      if (persistent || name.endsWith("_init_c")) {
        w.params.add(new Model.Param(false, "MPI_Info", "info", false));
        w.args.add(Model.Arg.plain("info"));
      }
      w.params.add(new Model.Param(false, fortran ? "fint *" : "MPI_Request *", "req", false));
      w.args.add(Model.Arg.plain("req"));
    }
    w.request = withRequest;
    w.large = large;
    w.persistent = persistent;
    return w;
  }

  // ---- calls ----------------------------------------------------------------------------------

  /** A CALL's C form (its large-count form if {@code large}) or its Fortran form. */
  Model.Wrapper call(SignatureTable.Entry call, boolean large, boolean fortran) {
    Readings r = new Readings(call);
    Model.Wrapper w = wrapper(fortran ? call.name().toLowerCase(Locale.ROOT)
        : large ? call.name() + "_c" : call.name(), id(call.name()));
    w.before = core(r, call.before());
    w.record = core(r, call.record());
    if (fortran) {
      for (Model.CoreCall c : new Model.CoreCall[] {w.before, w.record}) {
        for (Model.Arg a : c == null ? List.<Model.Arg>of() : c.args) {
          if (a.reading == Model.Reading.STRING
              || a.before && a.of.reading == Model.Reading.STRING) {
            throw new SignatureTable.TableError(call.line(), call.name() + ": " + a.text
                + " is a string, which Fortran does not pass as C's: mark the line C");
          }
        }
      }
    }
    fill(w, call, p -> fortran ? fParam(p) : cParam(p, large));
    w.large = large && w.record != null; // large=1 is said by a record
    w.mpi4 = call.mpi4();
    return w;
  }

  /**
   * A call's wrapper past its core calls ({@code w.before}, {@code w.record}), the same in every
   * binding but for how a parameter is declared ({@code param}): its parameters and arguments,
   * the statuses the core reads (replaced where the caller passed IGNORE; others pass as they
   * are, MPI_Mrecv's, which the core does not read), the values it captures before the call, and
   * the strings that are not passed on.
   */
  static void fill(Model.Wrapper w, SignatureTable.Entry call,
      Function<SignatureTable.Decl, Model.Param> param) {
    Map<String, Model.Arg> read = new LinkedHashMap<>();
    Map<String, Model.Arg> captures = new LinkedHashMap<>();
    for (Model.CoreCall c : new Model.CoreCall[] {w.before, w.record}) {
      for (Model.Arg a : c == null ? List.<Model.Arg>of() : c.args) {
        if (a.status || a.statuses) {
          read.put(a.text, a);
        }
        if (a.before) {
          captures.put(a.text, a);
        }
      }
    }
    w.params = new ArrayList<>();
    w.args = new ArrayList<>();
    Set<String> hidden = new LinkedHashSet<>();
    for (SignatureTable.Decl p : call.params()) {
      w.params.add(param.apply(p));
      w.args.add(read.getOrDefault(p.name(), Model.Arg.plain(p.name())));
      if (p.base().equals("char")) {
        hidden.add(p.name());
      }
    }
    w.hidden = List.copyOf(hidden);
    w.statuses = List.copyOf(read.values());
    w.captures = List.copyOf(captures.values());
    w.ifSuccess = call.ifSuccess();
  }

  private static Model.CoreCall core(Readings r, SignatureTable.Statement s) {
    return s == null ? null
        : new Model.CoreCall(s.function(), s.args().stream().map(r::arg).toList());
  }

  private static Model.Wrapper wrapper(String name, String id) {
    Model.Wrapper w = new Model.Wrapper();
    w.name = name;
    w.id = id;
    return w;
  }
}
