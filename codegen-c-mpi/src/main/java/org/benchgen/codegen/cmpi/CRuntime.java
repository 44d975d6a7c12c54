package org.benchgen.codegen.cmpi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.benchgen.codegen.GeneratedFile;

/**
 * The run-time library every C+MPI benchmark is built with: real C files, class-path resources in
 * {@code runtime/} beside this class, written beside the benchmark as they are (the same for
 * every trace). The benchmark includes the header; its Makefile compiles the sources with it.
 */
final class CRuntime {
  private CRuntime() {}

  /** The library's name: its files are this name with {@code .h} and {@code .c}. */
  static final String NAME = "bg_runtime";

  /** The header the benchmark includes. */
  static final String HEADER = NAME + ".h";

  /** The sources to compile with the benchmark. */
  static final List<String> SOURCES = List.of(NAME + ".c", NAME + "_comm.c", NAME + "_lists.c",
      NAME + "_requests.c", NAME + "_rma.c", NAME + "_io.c");

  /** The header and source of the threads of a threaded benchmark (bg_runtime_threads.h). */
  static final String THREADS_HEADER = NAME + "_threads.h";
  static final String THREADS_SOURCE = NAME + "_threads.c";

  /** The files of the threads' part, written beside a threaded benchmark only. */
  static List<GeneratedFile> threadFiles() {
    return List.of(read(THREADS_HEADER), read(THREADS_SOURCE));
  }

  /** The object file that a C source is compiled into ({@code x.c}: {@code x.o}). */
  static String object(String source) {
    return source.substring(0, source.length() - ".c".length()) + ".o";
  }

  /** The library's files: the header, then the sources. */
  static List<GeneratedFile> files() {
    List<GeneratedFile> out = new ArrayList<>();
    out.add(read(HEADER));
    SOURCES.forEach(s -> out.add(read(s)));
    return out;
  }

  private static GeneratedFile read(String file) {
    try (InputStream in = CRuntime.class.getResourceAsStream("runtime/" + file)) {
      if (in == null) {
        throw new IllegalStateException("run-time library file runtime/" + file
            + " missing beside " + CRuntime.class.getName());
      }
      return new GeneratedFile(file,
          new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
