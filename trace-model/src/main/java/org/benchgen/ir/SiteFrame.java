package org.benchgen.ir;

/**
 * One return address of a call site: where it lies ({@code ring+0x13a8}, the module's file name
 * and the address that addr2line takes) and, where the module's debug information or symbols told,
 * its source file, line and function. Unknown parts are empty (and the line 0), never null.
 */
public record SiteFrame(String where, String file, int line, String function) {
  public SiteFrame {
    if (where.isEmpty()) {
      throw new IllegalArgumentException("a site frame needs its module and offset");
    }
    if (line < 0) {
      throw new IllegalArgumentException("a source line is positive, got " + line);
    }
  }

  /** Whether debug information named its source file and line. */
  public boolean hasLine() {
    return !file.isEmpty() && line > 0;
  }

  /**
   * For people: {@code ring.c:40 main} (the file's name without its directory), {@code main
   * (ring+0x13a8)} without debug information, or {@code ring+0x13a8} without symbols either.
   */
  public String label() {
    if (hasLine()) {
      String base = file.substring(file.lastIndexOf('/') + 1);
      return base + ":" + line + (function.isEmpty() ? "" : " " + function);
    }
    return function.isEmpty() ? where : function + " (" + where + ")";
  }
}
