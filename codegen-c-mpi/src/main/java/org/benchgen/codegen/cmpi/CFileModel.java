package org.benchgen.codegen.cmpi;

import org.benchgen.codegen.output.OutputModel;

/**
 * The C+MPI output model of MPI-IO: one record per template of {@code c-mpi.stg}'s MPI-IO section,
 * same name. Files are named by slot ({@code file}) and by the number of their name ({@code
 * fname}); the run-time library ({@code bg_runtime_io.c}) keeps the handles and the views.
 */
public interface CFileModel extends OutputModel {
  /** The scratch directory and the buffer of {@code bytes} every read and write uses. */
  record IoSetup(long bytes) implements CFileModel {}

  /** An open; {@code found}: the file's size when the traced program opened it, or -1. */
  record FileOpen(OutputModel comm, OutputModel file, OutputModel fname, OutputModel amode,
      OutputModel found) implements CFileModel {}

  record FileClose(OutputModel file) implements CFileModel {}

  record FileDelete(OutputModel fname) implements CFileModel {}

  /** MPI_File_set_size or MPI_File_preallocate ({@code function}). */
  record FileSize(String function, OutputModel file, OutputModel size) implements CFileModel {}

  /** A view of bytes from {@code disp}. */
  record FileView(OutputModel file, OutputModel disp) implements CFileModel {}

  /**
   * A view from {@code disp} of the traced filetype's layout: {@code size} bytes in {@code
   * extent} from {@code lb}, lying where {@code runs} says (a table, or NULL).
   */
  record FileLayout(OutputModel file, OutputModel disp, OutputModel lb, OutputModel extent,
      OutputModel size, OutputModel runs) implements CFileModel {}

  /** A datatype of {@code bytes} bytes, for a read or write past an int's count. */
  record IoBytes(OutputModel bytes) implements CFileModel {}

  /** MPI_File_sync. */
  record FileSync(OutputModel file) implements CFileModel {}

  record FileSeek(OutputModel file, OutputModel offset, boolean shared) implements CFileModel {}

  /**
   * A read or write ({@code function}): at {@code offset} where the call takes one (else null),
   * {@code count} of {@code type}, then {@code tail} (a status or a new request; null for a split
   * collective's _begin).
   */
  record FileAccess(String function, OutputModel file, OutputModel offset, OutputModel count,
      OutputModel type, OutputModel tail) implements CFileModel {}

  /** A split collective's _end. */
  record FileEnd(String function, OutputModel file) implements CFileModel {}
}
