package org.benchgen.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.util.AbstractList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.benchgen.codegen.output.Value;
import org.benchgen.codegen.output.OutputModel;
import org.stringtemplate.v4.AutoIndentWriter;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STErrorListener;
import org.stringtemplate.v4.STGroup;
import org.stringtemplate.v4.STGroupFile;
import org.stringtemplate.v4.misc.STMessage;

/**
 * Renders an output model with a StringTemplate group: each record becomes an instance of the
 * template named after its class, its components the template's arguments (after ANTLR's
 * OutputModelWalker). A template error is a bug, so it throws instead of printing.
 */
public final class ModelRenderer {
  private final STGroup group;
  private final UnaryOperator<String> strings;

  /** Loads the group file {@code resource} from the class path of {@code anchor}. */
  public ModelRenderer(Class<?> anchor, String resource) {
    this(anchor, resource, UnaryOperator.identity());
  }

  /**
   * Loads the group file {@code resource}; every string component of the model (in lists too) is
   * passed through {@code strings} before a template sees it (an HTML page escapes them all, so
   * no template can forget one). Not a StringTemplate renderer: StringTemplate renders a group's
   * literal text through the renderer registered for strings as well.
   */
  public ModelRenderer(Class<?> anchor, String resource, UnaryOperator<String> strings) {
    URL url = anchor.getResource(resource);
    if (url == null) {
      throw new IllegalStateException("template group " + resource + " missing beside "
          + anchor.getName());
    }
    STGroupFile g = new STGroupFile(url, "UTF-8", '<', '>');
    g.setListener(new Strict());
    g.load();
    this.group = g;
    this.strings = strings;
  }

  /** The text of {@code model}. */
  public String render(OutputModel model) {
    return instance(model).render(Locale.ROOT);
  }

  /**
   * {@code model}'s text as a file's content, rendered to the stream it is written to (the same
   * text as {@link #render(OutputModel)}, without holding it whole).
   */
  public GeneratedFile.Content content(OutputModel model) {
    return out -> {
      ST st = instance(model);
      Strict.starting();
      try {
        st.write(new AutoIndentWriter(out), Locale.ROOT);
      } catch (UncheckedIOException e) {
        // The file could not be written (a full disk): an input/output error, not a bug.
        throw e.getCause();
      } finally {
        Strict.starting();
      }
    };
  }

  /** The text of the template {@code name} with these arguments (for files with no model of their own). */
  public String render(String name, OutputModel model) {
    ST st = template(name);
    fill(st, model);
    return st.render(Locale.ROOT);
  }

  private ST instance(OutputModel model) {
    ST st = template(model.getClass().getSimpleName());
    fill(st, model);
    return st;
  }

  private ST template(String name) {
    ST st = group.getInstanceOf(name);
    if (st == null) {
      throw new IllegalStateException("template group " + group.getName() + " has no template "
          + name);
    }
    return st;
  }

  private void fill(ST st, OutputModel model) {
    for (RecordComponent c : model.getClass().getRecordComponents()) {
      Object v;
      try {
        v = c.getAccessor().invoke(model);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException(e);
      }
      st.add(c.getName(), convert(v));
    }
  }

  private Object convert(Object v) {
    // A number is its digits in every target (template Num is "$value$"); a template instance
    // for each would cost ~1 KB apiece, and data tables hold millions of them.
    if (v instanceof Value.Num n) {
      return n.value();
    }
    if (v instanceof String text) {
      return strings.apply(text);
    }
    if (v instanceof OutputModel m) {
      return instance(m);
    }
    if (v instanceof List<?> list) {
      // Converted as the template reads it: a data table's items need not all exist at once.
      return new AbstractList<Object>() {
        @Override
        public Object get(int i) {
          return convert(list.get(i));
        }

        @Override
        public int size() {
          return list.size();
        }
      };
    }
    return v;
  }

  /** Turns every StringTemplate problem into an exception. */
  private static final class Strict implements STErrorListener {
    @Override
    public void compileTimeError(STMessage msg) {
      throw new IllegalStateException(msg.toString());
    }

    @Override
    public void runTimeError(STMessage msg) {
      throw failure(msg);
    }

    /** StringTemplate reports its writer's errors here and carries on: they must stop it. */
    @Override
    public void IOError(STMessage msg) {
      throw failure(msg);
    }

    @Override
    public void internalError(STMessage msg) {
      throw failure(msg);
    }

    /**
     * The writer's input/output error met in this thread's render, once met. StringTemplate
     * catches what a nested template throws and reports it to the outer one as an "internal
     * error" with only its text, so a full disk met deep inside would reach the command as a
     * bug; each later report is that error again.
     */
    private static final ThreadLocal<UncheckedIOException> MET = new ThreadLocal<>();

    /** The exception for {@code msg}: the writer's error where one was met, else a bug. */
    private static RuntimeException failure(STMessage msg) {
      for (Throwable t = msg.cause; t != null && MET.get() == null; t = t.getCause()) {
        if (t instanceof UncheckedIOException u) {
          MET.set(u);
        } else if (t instanceof IOException e) {
          MET.set(new UncheckedIOException(e));
        }
      }
      if (MET.get() != null) {
        return MET.get();
      }
      return new IllegalStateException(msg.toString(), msg.cause);
    }

    /** Forgets the error met, where a render starts and ends. */
    static void starting() {
      MET.remove();
    }
  }
}
