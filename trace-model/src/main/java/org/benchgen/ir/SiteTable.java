package org.benchgen.ir;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Where a compressed trace's call sites lie in the program (issue 48): per site (the hash that
 * stays the site's identity), its return addresses innermost first, each resolved to file, line
 * and function where the binary told. An annotation: a trace without one means the same, and
 * every pass but the ones that print sites ignores it. Sorted by site, so that it writes
 * canonically.
 */
public record SiteTable(Map<String, List<SiteFrame>> frames) {
  private static final SiteTable NONE = new SiteTable(Map.of());

  public SiteTable {
    TreeMap<String, List<SiteFrame>> copy = new TreeMap<>();
    frames.forEach((site, fs) -> {
      if (fs.isEmpty()) {
        throw new IllegalArgumentException("site " + site + " has no frames");
      }
      copy.put(site, List.copyOf(fs));
    });
    frames = java.util.Collections.unmodifiableSortedMap(copy);
  }

  /** The empty table: no site's place is known. */
  public static SiteTable none() {
    return NONE;
  }

  public boolean isEmpty() {
    return frames.isEmpty();
  }

  /**
   * {@code site}'s place for people, frames joined innermost first ({@code ring.c:40 exchange <
   * ring.c:80 main}); empty where the table does not know it. A site joined by {@code align}
   * ({@code A|B}) names each part's place it knows.
   */
  public Optional<String> label(String site) {
    List<SiteFrame> fs = frames.get(site);
    if (fs != null) {
      return Optional.of(fs.stream().map(SiteFrame::label).collect(Collectors.joining(" < ")));
    }
    if (site.indexOf('|') < 0 || frames.isEmpty()) {
      return Optional.empty();
    }
    String[] parts = site.split("\\|");
    StringBuilder b = new StringBuilder();
    boolean any = false;
    for (String p : parts) {
      Optional<String> l = label(p);
      any |= l.isPresent();
      b.append(b.length() == 0 ? "" : " | ").append(l.orElse(p));
    }
    return any ? Optional.of(b.toString()) : Optional.empty();
  }

  /** This table with {@code other}'s entries added where this one has none for a site. */
  public SiteTable union(SiteTable other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    TreeMap<String, List<SiteFrame>> m = new TreeMap<>(other.frames);
    m.putAll(frames);
    return new SiteTable(m);
  }
}
