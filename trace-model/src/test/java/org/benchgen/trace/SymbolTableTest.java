package org.benchgen.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SymbolTableTest {
  @Test
  void idsCountFromZeroInOrderOfFirstUse() {
    SymbolTable t = new SymbolTable();
    assertEquals(0, t.name("MPI_INT"));
    assertEquals(1, t.name("MPI_DOUBLE"));
    assertEquals("MPI_DOUBLE", t.name(1L));
  }

  @Test
  void equalContentGetsTheSameId() {
    SymbolTable t = new SymbolTable();
    int id = t.name("MPI_INT");
    t.name("MPI_SUM");
    assertEquals(id, t.name(new String("MPI_INT")));
    int list = t.list(new long[] {1, 2, 3});
    t.list(new long[] {3, 2, 1});
    assertEquals(list, t.list(new long[] {1, 2, 3}), "another array with the same values");
  }

  @Test
  void eachTableHasItsOwnIds() {
    SymbolTable a = new SymbolTable();
    SymbolTable b = new SymbolTable();
    a.name("MPI_INT");
    b.name("MPI_DOUBLE");
    assertEquals(1, b.name("MPI_INT"));
    assertEquals(0, a.name("MPI_INT"));
    assertNotEquals(a.name(0L), b.name(0L));
  }

  @Test
  void namesAndListsAreCountedApart() {
    SymbolTable t = new SymbolTable();
    assertEquals(0, t.name("MPI_INT"));
    assertEquals(0, t.list(new long[] {4}));
    assertEquals(1, t.list(new long[0]));
  }

  @Test
  void aListIsCopiedWhenInterned() {
    SymbolTable t = new SymbolTable();
    long[] values = {1, 2};
    int id = t.list(values);
    values[0] = 9;
    assertArrayEquals(new long[] {1, 2}, t.list((long) id));
  }

  @Test
  void threadsInterningTheSameNamesConcurrentlyGetTheSameIds() throws Exception {
    SymbolTable t = new SymbolTable();
    int names = 20000;
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Map<String, Integer>>> results = new ArrayList<>();
      for (int k = 0; k < threads; k++) {
        // Each thread its own order, names and lists interleaved.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < names; i++) {
          order.add(i);
        }
        Collections.shuffle(order, new Random(k));
        Callable<Map<String, Integer>> work = () -> {
          start.await();
          Map<String, Integer> ids = new HashMap<>();
          for (int i : order) {
            ids.put("n" + i, t.name("n" + i));
            ids.put("l" + i, t.list(new long[] {i, -i}));
          }
          return ids;
        };
        results.add(pool.submit(work));
      }
      start.countDown();
      Map<String, Integer> first = results.get(0).get(10, TimeUnit.SECONDS);
      for (Future<Map<String, Integer>> f : results) {
        assertEquals(first, f.get(10, TimeUnit.SECONDS));
      }
      // Every name and list once: ids 0 .. names-1 each, and each gives back its content.
      HashSet<Integer> nameIds = new HashSet<>();
      HashSet<Integer> listIds = new HashSet<>();
      for (int i = 0; i < names; i++) {
        int n = first.get("n" + i);
        int l = first.get("l" + i);
        nameIds.add(n);
        listIds.add(l);
        assertEquals("n" + i, t.name((long) n));
        assertArrayEquals(new long[] {i, -i}, t.list((long) l));
      }
      assertEquals(names, nameIds.size());
      assertEquals(names, listIds.size());
      assertEquals(names - 1, Collections.max(nameIds));
      assertEquals(names - 1, Collections.max(listIds));
    } finally {
      pool.shutdownNow();
    }
  }
}
