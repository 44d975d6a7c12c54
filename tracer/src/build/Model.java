import java.util.List;

/**
 * The output model that wrappers.stg lays out: wrappers, their parameters, and the values they
 * pass to the MPI library and to the core. Every decision is made here, as a field; the templates
 * only test booleans.
 */
public final class Model {
  private Model() {}

  /** One parameter of one form, in one binding, as its prototype declares it. */
  public static final class Param {
    public final boolean constant;
    /** A C type; a pointer type ends with its star ({@code void *}). */
    public final String type;
    public final boolean pointer;
    public final String name;
    public final boolean array;

    Param(boolean constant, String type, String name, boolean array) {
      this.constant = constant;
      this.type = type;
      this.pointer = type.endsWith("*");
      this.name = name;
      this.array = array;
    }
  }

  /** How a value is read for the core; Readings decides it for each parameter. */
  enum Reading { AS_IS, VALUE, BUFFER, HANDLE, HANDLE_OUT, OUTPUT, LOGICAL, INDEX, INDICES,
    REQUESTS, DATATYPES, STATUS, STATUSES, STRING, BEFORE,
    /** mpi_f08: a choice buffer, as each library's f08 binding passes it (F08Forms). */
    CHOICE }

  /**
   * A value passed to the MPI library or to the core: a parameter (or a constant), with how each
   * binding reads it. C reads a value as it is, an output through its pointer; Fortran reads
   * every parameter through its pointer, and converts handles, indices and statuses.
   */
  public static final class Arg {
    public final String text;
    /** A collective's bgt_coll member. */
    public final String member;
    final Reading reading;
    /** C: through its pointer (an output, or a handle the call makes or changes). */
    public final boolean deref;
    /** Fortran: an INTEGER (or address) through its pointer. */
    public final boolean scalar;
    public final boolean buffer;
    /** mpi_f08: a choice buffer (its data's address, or a descriptor's). */
    public final boolean choice;
    /** A string: from Fortran (mpi_f08 only), a CHARACTER with its hidden length NAME_len. */
    public final boolean string;
    public final boolean handle;
    /** The handle's kind for PMPI_KIND_f2c: Comm, Type, Request, ... */
    public final String f2c;
    public final boolean logical;
    public final boolean index;
    public final boolean indices;
    public final boolean requests;
    public final boolean datatypes;
    public final boolean status;
    public final boolean statuses;
    /** Read before the call into a local (NAME_before): the value the caller passed. */
    public final boolean before;
    /** Of an array: its length; of an index: the length of the array it points into. */
    public final Arg length;
    /** Of an output array: how many entries MPI set; {@code flag} set: only if it is true. */
    public final Arg valid;
    public final Arg flag;
    public final boolean flagged;
    /** Of a value read before the call: its C type, and how it is read. */
    public final String ctype;
    public final Arg of;
    /**
     * For {@code datatypes}: ctypes' arguments, the id of the collective's blocking form (the
     * core reads from its shape whether the peers are neighbours) and 1 for a receive side.
     */
    public final String shapeOf;
    public final int receive;

    Arg(String text, String member, Reading reading, String f2c, Arg length, Arg valid, Arg flag,
        String ctype, Arg of, String shapeOf, int receive) {
      this.text = text;
      this.member = member;
      this.reading = reading;
      this.deref = reading == Reading.HANDLE_OUT || reading == Reading.OUTPUT
          || reading == Reading.LOGICAL || reading == Reading.INDEX;
      this.scalar = reading == Reading.VALUE || reading == Reading.OUTPUT;
      this.buffer = reading == Reading.BUFFER;
      this.choice = reading == Reading.CHOICE;
      this.string = reading == Reading.STRING;
      this.handle = reading == Reading.HANDLE || reading == Reading.HANDLE_OUT;
      this.f2c = f2c;
      this.logical = reading == Reading.LOGICAL;
      this.index = reading == Reading.INDEX;
      this.indices = reading == Reading.INDICES;
      this.requests = reading == Reading.REQUESTS;
      this.datatypes = reading == Reading.DATATYPES;
      this.status = reading == Reading.STATUS;
      this.statuses = reading == Reading.STATUSES;
      this.before = reading == Reading.BEFORE;
      this.length = length;
      this.valid = valid;
      this.flag = flag;
      this.flagged = flag != null;
      this.ctype = ctype;
      this.of = of;
      this.shapeOf = shapeOf;
      this.receive = receive;
    }

    /** A constant, or a parameter passed on as it is. */
    static Arg plain(String text) {
      return new Arg(text, text, Reading.AS_IS, null, null, null, null, null, null, null, 0);
    }

    /** The same value, read as {@code how} (mpi_f08's choice buffers). */
    Arg read(Reading how) {
      return new Arg(text, member, how, f2c, length, valid, flag, ctype, of, shapeOf, receive);
    }

    /** The same value as a collective's member {@code member}. */
    Arg as(String member) {
      return new Arg(text, member, reading, f2c, length, valid, flag, ctype, of, shapeOf,
          receive);
    }
  }

  /** A call of the core from a wrapper: {@code function(&c_, args)}. */
  public static final class CoreCall {
    public final String function;
    public final List<Arg> args;

    CoreCall(String function, List<Arg> args) {
      this.function = function;
      this.args = args;
    }
  }

  /** One wrapper: a form of a call in one binding. */
  public static final class Wrapper {
    /** The call's name after MPI_ (C) or mpi_ (Fortran, lower case). */
    public String name;
    /** Its id after BGT_ (the vocabulary's, in capitals). */
    public String id;
    public List<Param> params;
    /** The values passed on to the MPI library (the Fortran ones before ierror). */
    public List<Arg> args;
    /** Fortran: the parameters whose hidden CHARACTER length (NAME_len) follows ierror. */
    public List<String> hidden = List.of();
    /** The statuses the core reads: the tracer's own where the caller passed IGNORE. */
    public List<Arg> statuses = List.of();
    /** The values read before the call into locals. */
    public List<Arg> captures = List.of();
    /** What the core sees before the call, and the record after it; either may be null. */
    public CoreCall before;
    public CoreCall record;
    /** A collective's bgt_coll members. */
    public List<Arg> fields = List.of();
    /** Recorded only if the call returned MPI_SUCCESS. */
    public boolean ifSuccess;
    /** MPI-4's large-count form: recorded as its int form with large=1. */
    public boolean large;
    /** A persistent collective: named through PFX (MPI_ or Open MPI 4.1's MPIX_). */
    public boolean persistent;
    /** mpi_f08: a call with a choice buffer (MPICH names it NAME_f08ts_). */
    public boolean choice;
    /** A call that exists from MPI 4 on. */
    public boolean mpi4;
    /** A collective's request: the one it creates (its last parameter, req), or none. */
    public boolean request;
  }
}
