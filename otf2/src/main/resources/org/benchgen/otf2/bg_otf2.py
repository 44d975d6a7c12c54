"""benchgen's bridge to the OTF2 library (Debian's python3-otf2): no OTF2 reading or writing of
its own. It moves records between an OTF2 archive and benchgen's event lines (docs/otf2.md, "The
bridge"), one text file per rank and one of definitions; all meaning is given in Java
(org.benchgen.otf2), which checks every line this script writes.

  bg_otf2.py read ARCHIVE.otf2 OUTDIR   OUTDIR/defs and OUTDIR/rank-R, R = MPI rank

Archives are written by the native writer bg-otf2-write (src/main/c/), not here.
"""
import os
import sys
import urllib.parse

import _otf2
import otf2
from otf2.enums import GroupType, Paradigm

# Locations read per pass: each selected location keeps an output file and a reader buffer open.
BATCH = 128
# Attributes by which an archive written here says what OTF2's records cannot (docs/otf2.md), by
# their key on the bridge's enter lines: the request a call names that no record can (MPI_*_init,
# MPI_Request_free, a Start or Wait of a request to MPI_PROC_NULL); the bytes of a receive from
# MPI_ANY_SOURCE whose source the trace does not say (no message record can name it); how many
# requests without records a completion call completed.
ATTRIBUTES = {"request": ("benchgen::request", "the request a benchgen call names"),
              "unmatched": ("benchgen::unmatched_bytes",
                            "bytes a wildcard receive got from a source not traced"),
              "recordless": ("benchgen::recordless_requests",
                             "requests without records that a completion call completed")}
# Events the library hands over per call of its reader.
READ_EVENTS = 1 << 16


def fail(message):
    sys.stderr.write("bg_otf2: " + message + "\n")
    sys.exit(1)


def enc(text):
    return urllib.parse.quote(text, safe="")


def enum_name(value):
    # The bindings' enums are ctypes values whose str() is "CollectiveOp.ALLREDUCE".
    text = str(value)
    return text.split(".", 1)[1] if "." in text else "UNKNOWN_%d" % int(value.value)


def ref(definition):
    return -1 if definition is None else definition._ref


def mpi_locations(defs):
    for g in defs.groups:
        if g.group_type == GroupType.COMM_LOCATIONS and g.paradigm == Paradigm.MPI:
            return list(g.members)
    fail("the archive has no MPI locations group: not a trace of an MPI program")


def callbacks(write, attributes):
    """The reader's callbacks, each writing its record's bridge line from the raw references the
    library passes (no Python object per event: the import's time is mostly here)."""

    def attrs(alist):
        if not attributes or alist is None:
            return ""
        text = ""
        for i in range(_otf2.AttributeList_GetNumberOfElements(alist)):
            ref, _, value = _otf2.AttributeList_GetAttributeByIndex(alist, i)
            key = attributes.get(ref)
            number = getattr(value, "uint64", None)
            if key is not None and isinstance(number, int):
                text += " %s=%d" % (key, number)
        return text

    def line(fmt):
        return lambda loc, t, data, alist, *a: write(loc, fmt % ((t,) + a))

    return {
        "Enter": lambda loc, t, data, alist, region:
            write(loc, "enter %d %d%s" % (t, region, attrs(alist))),
        "Leave": line("leave %d %d"),
        "MpiSend": line("send %d %d %d %d %d"),
        "MpiIsend": line("isend %d %d %d %d %d %d"),
        "MpiIsendComplete": line("isend_done %d %d"),
        "MpiIrecvRequest": line("irecv_req %d %d"),
        "MpiRecv": line("recv %d %d %d %d %d"),
        "MpiIrecv": line("irecv %d %d %d %d %d %d"),
        "MpiRequestTest": line("req_test %d %d"),
        "MpiRequestCancelled": line("req_cancel %d %d"),
        "MpiCollectiveBegin": line("coll_begin %d"),
        "MpiCollectiveEnd": lambda loc, t, data, alist, op, comm, root, sent, received:
            write(loc, "coll_end %d %s %d %d %d %d" % (t, enum_name(op), comm, root, sent,
                                                       received)),
        "NonBlockingCollectiveRequest": line("nbc_req %d %d"),
        "NonBlockingCollectiveComplete":
            lambda loc, t, data, alist, op, comm, root, sent, received, request:
            write(loc, "nbc_done %d %s %d %d %d %d %d" % (t, enum_name(op), comm, root, sent,
                                                          received, request)),
        "CommCreate": line("comm_create %d %d"),
        "CommDestroy": line("comm_destroy %d %d"),
    }


def read(anchor, out):
    with otf2.reader.open(anchor) as trace:
        defs = trace.definitions
        ranks = mpi_locations(defs)
        rank_of = {loc._ref: r for r, loc in enumerate(ranks)}
        clock = defs.clock_properties
        with open(os.path.join(out, "defs"), "w", encoding="utf-8") as f:
            f.write("ranks %d\n" % len(ranks))
            f.write("clock %d %d\n" % (clock.timer_resolution, clock.global_offset))
            # OTF2 before 3.0 has no CommCreate or CommDestroy records.
            f.write("version %d %d\n" % _otf2.Reader_GetVersion(trace._handle)[:2])
            for region in defs.regions:
                f.write("region %d %s\n" % (region._ref, enc(region.name or "")))
            for comm in defs.comms:
                group = comm.group
                if group is not None and group.paradigm != Paradigm.MPI:
                    continue  # Score-P's own communicators (MEASUREMENT_SYSTEM), not MPI's
                if group is None or group.group_type == GroupType.COMM_SELF:
                    f.write("comm %d self %s\n" % (comm._ref, enc(comm.name or "")))
                    continue
                members = [rank_of.get(loc._ref, -1) for loc in group.members]
                f.write("comm %d group %s %d %s\n" % (comm._ref,
                                                      ",".join(str(m) for m in members),
                                                      ref(comm.parent), enc(comm.name or "")))
            for topology in defs.cart_topologies:
                dims = topology.dimensions
                f.write("cart %d %s %s\n" % (
                    ref(topology.communicator), ",".join(str(d.size) for d in dims),
                    ",".join("1" if enum_name(d.cart_periodicity) == "TRUE" else "0"
                             for d in dims)))
    for start in range(0, len(ranks), BATCH):
        read_batch(anchor, out, [loc._ref for loc in ranks[start:start + BATCH]], start)


def read_batch(anchor, out, refs, first_rank):
    with otf2.reader.open(anchor) as trace:
        defs = trace.definitions
        names = {name: key for key, (name, _) in ATTRIBUTES.items()}
        attributes = {a._ref: names[a.name] for a in defs.attributes if a.name in names}
        files = {}
        try:
            for i, r in enumerate(refs):
                files[r] = open(os.path.join(out, "rank-%d" % (first_rank + i)), "w",
                                encoding="utf-8")

            def write(location, text):
                files[location].write(text + "\n")

            handle = trace._get_global_evt_reader_handle([defs.locations[r] for r in refs])
            # The library calls these through ctypes pointers that live only as long as the
            # functions: they are held here until the reading is done.
            handlers = callbacks(write, attributes)
            cbs = _otf2.GlobalEvtReaderCallbacks_New()
            for kind, fn in handlers.items():
                getattr(_otf2, "GlobalEvtReaderCallbacks_Set%sCallback" % kind)(cbs, fn)
            _otf2.GlobalEvtReader_SetCallbacks(handle, cbs, None)
            _otf2.GlobalEvtReaderCallbacks_Delete(cbs)
            while _otf2.GlobalEvtReader_ReadEvents(handle, READ_EVENTS) == READ_EVENTS:
                pass
            del handlers
        finally:
            for f in files.values():
                f.close()


def main(argv):
    if len(argv) != 4 or argv[1] != "read":
        fail("usage: bg_otf2.py read ARCHIVE.otf2 OUTDIR")
    try:
        read(argv[2], argv[3])
    except otf2.error.TraceReaderError as e:
        fail(str(e))
    except Exception as e:  # the library's own errors (_otf2.Error) are not exported by name
        fail("%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    main(sys.argv)
