package org.benchgen.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Process-wide interning of names and integer lists, so that a value in a compressed trace is one
 * long and equal values compare equal across ranks and threads.
 */
public final class Interner {
  private static final ConcurrentHashMap<String, Integer> NAME_IDS = new ConcurrentHashMap<>();
  private static final List<String> NAMES = new ArrayList<>();
  private static final ConcurrentHashMap<ListKey, Integer> LIST_IDS = new ConcurrentHashMap<>();
  private static final List<long[]> LISTS = new ArrayList<>();

  private Interner() {}

  public static int name(String s) {
    Integer id = NAME_IDS.get(s);
    if (id != null) {
      return id;
    }
    synchronized (NAMES) {
      return NAME_IDS.computeIfAbsent(s, k -> {
        NAMES.add(k);
        return NAMES.size() - 1;
      });
    }
  }

  public static String name(long id) {
    synchronized (NAMES) {
      return NAMES.get((int) id);
    }
  }

  public static int list(long[] values) {
    ListKey key = new ListKey(values);
    Integer id = LIST_IDS.get(key);
    if (id != null) {
      return id;
    }
    synchronized (LISTS) {
      return LIST_IDS.computeIfAbsent(key, k -> {
        LISTS.add(k.values.clone());
        return LISTS.size() - 1;
      });
    }
  }

  /** The list with this id (do not modify it). */
  public static long[] list(long id) {
    synchronized (LISTS) {
      return LISTS.get((int) id);
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
