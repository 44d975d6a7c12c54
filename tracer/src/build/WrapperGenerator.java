import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stringtemplate.v4.AutoIndentWriter;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STGroupFile;

/**
 * Build step of the tracer: turns the signature table (trace-model/src/main/vocabulary/
 * mpi-signatures.def) into the tracer's generated wrappers, C and Fortran, through the templates
 * of wrappers.stg. The table holds each call's C prototype and its record; this program works out
 * every form and binding of it (which type a parameter has in the large-count form, what a
 * Fortran INTEGER becomes in C, what an output is read as) into a small output model that the
 * templates only lay out. A problem in the table names its line and fails the build.
 *
 * <p>Run by the tracer's build (Maven, or its Makefile) as a single-file program:
 * {@code java -cp ST4 WrapperGenerator.java SIGNATURES STG OUTDIR}.
 */
public final class WrapperGenerator {
  private static final Pattern LINE =
      Pattern.compile("^(FIELDS|COLL|CALL|MPI4 CALL)\\s+(.*)$");
  private static final Pattern CALL =
      Pattern.compile("^([A-Z][a-z_]*)\\(([^)]*)\\)(?:\\s+(\\w+)\\((.*)\\))?$");
  private static final Pattern PARAM =
      Pattern.compile("^(const )?(void \\*|int \\*|int|MPI_\\w+ \\*|MPI_\\w+) ?(\\w+)(\\[\\])?$");
  /** Parameters that are counts: MPI_Count (arrays: members NAME_c) in the large-count forms. */
  private static final Set<String> COUNTS = Set.of("count", "rcount", "counts", "rcounts");

  /** One parameter of one form, in one binding, as its prototype declares it. */
  public static final class Param {
    public final boolean constant;
    /** A C type; a pointer type ends with its star ({@code void *}). */
    public final String type;
    public final boolean pointer;
    public final String name;
    public final boolean array;

    Param(boolean constant, String type, String name, boolean array) {
      this.constant = constant;
      this.type = type;
      this.pointer = type.endsWith("*");
      this.name = name;
      this.array = array;
    }
  }

  /** What a value is, for the bindings that pass or record it: each needs its own reading. */
  enum Kind { VALUE, SCALAR, BUFFER, DATATYPE, OPERATION, COMMUNICATOR, DATATYPES, REQUEST,
    STATUS, OUTPUT, LOGICAL, NEWCOMM, GROUP, LITERAL }

  /**
   * A value passed to the MPI library or to the record: a parameter (or a constant), with the
   * kind that says how each binding reads it; {@code member} names a collective's bgt_coll member.
   */
  public static final class Arg {
    public final String member;
    public final String text;
    public final boolean scalar;
    public final boolean buffer;
    public final boolean datatype;
    public final boolean operation;
    public final boolean communicator;
    public final boolean datatypes;
    public final boolean request;
    public final boolean status;
    public final boolean output;
    public final boolean logical;
    /** A communicator the call makes: read after it. */
    public final boolean newcomm;
    public final boolean group;
    /** For {@code datatypes}: ctypes' arguments (1 or 0). */
    public final int neighbourhood;
    public final int receive;

    Arg(String member, String text, Kind kind, int neighbourhood, int receive) {
      this.member = member;
      this.text = text;
      this.scalar = kind == Kind.SCALAR;
      this.buffer = kind == Kind.BUFFER;
      this.datatype = kind == Kind.DATATYPE;
      this.operation = kind == Kind.OPERATION;
      this.communicator = kind == Kind.COMMUNICATOR;
      this.datatypes = kind == Kind.DATATYPES;
      this.request = kind == Kind.REQUEST;
      this.status = kind == Kind.STATUS;
      this.output = kind == Kind.OUTPUT;
      this.logical = kind == Kind.LOGICAL;
      this.newcomm = kind == Kind.NEWCOMM;
      this.group = kind == Kind.GROUP;
      this.neighbourhood = neighbourhood;
      this.receive = receive;
    }
  }

  /** One wrapper: a form of a call in one binding. */
  public static final class Wrapper {
    /** The call's name after MPI_ (C) or mpi_ (Fortran, lower case). */
    public final String name;
    /** Its id after BGT_ (the vocabulary's, in capitals). */
    public final String id;
    public final List<Param> params;
    /** The values passed on to the MPI library (the Fortran ones before ierror). */
    public final List<Arg> args;
    /** A collective's bgt_coll members, or the record function's arguments after its call. */
    public final List<Arg> record;
    /** The core function that records the call; none for a collective (bgt_rec_coll). */
    public final String function;
    /** The status parameter that the core reads, if any (a caller's IGNORE is replaced). */
    public final String status;
    public final boolean hasStatus;
    /** The collective's request: the one it creates (its last parameter, req), or none. */
    public final boolean request;
    /** MPI-4's large-count form: recorded as its int form with large=1. */
    public final boolean large;
    /** A persistent collective: named through PFX (MPI_ or Open MPI 4.1's MPIX_). */
    public final boolean persistent;
    /** A call that exists from MPI 4 on. */
    public final boolean mpi4;

    Wrapper(String name, String id, List<Param> params, List<Arg> args, List<Arg> record,
        String function, String status, boolean request, boolean large, boolean persistent,
        boolean mpi4) {
      this.name = name;
      this.id = id;
      this.params = params;
      this.args = args;
      this.record = record;
      this.function = function;
      this.status = status;
      this.hasStatus = !status.isEmpty();
      this.request = request;
      this.large = large;
      this.persistent = persistent;
      this.mpi4 = mpi4;
    }
  }

  /** A parameter of the table: a C prototype's. */
  private record Parsed(boolean isConst, String type, String name, boolean array) {}

  /** A line of the table; {@code function} and {@code record} are a CALL's. */
  private record Entry(String name, List<Parsed> params, String function, List<String> record,
      boolean mpi4) {}

  private final Path table;
  private final Set<String> fieldNames = new LinkedHashSet<>();
  private final List<Entry> colls = new ArrayList<>();
  private final List<Entry> calls = new ArrayList<>();
  private int lineNo;

  private WrapperGenerator(Path table) {
    this.table = table;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: java WrapperGenerator.java SIGNATURES STG OUTDIR");
      System.exit(2);
    }
    WrapperGenerator g = new WrapperGenerator(Path.of(args[0]));
    try {
      g.read();
    } catch (IllegalArgumentException e) {
      System.err.println(args[0] + ":" + g.lineNo + ": " + e.getMessage());
      System.exit(1);
    }
    g.write(Path.of(args[1]), Path.of(args[2]));
  }

  private void read() throws IOException {
    Set<String> names = new HashSet<>();
    for (String line : Files.readAllLines(table, StandardCharsets.UTF_8)) {
      lineNo++;
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(text);
      if (!m.matches()) {
        throw new IllegalArgumentException("not FIELDS, COLL, CALL or MPI4 CALL: " + text);
      }
      if (m.group(1).equals("FIELDS")) {
        fieldNames.addAll(List.of(m.group(2).strip().split("\\s+")));
        continue;
      }
      Matcher c = CALL.matcher(m.group(2).strip());
      if (!c.matches()) {
        throw new IllegalArgumentException("not Name(parameters) [function(arguments)]: "
            + m.group(2));
      }
      if (!names.add(c.group(1))) {
        throw new IllegalArgumentException(c.group(1) + " twice");
      }
      List<Parsed> params = new ArrayList<>();
      for (String p : c.group(2).split(",")) {
        Matcher pm = PARAM.matcher(p.strip());
        if (!pm.matches()) {
          throw new IllegalArgumentException("a parameter this generator does not know: " + p);
        }
        params.add(new Parsed(pm.group(1) != null, pm.group(2).strip(), pm.group(3),
            pm.group(4) != null));
      }
      boolean coll = m.group(1).equals("COLL");
      if (coll != (c.group(3) == null)) {
        throw new IllegalArgumentException(coll ? "a COLL records a bgt_coll: no function"
            : "a CALL needs its record: function(arguments)");
      }
      if (coll) {
        if (params.stream().noneMatch(p -> p.name().equals("comm"))) {
          throw new IllegalArgumentException(c.group(1) + " has no comm");
        }
        colls.add(new Entry(c.group(1), params, "", List.of(), false));
      } else {
        List<String> record = List.of(c.group(4).split("\\s*,\\s*"));
        // Every parameter the record takes must have a reading in both bindings (named here).
        params.stream().filter(p -> record.contains(p.name())).forEach(WrapperGenerator::kind);
        calls.add(new Entry(c.group(1), params, c.group(3), record,
            m.group(1).startsWith("MPI4")));
      }
    }
    if (fieldNames.isEmpty()) {
      throw new IllegalArgumentException("no FIELDS line");
    }
  }

  private void write(Path stg, Path outDir) throws IOException {
    List<Wrapper> c = new ArrayList<>();
    List<Wrapper> persistent = new ArrayList<>();
    List<Wrapper> large = new ArrayList<>();
    List<Wrapper> fortran = new ArrayList<>();
    for (Entry coll : colls) {
      String id = coll.name().toUpperCase(Locale.ROOT);
      String iname = "I" + coll.name().substring(0, 1).toLowerCase(Locale.ROOT)
          + coll.name().substring(1);
      c.add(cColl(coll, coll.name(), id, false, false, false));
      c.add(cColl(coll, iname, "I" + id, true, false, false));
      persistent.add(cColl(coll, coll.name() + "_init", id + "_INIT", true, false, true));
      if (hasCount(coll)) {
        large.add(cColl(coll, coll.name() + "_c", id, false, true, false));
        large.add(cColl(coll, iname + "_c", "I" + id, true, true, false));
        large.add(cColl(coll, coll.name() + "_init_c", id + "_INIT", true, true, false));
      }
      fortran.add(fColl(coll, coll.name().toLowerCase(Locale.ROOT), id, false));
      fortran.add(fColl(coll, iname.toLowerCase(Locale.ROOT), "I" + id, true));
    }
    List<Wrapper> cCalls = new ArrayList<>();
    List<Wrapper> largeCalls = new ArrayList<>();
    List<Wrapper> fCalls = new ArrayList<>();
    for (Entry call : calls) {
      cCalls.add(call(call, false, false));
      if (hasCount(call)) {
        largeCalls.add(call(call, true, false));
      }
      fCalls.add(call(call, false, true));
    }
    STGroupFile group = new STGroupFile(stg.toAbsolutePath().toString());
    Files.createDirectories(outDir);
    render(group.getInstanceOf("cCollectives").add("wrappers", c)
        .add("persistent", persistent).add("large", large), outDir.resolve("gen_c_coll.c"));
    render(group.getInstanceOf("fCollectives").add("wrappers", fortran),
        outDir.resolve("gen_f_coll.c"));
    render(group.getInstanceOf("cCalls").add("wrappers", cCalls).add("large", largeCalls),
        outDir.resolve("gen_c_calls.c"));
    render(group.getInstanceOf("fCalls").add("wrappers", fCalls),
        outDir.resolve("gen_f_calls.c"));
  }

  private static boolean hasCount(Entry e) {
    return e.params().stream().anyMatch(p -> COUNTS.contains(p.name()));
  }

  /** A parameter's type in the large-count form. */
  private static String largeType(Parsed p) {
    if (p.type().equals("int") && p.array()) {
      return COUNTS.contains(p.name()) ? "MPI_Count" : "MPI_Aint";
    }
    return p.type().equals("int") && COUNTS.contains(p.name()) ? "MPI_Count" : p.type();
  }

  /** A collective's C form: {@code withRequest} adds the request (and an _init form's info). */
  private Wrapper cColl(Entry coll, String name, String id, boolean withRequest,
      boolean large, boolean persistent) {
    List<Param> params = new ArrayList<>();
    List<Arg> args = new ArrayList<>();
    List<Arg> fields = new ArrayList<>();
    for (Parsed p : coll.params()) {
      String type = large ? largeType(p) : p.type();
      String member = large && p.array() && COUNTS.contains(p.name()) ? p.name() + "_c"
          : p.name();
      params.add(new Param(p.isConst(), type, p.name(), p.array()));
      args.add(new Arg(p.name(), p.name(), Kind.VALUE, 0, 0));
      if (fieldNames.contains(p.name())) {
        fields.add(new Arg(member, p.name(), Kind.VALUE, 0, 0));
      }
    }
    if (withRequest) {
      if (name.endsWith("_init") || name.endsWith("_init_c")) {
        params.add(new Param(false, "MPI_Info", "info", false));
        args.add(new Arg("info", "info", Kind.VALUE, 0, 0));
      }
      params.add(new Param(false, "MPI_Request *", "req", false));
      args.add(new Arg("req", "req", Kind.VALUE, 0, 0));
    }
    return new Wrapper(name, id, params, args, fields, "", "", withRequest, large, persistent,
        false);
  }

  /**
   * A collective's Fortran form: every parameter an INTEGER (or a choice buffer, or an
   * address-sized displacement) passed by reference, converted to C for the record only.
   */
  private Wrapper fColl(Entry coll, String name, String id, boolean withRequest) {
    List<Param> params = new ArrayList<>();
    List<Arg> args = new ArrayList<>();
    List<Arg> fields = new ArrayList<>();
    int neighbourhood = coll.name().startsWith("Neighbor_") ? 1 : 0;
    for (Parsed p : coll.params()) {
      params.add(fParam(p));
      args.add(new Arg(p.name(), p.name(), Kind.VALUE, 0, 0));
      if (fieldNames.contains(p.name())) {
        Kind kind = p.array()
            ? p.type().equals("MPI_Datatype") ? Kind.DATATYPES : Kind.VALUE : kind(p);
        fields.add(new Arg(p.name(), p.name(), kind, neighbourhood,
            p.name().equals("rtypes") ? 1 : 0));
      }
    }
    if (withRequest) {
      params.add(new Param(false, "fint *", "req", false));
      args.add(new Arg("req", "req", Kind.VALUE, 0, 0));
    }
    return new Wrapper(name, id, params, args, fields, "", "", withRequest, false, false, false);
  }

  /** A CALL's form: C (its large-count form if {@code large}) or Fortran. */
  private Wrapper call(Entry call, boolean large, boolean fortran) {
    String id = call.name().toUpperCase(Locale.ROOT);
    List<Param> params = new ArrayList<>();
    List<Arg> args = new ArrayList<>();
    String status = "";
    for (Parsed p : call.params()) {
      if (fortran) {
        params.add(fParam(p));
      } else {
        params.add(new Param(p.isConst(), large ? largeType(p) : p.type(), p.name(),
            p.array()));
      }
      boolean isStatus = p.type().equals("MPI_Status *");
      if (isStatus) {
        status = p.name();
      }
      args.add(new Arg(p.name(), p.name(), isStatus ? Kind.STATUS : Kind.VALUE, 0, 0));
    }
    List<Arg> record = new ArrayList<>();
    for (String a : call.record()) {
      if (a.equals("OP")) {
        record.add(new Arg("", "BGT_" + id, Kind.LITERAL, 0, 0));
        continue;
      }
      Parsed p = call.params().stream().filter(q -> q.name().equals(a)).findFirst()
          .orElse(null);
      record.add(p == null ? new Arg("", a, Kind.LITERAL, 0, 0)
          : new Arg(a, a, kind(p), 0, 0));
    }
    String name = fortran ? call.name().toLowerCase(Locale.ROOT)
        : large ? call.name() + "_c" : call.name();
    return new Wrapper(name, id, params, args, record, call.function(), status, false, large,
        false, call.mpi4());
  }

  /** A parameter in Fortran: an INTEGER by reference, or untyped memory. */
  private static Param fParam(Parsed p) {
    boolean untyped = p.type().equals("void *") || p.type().equals("MPI_Aint");
    return new Param(false, untyped ? "void *" : "fint *", p.name(), false);
  }

  /** How the bindings read a parameter for the record. */
  private static Kind kind(Parsed p) {
    if (p.array()) {
      return Kind.VALUE;
    }
    return switch (p.type()) {
      case "void *" -> Kind.BUFFER;
      case "MPI_Datatype" -> Kind.DATATYPE;
      case "MPI_Op" -> Kind.OPERATION;
      case "MPI_Comm" -> Kind.COMMUNICATOR;
      case "MPI_Comm *" -> Kind.NEWCOMM;
      case "MPI_Group" -> Kind.GROUP;
      case "MPI_Request *" -> Kind.REQUEST;
      case "MPI_Status *" -> Kind.STATUS;
      case "int *" -> p.name().equals("flag") ? Kind.LOGICAL : Kind.OUTPUT;
      case "int" -> Kind.SCALAR;
      default -> throw new IllegalArgumentException("no reading of " + p.type() + " "
          + p.name() + " for a record");
    };
  }

  private static void render(ST st, Path file) throws IOException {
    StringWriter out = new StringWriter();
    AutoIndentWriter w = new AutoIndentWriter(out);
    w.setLineWidth(100);
    st.write(w);
    // A line wrapped after a separator keeps the separator's space: not in the file.
    Files.writeString(file, out.toString().replaceAll(" +\n", "\n"), StandardCharsets.UTF_8);
  }
}
