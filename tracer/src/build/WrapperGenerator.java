import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.stringtemplate.v4.AutoIndentWriter;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STGroupFile;

/**
 * Build step of the tracer: turns the signature table (trace-model/src/main/vocabulary/
 * mpi-signatures.def) into the tracer's wrappers, C and Fortran, through the templates of
 * wrappers.stg. SignatureTable reads the table; Forms works out every form and binding of each
 * line, and Readings how each binding reads a value for the core, into the output model (Model)
 * that the templates only lay out. A problem in the table names its line and fails the build.
 *
 * <p>Compiled and run by the tracer's build (Maven, or its Makefile):
 * {@code javac -cp ST4 -d DIR *.java; java -cp DIR:ST4 WrapperGenerator SIGNATURES STG OUTDIR}.
 */
public final class WrapperGenerator {
  private WrapperGenerator() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: java WrapperGenerator SIGNATURES STG OUTDIR");
      System.exit(2);
    }
    SignatureTable table;
    Wrappers wrappers;
    F08Forms.Wrappers f08;
    try {
      table = SignatureTable.read(Path.of(args[0]));
      wrappers = wrappers(table);
      f08 = F08Forms.wrappers(table);
    } catch (SignatureTable.TableError e) {
      System.err.println(args[0] + ":" + e.line + ": " + e.getMessage());
      System.exit(1);
      return;
    }
    write(wrappers, Path.of(args[1]), Path.of(args[2]));
    F08Forms.write(f08, Path.of(args[1]), Path.of(args[2]));
  }

  /** Every wrapper, by the generated file that holds it. */
  private record Wrappers(List<Model.Wrapper> cColl, List<Model.Wrapper> persistent,
      List<Model.Wrapper> largeColl, List<Model.Wrapper> fColl, List<Model.Wrapper> cCalls,
      List<Model.Wrapper> largeCalls, List<Model.Wrapper> fCalls) {}

  private static Wrappers wrappers(SignatureTable table) {
    Forms forms = new Forms(table);
    Wrappers w = new Wrappers(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
        new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (SignatureTable.Entry coll : table.colls) {
      String id = Forms.id(coll.name());
      String iname = "I" + coll.name().substring(0, 1).toLowerCase(Locale.ROOT)
          + coll.name().substring(1);
      w.cColl().add(forms.cColl(coll, coll.name(), id, false, false, false));
      w.cColl().add(forms.cColl(coll, iname, "I" + id, true, false, false));
      w.persistent().add(forms.cColl(coll, coll.name() + "_init", id + "_INIT", true, false,
          true));
      if (forms.hasLarge(coll)) {
        w.largeColl().add(forms.cColl(coll, coll.name() + "_c", id, false, true, false));
        w.largeColl().add(forms.cColl(coll, iname + "_c", "I" + id, true, true, false));
        w.largeColl().add(forms.cColl(coll, coll.name() + "_init_c", id + "_INIT", true, true,
            false));
      }
      w.fColl().add(forms.fColl(coll, coll.name().toLowerCase(Locale.ROOT), id, false));
      w.fColl().add(forms.fColl(coll, iname.toLowerCase(Locale.ROOT), "I" + id, true));
    }
    for (SignatureTable.Entry call : table.calls) {
      w.cCalls().add(forms.call(call, false, false));
      if (forms.hasLarge(call)) {
        w.largeCalls().add(forms.call(call, true, false));
      }
      if (!call.cOnly()) {
        w.fCalls().add(forms.call(call, false, true));
      }
    }
    return w;
  }

  private static void write(Wrappers w, Path stg, Path outDir) throws IOException {
    STGroupFile group = new STGroupFile(stg.toAbsolutePath().toString());
    Files.createDirectories(outDir);
    render(group.getInstanceOf("cCollectives").add("wrappers", w.cColl())
        .add("persistent", w.persistent()).add("large", w.largeColl()),
        outDir.resolve("gen_c_coll.c"));
    render(group.getInstanceOf("fCollectives").add("wrappers", w.fColl()),
        outDir.resolve("gen_f_coll.c"));
    render(group.getInstanceOf("cCalls").add("wrappers", w.cCalls())
        .add("large", w.largeCalls()), outDir.resolve("gen_c_calls.c"));
    render(group.getInstanceOf("fCalls").add("wrappers", w.fCalls()),
        outDir.resolve("gen_f_calls.c"));
  }

  static void render(ST st, Path file) throws IOException {
    StringWriter out = new StringWriter();
    AutoIndentWriter w = new AutoIndentWriter(out);
    w.setLineWidth(100);
    st.write(w);
    // A line wrapped after a separator keeps the separator's space: not in the file.
    Files.writeString(file, out.toString().replaceAll(" +\n", "\n"), StandardCharsets.UTF_8);
  }
}
