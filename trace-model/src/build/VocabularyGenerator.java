import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stringtemplate.v4.Interpreter;
import org.stringtemplate.v4.ModelAdaptor;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STGroupFile;
import org.stringtemplate.v4.misc.STNoSuchPropertyException;

/**
 * Build step of trace-model: turns the MPI vocabulary (src/main/vocabulary/mpi-vocabulary.def,
 * which the tracer includes as C) into the Java enums Op, Field and Sym and the class TraceSyntax,
 * through the templates of src/build/vocabulary.stg; each collective's C parameters come from the
 * COLL lines of the signature table beside it (mpi-signatures.def). Checks the tables as it reads
 * them (unknown field keys, duplicates, a collective without its shape or prototype); a problem
 * names the line and fails the build.
 *
 * <p>Run by Maven (exec-maven-plugin, generate-sources) as a single-file program:
 * {@code java -cp ST4 VocabularyGenerator.java DEF SIGNATURES STG OUTDIR}.
 */
public final class VocabularyGenerator {
  private static final Pattern ENTRY =
      Pattern.compile("^BG_(SYNTAX|SYMBOL|FIELD|CALL|SHAPE)\\((.*)\\)\\s*$");
  /** A collective's shape flags, as the .def writes them, and the words Op is generated with. */
  private static final Map<String, String> SHAPES = Map.of("SHAPE_ROOTED", "rooted",
      "SHAPE_VECTOR", "vector", "SHAPE_REDUCING", "reducing", "SHAPE_NEIGHBOURHOOD",
      "neighbourhood", "SHAPE_SCATTERS", "scatters", "SHAPE_GATHERS", "gathers", "SHAPE_PREFIX",
      "prefix", "SHAPE_EXCLUSIVE", "exclusive");
  private static final Pattern ID = Pattern.compile("[A-Z][A-Z0-9_]*");
  /** A collective's line of the signature table: {@code COLL Name(parameters)}. */
  private static final Pattern COLL = Pattern.compile("^COLL\\s+(\\w+)\\((.*)\\)\\s*$");
  /** One C parameter: its type, its name, {@code []} for an array. */
  private static final Pattern PARAMETER = Pattern.compile("^(.*?)\\s*(\\w+)(\\[\\])?$");

  /** A template argument: StringTemplate reads public fields. */
  public static final class Entry {
    public final String id;
    public final String name;
    public final String literal;
    public final String kind;
    public final String required;
    public final String optional;

    Entry(String id, String name, String literal, String kind, String required, String optional) {
      this.id = id;
      this.name = name;
      this.literal = literal;
      this.kind = kind;
      this.required = required;
      this.optional = optional;
    }
  }

  private final Path def;
  private final List<Entry> syntax = new ArrayList<>();
  private final List<Entry> symbols = new ArrayList<>();
  private final List<Entry> fields = new ArrayList<>();
  private final List<Entry> calls = new ArrayList<>();
  private final List<Entry> shapes = new ArrayList<>();
  private final List<Prototype> prototypes = new ArrayList<>();
  private int lineNo;

  /** A blocking collective's C parameters, as the signature table gives them. */
  public record Prototype(String id, List<Parameter> params) {}

  /** One C parameter of a prototype. */
  public record Parameter(String type, String name, boolean array) {}

  /** Lets the templates read records by their components (ST4 itself reads getters and fields). */
  private static final class RecordAdaptor implements ModelAdaptor<Record> {
    @Override
    public Object getProperty(Interpreter interp, ST self, Record model, Object property,
        String name) {
      try {
        return model.getClass().getMethod(name).invoke(model);
      } catch (ReflectiveOperationException e) {
        throw new STNoSuchPropertyException(e, model, name);
      }
    }
  }

  private VocabularyGenerator(Path def) {
    this.def = def;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      System.err.println("usage: java VocabularyGenerator.java DEF SIGNATURES STG OUTDIR");
      System.exit(2);
    }
    VocabularyGenerator g = new VocabularyGenerator(Path.of(args[0]));
    String file = args[0];
    try {
      g.read();
      file = args[1];
      g.lineNo = 0;
      g.readPrototypes(Path.of(args[1]));
    } catch (IllegalArgumentException e) {
      System.err.println(file + ":" + g.lineNo + ": " + e.getMessage());
      System.exit(1);
    }
    g.write(Path.of(args[2]), Path.of(args[3]));
  }

  private void read() throws IOException {
    Set<String> ids = new HashSet<>();
    Set<String> names = new HashSet<>();
    for (String line : Files.readAllLines(def, StandardCharsets.UTF_8)) {
      lineNo++;
      Matcher m = ENTRY.matcher(line);
      if (!m.matches()) {
        continue;
      }
      List<String> a = split(m.group(2));
      String what = m.group(1);
      int arity = what.equals("CALL") ? 5 : what.equals("FIELD") ? 3 : 2;
      if (a.size() != arity) {
        throw new IllegalArgumentException("BG_" + what + " takes " + arity + " arguments");
      }
      String id = a.get(0);
      if (!ID.matcher(id).matches()) {
        throw new IllegalArgumentException("bad id '" + id + "'");
      }
      if (what.equals("SHAPE")) {
        shapes.add(shape(id, a.get(1)));
        continue;
      }
      if (!ids.add(what + " " + id) || !names.add(what + " " + text(a.get(1)))) {
        throw new IllegalArgumentException(what.toLowerCase(Locale.ROOT) + " " + id
            + " is defined twice");
      }
      switch (what) {
        case "SYNTAX" -> syntax.add(new Entry(id, text(a.get(1)), a.get(1), "", "", ""));
        case "SYMBOL" -> symbols.add(new Entry(id, text(a.get(1)), a.get(1), "", "", ""));
        case "FIELD" -> fields.add(new Entry(id, text(a.get(1)), a.get(1), a.get(2), "", ""));
        default -> calls.add(new Entry(id, text(a.get(1)), a.get(1), a.get(2),
            keys(text(a.get(3))), keys(text(a.get(4)))));
      }
    }
    if (calls.isEmpty() || fields.isEmpty() || symbols.isEmpty()) {
      throw new IllegalArgumentException("no calls, fields or symbols found");
    }
    // Every collective has a shape: its own line, or its blocking form's (MPI_I<name>, _init).
    for (Entry c : calls) {
      if (!c.kind.equals("COLLECTIVE")) {
        continue;
      }
      String base = c.id.endsWith("_INIT") ? c.id.substring(0, c.id.length() - 5) : c.id;
      if (base.startsWith("I") && calls.stream().anyMatch(o -> o.id.equals(c.id.substring(1)))) {
        base = base.substring(1);
      }
      String b = base;
      if (shapes.stream().noneMatch(e -> e.id.equals(b))) {
        throw new IllegalArgumentException("the collective " + c.id + " has no BG_SHAPE (nor "
            + b + ")");
      }
    }
  }

  /**
   * The C parameters of each collective that has a shape, from its COLL line of the signature
   * table (its name in capitals is its id): every shaped collective needs one, once.
   */
  private void readPrototypes(Path signatures) throws IOException {
    for (String line : Files.readAllLines(signatures, StandardCharsets.UTF_8)) {
      lineNo++;
      Matcher m = COLL.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String id = m.group(1).toUpperCase(Locale.ROOT);
      if (shapes.stream().noneMatch(e -> e.id.equals(id))) {
        throw new IllegalArgumentException("COLL " + m.group(1) + ": no BG_SHAPE(" + id
            + ") in the vocabulary");
      }
      if (prototypes.stream().anyMatch(p -> p.id().equals(id))) {
        throw new IllegalArgumentException("COLL " + m.group(1) + " twice");
      }
      List<Parameter> params = new ArrayList<>();
      for (String p : m.group(2).split(",")) {
        Matcher q = PARAMETER.matcher(p.trim());
        if (!q.matches() || q.group(1).isEmpty() || q.group(1).contains("\"")) {
          throw new IllegalArgumentException("not a C parameter: '" + p.trim() + "'");
        }
        params.add(new Parameter(q.group(1), q.group(2), q.group(3) != null));
      }
      prototypes.add(new Prototype(id, params));
    }
    for (Entry s : shapes) {
      if (prototypes.stream().noneMatch(p -> p.id().equals(s.id))) {
        lineNo = 0;
        throw new IllegalArgumentException("no COLL line for the collective " + s.id);
      }
    }
  }

  /**
   * A collective's shape line: its id must be a collective call's, once; the entry's name is its
   * flags as words ("rooted vector"), empty for 0.
   */
  private Entry shape(String id, String flags) {
    Entry call = calls.stream().filter(c -> c.id.equals(id)).findFirst().orElseThrow(
        () -> new IllegalArgumentException("BG_SHAPE of " + id + ", which is no BG_CALL above"));
    if (!call.kind.equals("COLLECTIVE")) {
      throw new IllegalArgumentException("BG_SHAPE of " + id + ", which is no collective");
    }
    if (shapes.stream().anyMatch(e -> e.id.equals(id))) {
      throw new IllegalArgumentException("BG_SHAPE of " + id + " twice");
    }
    List<String> words = new ArrayList<>();
    if (!flags.equals("0")) {
      for (String f : flags.split("\\|")) {
        String w = SHAPES.get(f.trim());
        if (w == null) {
          throw new IllegalArgumentException("unknown shape '" + f.trim() + "' (one of "
              + SHAPES.keySet() + ", or 0)");
        }
        words.add(w);
      }
    }
    return new Entry(id, String.join(" ", words), "", "", "", "");
  }

  /** Checks that every key names a field; returns the keys as written, one space apart. */
  private String keys(String list) {
    List<String> out = new ArrayList<>();
    for (String k : list.trim().split(" +")) {
      if (k.isEmpty()) {
        continue;
      }
      if (fields.stream().noneMatch(f -> f.name.equals(k))) {
        throw new IllegalArgumentException("unknown field '" + k + "' (fields come first)");
      }
      out.add(k);
    }
    return String.join(" ", out);
  }

  /** The arguments of an entry: commas outside string literals separate them. */
  private static List<String> split(String args) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inString = false;
    for (int i = 0; i < args.length(); i++) {
      char c = args.charAt(i);
      if (inString && c == '\\' && i + 1 < args.length()) {
        cur.append(c).append(args.charAt(++i));
        continue;
      }
      if (c == '"') {
        inString = !inString;
      }
      if (c == ',' && !inString) {
        out.add(cur.toString().trim());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString().trim());
    return out;
  }

  /** The value of a C string literal (escapes \\ and \" only). */
  private static String text(String literal) {
    if (literal.length() < 2 || !literal.startsWith("\"") || !literal.endsWith("\"")) {
      throw new IllegalArgumentException("expected a string literal, found " + literal);
    }
    StringBuilder b = new StringBuilder();
    for (int i = 1; i < literal.length() - 1; i++) {
      char c = literal.charAt(i);
      if (c == '\\') {
        char n = literal.charAt(++i);
        if (n != '\\' && n != '"') {
          throw new IllegalArgumentException("only \\\\ and \\\" escapes are allowed: " + literal);
        }
        c = n;
      }
      b.append(c);
    }
    return b.toString();
  }

  private void write(Path stg, Path out) throws IOException {
    STGroupFile group = new STGroupFile(stg.toUri().toURL(), "UTF-8", '$', '$');
    group.registerModelAdaptor(Record.class, new RecordAdaptor());
    Map<String, List<Entry>> args = new LinkedHashMap<>();
    args.put("syntax", syntax);
    args.put("symbols", symbols);
    args.put("fields", fields);
    args.put("calls", calls);
    args.put("shapes", shapes);
    Map<String, List<Prototype>> protos = Map.of("prototypes", prototypes);
    Path dir = out.resolve("org/benchgen/trace");
    Files.createDirectories(dir);
    for (String name : List.of("Op", "Field", "Sym", "TraceSyntax")) {
      ST st = group.getInstanceOf(name);
      if (st == null) {
        throw new IllegalStateException(stg + " has no template " + name);
      }
      for (Map<String, ? extends List<?>> table : List.of(args, protos)) {
        for (Map.Entry<String, ? extends List<?>> a : table.entrySet()) {
          if (st.impl.formalArguments != null
              && st.impl.formalArguments.containsKey(a.getKey())) {
            st.add(a.getKey(), a.getValue());
          }
        }
      }
      String text = st.render(Locale.ROOT);
      Path file = dir.resolve(name + ".java");
      // Unchanged files keep their time stamp, so the compiler's incremental build sees no change.
      if (!Files.exists(file) || !Files.readString(file).equals(text)) {
        Files.writeString(file, text);
      }
    }
  }
}
