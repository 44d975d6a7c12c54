package org.benchgen.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names (datatypes, reduction operations) and integer lists of one trace, interned: in events
 * and in the IR such a value is one long, and equal values are equal longs. Each trace has its own
 * table (javac's rule: a symbol table belongs to its compilation, never to the process), shared by
 * everything made from that trace: its ranks, compressed in parallel (so the table is
 * thread-safe), and the passes that rewrite it. Ids mean nothing across tables.
 */
public final class SymbolTable {
  private final ConcurrentHashMap<String, Integer> nameIds = new ConcurrentHashMap<>();
  private final List<String> names = new ArrayList<>();
  private final ConcurrentHashMap<ListKey, Integer> listIds = new ConcurrentHashMap<>();
  private final List<long[]> lists = new ArrayList<>();

  /** The id of {@code s}, made on first use. */
  public int name(String s) {
    Integer id = nameIds.get(s);
    if (id != null) {
      return id;
    }
    synchronized (names) {
      return nameIds.computeIfAbsent(s, k -> {
        names.add(k);
        return names.size() - 1;
      });
    }
  }

  /** The name with this id. */
  public String name(long id) {
    synchronized (names) {
      return names.get((int) id);
    }
  }

  /** The id of a list with these values (copied), made on first use. */
  public int list(long[] values) {
    ListKey key = new ListKey(values);
    Integer id = listIds.get(key);
    if (id != null) {
      return id;
    }
    synchronized (lists) {
      return listIds.computeIfAbsent(key, k -> {
        lists.add(k.values.clone());
        return lists.size() - 1;
      });
    }
  }

  /** The list with this id (do not modify it). */
  public long[] list(long id) {
    synchronized (lists) {
      return lists.get((int) id);
    }
  }

  private record ListKey(long[] values) {
    @Override
    public boolean equals(Object o) {
      return o instanceof ListKey k && Arrays.equals(values, k.values);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(values);
    }
  }
}
