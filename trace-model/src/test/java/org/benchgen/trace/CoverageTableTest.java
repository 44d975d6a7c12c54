package org.benchgen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/tracer.md's coverage table says "recorded and regenerated" of exactly the calls of the
 * vocabulary (mpi-vocabulary.def, which the tracer and every reader share) and their large-count
 * forms, and names each function once.
 */
class CoverageTableTest {
  private static final Path DOC = Path.of("..", "docs", "tracer.md");
  private static final Pattern NAME = Pattern.compile("`([A-Za-z0-9_]+)`");

  @Test
  void recordedRowsAreTheVocabulary() throws IOException {
    Set<String> recorded = new TreeSet<>();
    List<String> all = new ArrayList<>();
    for (String line : Files.readAllLines(DOC)) {
      String[] cells = line.split("\\|");
      if (cells.length < 4 || !line.startsWith("| ") || cells[3].isBlank()
          || !cells[3].contains("`")) {
        continue;
      }
      Matcher m = NAME.matcher(cells[3]);
      while (m.find()) {
        all.add(m.group(1));
        if (cells[2].strip().equals("recorded and regenerated")) {
          recorded.add(m.group(1));
        }
      }
    }
    Set<String> vocabulary = new TreeSet<>();
    for (Op op : Op.values()) {
      vocabulary.add(op.mpiName().substring(4));
      if (op.has(Field.LARGE)) {
        vocabulary.add(op.mpiName(true).substring(4)); // MPI_Send_c: recorded as large=1
      }
    }
    assertEquals(vocabulary, recorded);
    assertEquals(all.size(), new HashSet<>(all).size(), "a function in two rows");
    assertTrue(all.size() >= 367, all.size() + " functions");
  }
}
