import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.stringtemplate.v4.STGroupFile;

/**
 * The mpi_f08 bindings of the table's lines, as wrappers of the output model (gen_f08_calls.c and
 * gen_f08_coll.c, through the f08 templates of wrappers.stg; tracer/src/wrap_f08.h says how the
 * bindings pass their arguments). Every line gets one, C-only lines too (their strings come as
 * CHARACTER with a hidden length, converted for the core): MPICH's f08 layer calls the C
 * functions for some calls and PMPI_ for others, Open MPI's PMPI_ always, so a call without an f08
 * wrapper would go unseen. Each call has the same parameters as its `use mpi` binding (Forms),
 * read the same way but for choice buffers; MPICH's large-count forms (MPI-4) too.
 */
final class F08Forms {
  /**
   * void * parameters that mpi_f08 declares TYPE(C_PTR) or INTEGER(MPI_ADDRESS_KIND), not
   * TYPE(*): a call with no other void * has no choice buffer (MPICH: no _f08ts_ name).
   */
  private static final Set<String> ADDRESSES = Set.of("buffer_addr", "baseptr", "extra_state");

  /** The f08 wrappers, by the generated file that holds them. */
  record Wrappers(List<Model.Wrapper> coll, List<Model.Wrapper> largeColl,
      List<Model.Wrapper> calls, List<Model.Wrapper> largeCalls) {}

  private final SignatureTable table;

  private F08Forms(SignatureTable table) {
    this.table = table;
  }

  static Wrappers wrappers(SignatureTable table) {
    F08Forms f = new F08Forms(table);
    Forms forms = new Forms(table);
    Wrappers w = new Wrappers(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
        new ArrayList<>());
    for (SignatureTable.Entry coll : table.colls) {
      String id = Forms.id(coll.name());
      String name = coll.name().toLowerCase(Locale.ROOT);
      String iname = "i" + name;
      boolean large = forms.hasLarge(coll);
      for (boolean l : large ? new boolean[] {false, true} : new boolean[] {false}) {
        List<Model.Wrapper> out = l ? w.largeColl() : w.coll();
        out.add(f.coll(coll, name, id, false, false, l));
        out.add(f.coll(coll, iname, "I" + id, true, false, l));
        // MPI-4's persistent collectives (MPICH 4: its f08 layer calls PMPI_Barrier_init).
        out.add(f.coll(coll, name + "_init", id + "_INIT", true, true, l));
      }
    }
    for (SignatureTable.Entry call : table.calls) {
      w.calls().add(f.call(call, false));
      if (forms.hasLarge(call)) {
        w.largeCalls().add(f.call(call, true));
      }
    }
    return w;
  }

  static void write(Wrappers w, Path stg, Path outDir) throws IOException {
    STGroupFile group = new STGroupFile(stg.toAbsolutePath().toString());
    WrapperGenerator.render(group.getInstanceOf("f08Collectives").add("wrappers", w.coll())
        .add("large", w.largeColl()), outDir.resolve("gen_f08_coll.c"));
    WrapperGenerator.render(group.getInstanceOf("f08Calls").add("wrappers", w.calls())
        .add("large", w.largeCalls()), outDir.resolve("gen_f08_calls.c"));
  }

  /** Whether a line has a choice buffer: a void * that is no address. */
  private static boolean choice(SignatureTable.Entry e) {
    return e.params().stream().anyMatch(p -> p.type().equals("void *") && !p.array()
        && !ADDRESSES.contains(p.name()));
  }

  /**
   * A parameter in mpi_f08, by reference as in `use mpi` (Forms), but for the large-count
   * forms' INTEGER(MPI_COUNT_KIND) and INTEGER(MPI_ADDRESS_KIND) ones.
   */
  private Model.Param param(SignatureTable.Decl d, boolean large) {
    String type;
    String wide = large && d.base().equals("int") ? table.large.get(d.name()) : null;
    if (d.base().equals("char")) {
      type = "char *";
    } else if (d.type().equals("void *") || d.base().endsWith("_function")) {
      type = "void *";
    } else if (wide != null || Set.of("MPI_Aint", "MPI_Offset", "MPI_Count").contains(d.base())) {
      type = d.array() ? "void *" : (wide != null ? wide : d.base()) + " *";
    } else {
      type = "fint *";
    }
    return new Model.Param(false, type, d.name(), false);
  }

  /** A buffer the core reads, as mpi_f08 passes it. */
  private static Model.Arg f08(Model.Arg a) {
    return a.buffer ? a.read(Model.Reading.CHOICE) : a;
  }

  private Model.Wrapper coll(SignatureTable.Entry coll, String name, String id,
      boolean withRequest, boolean persistent, boolean large) {
    Readings r = new Readings(coll);
    Model.Wrapper w = wrapper(name, id, coll, large);
    w.params = new ArrayList<>();
    w.args = new ArrayList<>();
    w.fields = new ArrayList<>();
    for (SignatureTable.Decl p : coll.params()) {
      w.params.add(param(p, large));
      w.args.add(Model.Arg.plain(p.name()));
      if (table.fields.contains(p.name())) {
        boolean wide = large && p.array() && "MPI_Count".equals(table.large.get(p.name()));
        w.fields.add(f08(r.param(p)).as(wide ? p.name() + "_c" : p.name()));
      }
    }
    if (persistent) {
      w.params.add(new Model.Param(false, "fint *", "info", false));
      w.args.add(Model.Arg.plain("info"));
      w.mpi4 = true;
    }
    if (withRequest) {
      w.params.add(new Model.Param(false, "fint *", "req", false));
      w.args.add(Model.Arg.plain("req"));
    }
    w.request = withRequest;
    return w;
  }

  private Model.Wrapper call(SignatureTable.Entry call, boolean large) {
    Readings r = new Readings(call);
    Model.Wrapper w = wrapper(call.name().toLowerCase(Locale.ROOT), Forms.id(call.name()), call,
        large);
    w.before = core(r, call.before());
    w.record = core(r, call.record());
    Forms.fill(w, call, p -> param(p, large));
    return w;
  }

  private static Model.CoreCall core(Readings r, SignatureTable.Statement s) {
    return s == null ? null
        : new Model.CoreCall(s.function(), s.args().stream().map(r::arg).map(F08Forms::f08)
            .toList());
  }

  private static Model.Wrapper wrapper(String name, String id, SignatureTable.Entry e,
      boolean large) {
    Model.Wrapper w = new Model.Wrapper();
    w.name = name;
    w.id = id;
    w.large = large;
    w.choice = choice(e);
    w.mpi4 = e.mpi4();
    return w;
  }
}
