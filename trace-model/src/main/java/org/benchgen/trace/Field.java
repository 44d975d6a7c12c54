package org.benchgen.trace;

import java.util.HashMap;
import java.util.Map;

/** The fields an event may carry besides site and times; see docs/trace-format.md. */
public enum Field {
  COMM("comm", FieldKind.COMM),
  DEST("dest", FieldKind.PEER),
  SRC("src", FieldKind.PEER),
  ASRC("asrc", FieldKind.PEER),
  TAG("tag", FieldKind.TAG),
  RTAG("rtag", FieldKind.TAG),
  ATAG("atag", FieldKind.TAG),
  COUNT("count", FieldKind.INT),
  TYPE("type", FieldKind.NAME),
  TSIZE("tsize", FieldKind.INT),
  RCOUNT("rcount", FieldKind.INT),
  RTYPE("rtype", FieldKind.NAME),
  RTSIZE("rtsize", FieldKind.INT),
  BYTES("bytes", FieldKind.INT),
  ROOT("root", FieldKind.PEER),
  OP("op", FieldKind.NAME),
  COUNTS("counts", FieldKind.LIST),
  RCOUNTS("rcounts", FieldKind.LIST),
  REQ("req", FieldKind.REQ),
  REQS("reqs", FieldKind.REQS),
  DONE("done", FieldKind.REQS),
  FLAG("flag", FieldKind.INT),
  COLOR("color", FieldKind.COLOR),
  KEY("key", FieldKind.INT),
  NEWCOMM("newcomm", FieldKind.NEWCOMM),
  DIMS("dims", FieldKind.LIST),
  PERIODS("periods", FieldKind.LIST),
  REMAIN("remain", FieldKind.LIST);

  private static final Map<String, Field> BY_KEY = new HashMap<>();

  static {
    for (Field f : values()) {
      BY_KEY.put(f.key, f);
    }
  }

  private final String key;
  private final FieldKind kind;

  Field(String key, FieldKind kind) {
    this.key = key;
    this.kind = kind;
  }

  /** The key as written in files ({@code dest=}). */
  public String key() {
    return key;
  }

  public FieldKind kind() {
    return kind;
  }

  /**
   * Whether this peer is stored relative to the rank ({@code +1} = the next rank) where that makes
   * ranks agree. Roots are always absolute: every rank names the same root.
   */
  public boolean isPeer() {
    return this == DEST || this == SRC || this == ASRC;
  }

  /** The field with this key, or null (parser-internal). */
  static Field byKey(String key) {
    return BY_KEY.get(key);
  }

  /** The field with this key. */
  public static java.util.Optional<Field> forKey(String key) {
    return java.util.Optional.ofNullable(BY_KEY.get(key));
  }
}
