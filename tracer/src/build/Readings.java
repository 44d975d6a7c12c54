import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the bindings read a parameter of a table line for the core, by its declaration (the
 * table's header lists the readings): the one place that knows what a type means to C and to
 * Fortran. A parameter that no reading fits is an error of its line.
 */
final class Readings {
  /** Handles: converted from Fortran by PMPI_KIND_f2c (a datatype's KIND is Type). */
  private static final Map<String, String> HANDLES = Map.ofEntries(
      Map.entry("MPI_Comm", "Comm"), Map.entry("MPI_Datatype", "Type"),
      Map.entry("MPI_Op", "Op"), Map.entry("MPI_Request", "Request"),
      Map.entry("MPI_Group", "Group"), Map.entry("MPI_Message", "Message"),
      Map.entry("MPI_Win", "Win"), Map.entry("MPI_File", "File"),
      Map.entry("MPI_Info", "Info"), Map.entry("MPI_Errhandler", "Errhandler"),
      Map.entry("MPI_Session", "Session"));
  /** Integers: a value in C, through a pointer of its own type from Fortran. */
  private static final Set<String> INTEGERS = Set.of("int", "MPI_Aint", "MPI_Offset",
      "MPI_Count");
  private static final Pattern BEFORE = Pattern.compile("^before\\((\\w+)\\)$");

  private final SignatureTable.Entry entry;

  Readings(SignatureTable.Entry entry) {
    this.entry = entry;
  }

  /** An argument of a statement: OP, before(NAME), a parameter, or a C constant. */
  Model.Arg arg(String text) {
    if (text.equals("OP")) {
      return Model.Arg.plain("BGT_" + Forms.id(entry.name()));
    }
    Matcher m = BEFORE.matcher(text);
    if (!m.matches() && text.startsWith("before(")) {
      throw error(text + ": before(NAME) names one parameter");
    }
    if (m.matches()) {
      SignatureTable.Decl d = declared(m.group(1));
      if (!d.stars().equals("*") || d.array()) {
        throw error("before(" + d.name() + "): a pointer to one value is read before the call");
      }
      return new Model.Arg(d.name(), d.name(), Model.Reading.BEFORE, null, null, null, null,
          d.base(), param(d), null, 0);
    }
    return entry.param(text).map(this::param).orElseGet(() -> Model.Arg.plain(text));
  }

  /** A parameter as the core reads it. */
  Model.Arg param(SignatureTable.Decl d) {
    if (d.array()) {
      return array(d);
    }
    String f2c = HANDLES.get(d.base());
    if (f2c != null && d.stars().length() < 2) {
      return read(d, d.stars().isEmpty() ? Model.Reading.HANDLE : Model.Reading.HANDLE_OUT, f2c,
          null);
    }
    if (INTEGERS.contains(d.base()) && d.stars().isEmpty()) {
      return read(d, Model.Reading.VALUE, null, null);
    }
    if (INTEGERS.contains(d.base()) && d.stars().equals("*")) {
      return switch (d.name()) {
        case "flag" -> read(d, Model.Reading.LOGICAL, null, null);
        case "index" -> read(d, Model.Reading.INDEX, null, requestsLength());
        default -> read(d, Model.Reading.OUTPUT, null, null);
      };
    }
    return switch (d.type()) {
      case "void *" -> read(d, Model.Reading.BUFFER, null, null);
      case "char *" -> read(d, Model.Reading.STRING, null, null);
      case "MPI_Status *" -> read(d, Model.Reading.STATUS, null, null);
      default -> throw error("no reading of " + d.type() + " " + d.name() + " for the core");
    };
  }

  private Model.Arg array(SignatureTable.Decl d) {
    if (d.base().equals("MPI_Request") && d.stars().isEmpty()) {
      return read(d, Model.Reading.REQUESTS, null, length(d));
    }
    if (d.base().equals("MPI_Status") && d.stars().isEmpty()) {
      return output(d, Model.Reading.STATUSES);
    }
    if (d.base().equals("int") && d.name().equals("indices")) {
      return output(d, Model.Reading.INDICES);
    }
    if (d.base().equals("MPI_Datatype")) {
      if (!entry.coll()) {
        throw error("an array of datatypes is read per peer of a collective's comm: COLL only");
      }
      return new Model.Arg(d.name(), d.name(), Model.Reading.DATATYPES, null, null, null, null,
          null, null, "BGT_" + entry.name().toUpperCase(java.util.Locale.ROOT),
          d.name().equals("rtypes") ? 1 : 0);
    }
    return read(d, Model.Reading.AS_IS, null, null);
  }

  /** An array that MPI fills: as many entries as outcount says, none while flag is 0. */
  private Model.Arg output(SignatureTable.Decl d, Model.Reading reading) {
    Model.Arg length = length(d);
    Model.Arg valid = entry.param("outcount").map(this::param).orElse(length);
    Model.Arg flag = entry.param("flag").map(this::param).orElse(null);
    return new Model.Arg(d.name(), d.name(), reading, null, length, valid, flag, null, null, null,
        0);
  }

  private Model.Arg read(SignatureTable.Decl d, Model.Reading reading, String f2c,
      Model.Arg length) {
    return new Model.Arg(d.name(), d.name(), reading, f2c, length, null, null, null, null, null, 0);
  }

  /** An array's length, as the table gives it: a number, or an int parameter. */
  private Model.Arg length(SignatureTable.Decl d) {
    if (d.length().isEmpty()) {
      throw error(d.name() + " is read for the core: its length, " + d.name() + "[n], is needed");
    }
    if (d.length().matches("\\d+")) {
      return Model.Arg.plain(d.length());
    }
    SignatureTable.Decl n = declared(d.length());
    if (!n.type().equals("int")) {
      throw error(d.name() + "'s length " + n.name() + " is no int");
    }
    return param(n);
  }

  /** The length of the call's array of requests, into which an index points. */
  private Model.Arg requestsLength() {
    return entry.params().stream()
        .filter(p -> p.base().equals("MPI_Request") && p.array() && !p.one()).findFirst()
        .map(this::length)
        .orElseThrow(() -> error("an index points into the call's requests: it has none"));
  }

  private SignatureTable.Decl declared(String name) {
    return entry.param(name).orElseThrow(() -> error(name + " is no parameter"));
  }

  private SignatureTable.TableError error(String message) {
    return new SignatureTable.TableError(entry.line(), entry.name() + ": " + message);
  }
}
