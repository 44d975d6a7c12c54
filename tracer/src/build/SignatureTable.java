import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The signature table (trace-model/src/main/vocabulary/mpi-signatures.def) as read: its lines as
 * entries, as the table writes them. What each means for a binding is the forms' business
 * (Forms, Readings); this class checks only what a line must look like.
 */
final class SignatureTable {
  private static final Pattern LINE =
      Pattern.compile("^((?:MPI4\\s+)?(?:C\\s+)?)(FIELDS|LARGE|COLL|CALL)\\s+(.*)$");
  private static final Pattern NAME = Pattern.compile("^([A-Z][a-z0-9_]*)\\(([^)]*)\\)\\s*(.*)$");
  private static final Pattern PARAM = Pattern.compile(
      "^(const )?(void|int|char|MPI_\\w+) ?(\\*{0,2}) ?(\\w+)(?:\\[(\\w*)\\])?$");
  /** A call of the core, its arguments one level of parentheses deep at most: before(msg). */
  private static final Pattern STATEMENT =
      Pattern.compile("^(\\w+)\\(((?:[^()]|\\([^()]*\\))*)\\)\\s*(.*)$");

  /** A problem of the table: the line it is on, and what. */
  static final class TableError extends RuntimeException {
    final int line;

    TableError(int line, String message) {
      super(message);
      this.line = line;
    }
  }

  /**
   * A parameter as the table declares it: {@code [const] base [stars] name [[length]]}. The
   * length of an array is empty where none is given.
   */
  record Decl(boolean isConst, String base, String stars, String name, boolean array,
      String length) {
    /** Its C type, as a binding writes it: {@code int}, {@code char **}. */
    String type() {
      return stars.isEmpty() ? base : base + " " + stars;
    }

    /** An array of one: the standard's pointer (MPI_Wait's request), read as an array. */
    boolean one() {
      return array && length.equals("1");
    }
  }

  /** A call of the core: its function and its arguments, as the table writes them. */
  record Statement(String function, List<String> args) {}

  /**
   * A line: a collective (COLL), or a call (CALL) with what the wrapper calls before it and the
   * record after it (either may be absent, not both).
   */
  record Entry(int line, boolean coll, String name, List<Decl> params, Statement before,
      Statement record, boolean mpi4, boolean cOnly, boolean ifSuccess) {
    Optional<Decl> param(String name) {
      return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }
  }

  /** The bgt_coll members that a collective's parameters of the same name fill. */
  final Set<String> fields = new LinkedHashSet<>();
  /** The large-count forms' type of each int parameter of the name. */
  final Map<String, String> large = new LinkedHashMap<>();
  final List<Entry> colls = new ArrayList<>();
  final List<Entry> calls = new ArrayList<>();

  static SignatureTable read(Path file) throws IOException {
    SignatureTable t = new SignatureTable();
    Set<String> names = new HashSet<>();
    int n = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      n++;
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(text);
      if (!m.matches()) {
        throw new TableError(n, "not FIELDS, LARGE, COLL or [MPI4] [C] CALL: " + text);
      }
      String flags = m.group(1);
      String kind = m.group(2);
      if (!flags.isEmpty() && !kind.equals("CALL")) {
        throw new TableError(n, "MPI4 and C are a CALL's: " + text);
      }
      List<String> words = List.of(m.group(3).strip().split("\\s+"));
      switch (kind) {
        case "FIELDS" -> t.fields.addAll(words);
        case "LARGE" -> words.subList(1, words.size()).forEach(w -> t.large.put(w, words.get(0)));
        default -> {
          Entry e = entry(n, kind.equals("COLL"), flags, m.group(3).strip());
          if (!names.add(e.name())) {
            throw new TableError(n, e.name() + " twice");
          }
          (e.coll() ? t.colls : t.calls).add(e);
        }
      }
    }
    if (t.fields.isEmpty()) {
      throw new TableError(n, "no FIELDS line");
    }
    return t;
  }

  private static Entry entry(int n, boolean coll, String flags, String text) {
    Matcher c = NAME.matcher(text);
    if (!c.matches()) {
      throw new TableError(n, "not Name(parameters) ...: " + text);
    }
    List<Decl> params = new ArrayList<>();
    for (String p : c.group(2).split(",")) {
      Matcher pm = PARAM.matcher(p.strip());
      if (!pm.matches()) {
        throw new TableError(n, "a parameter this generator does not know: " + p.strip());
      }
      params.add(new Decl(pm.group(1) != null, pm.group(2), pm.group(3), pm.group(4),
          pm.group(5) != null, pm.group(5) == null ? "" : pm.group(5)));
    }
    for (Decl d : params) {
      // The wrappers' own names: rc, ierr, c_, sp_, ... (wrap_c.h, wrap_f.h).
      if (d.name().equals("rc") || d.name().equals("ierr") || d.name().endsWith("_")) {
        throw new TableError(n, d.name() + ": a name the wrappers keep for themselves");
      }
      if (!d.length().isEmpty() && !d.length().matches("\\d+")
          && params.stream().noneMatch(q -> q.name().equals(d.length()))) {
        throw new TableError(n, d.name() + "'s length " + d.length() + " is no parameter");
      }
    }
    String rest = c.group(3);
    Statement before = null;
    if (rest.startsWith("BEFORE ")) {
      Matcher s = statement(n, rest.substring(7).strip());
      before = new Statement(s.group(1), args(s.group(2)));
      rest = s.group(3);
    }
    Statement record = null;
    boolean ifSuccess = false;
    if (!rest.isEmpty()) {
      Matcher s = statement(n, rest);
      record = new Statement(s.group(1), args(s.group(2)));
      ifSuccess = s.group(3).equals("IF MPI_SUCCESS");
      if (!ifSuccess && !s.group(3).isEmpty()) {
        throw new TableError(n, "after the record, only IF MPI_SUCCESS: " + s.group(3));
      }
    }
    if (coll && (before != null || record != null)) {
      throw new TableError(n, "a COLL records a bgt_coll: no function");
    }
    if (!coll && before == null && record == null) {
      throw new TableError(n, "a CALL needs BEFORE function(arguments), its record, or both");
    }
    if (coll && params.stream().noneMatch(p -> p.name().equals("comm"))) {
      throw new TableError(n, c.group(1) + " has no comm");
    }
    List<String> flag = List.of(flags.strip().split("\\s+"));
    return new Entry(n, coll, c.group(1), List.copyOf(params), before, record,
        flag.contains("MPI4"), flag.contains("C"), ifSuccess);
  }

  private static Matcher statement(int n, String text) {
    Matcher s = STATEMENT.matcher(text);
    if (!s.matches()) {
      throw new TableError(n, "not function(arguments): " + text);
    }
    return s;
  }

  private static List<String> args(String text) {
    return text.isBlank() ? List.of() : List.of(text.strip().split("\\s*,\\s*"));
  }
}
