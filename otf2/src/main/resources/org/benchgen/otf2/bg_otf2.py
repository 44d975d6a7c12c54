"""benchgen's OTF2 writer on the OTF2 library (Debian's python3-otf2): no OTF2 writing of its
own. It moves benchgen's event lines (docs/otf2.md, "The bridge"), one text file per rank and one
of definitions, into an OTF2 archive; all meaning is given in Java (org.benchgen.otf2). Archives
are read by the native reader, bg-otf2-read (otf2/src/main/c/), not here.

  bg_otf2.py write INDIR OUTDIR         OUTDIR/traces.otf2 (+ traces.def, traces/) from INDIR
"""
import os
import sys
import urllib.parse

import _otf2
import otf2
from otf2.enums import CartPeriodicity, CollectiveOp, GroupType, LocationGroupType, LocationType
from otf2.enums import Paradigm
from otf2.enums import RegionRole, Type

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
CHUNK = 256 * 1024


def fail(message):
    sys.stderr.write("bg_otf2: " + message + "\n")
    sys.exit(1)


def write(indir, out):
    regions = {}
    comms = []
    carts = []
    ranks = 0
    resolution = 1000000000
    with open(os.path.join(indir, "defs"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if w[0] == "ranks":
                ranks = int(w[1])
            elif w[0] == "clock":
                resolution = int(w[1])
            elif w[0] == "region":
                regions[int(w[1])] = (w[2], w[3], urllib.parse.unquote(w[4]))
            elif w[0] == "comm":
                comms.append((int(w[1]), urllib.parse.unquote(w[2]),
                              [int(m) for m in w[3].split(",")], int(w[4])))
            elif w[0] == "cart":
                carts.append((int(w[1]), [int(x) for x in w[2].split(",")],
                              [x == "1" for x in w[3].split(",")]))
    # Each location's writer keeps one chunk in memory until the archive closes: the smallest
    # chunk OTF2 takes, so memory stays at 256 KiB a rank.
    with otf2.writer.open(out, timer_resolution=resolution,
                          chunk_size_events=CHUNK) as trace:
        d = trace.definitions
        node = d.system_tree_node("benchgen trace")
        locations = []
        for r in range(ranks):
            group = d.location_group("MPI Rank %d" % r, system_tree_parent=node,
                                     location_group_type=LocationGroupType.PROCESS)
            locations.append(d.location("Master thread", type=LocationType.CPU_THREAD,
                                        group=group))
        d.group("MPI_COMM_WORLD locations", group_type=GroupType.COMM_LOCATIONS,
                paradigm=Paradigm.MPI, members=locations)
        comm_of = {}
        for cid, name, members, parent in comms:
            group = d.group(name, group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                            members=[locations[m] for m in members])
            comm_of[cid] = d.comm(name, group=group, parent=comm_of.get(parent))
        for cid, sizes, periods in carts:
            dims = [d.cart_dimension("comm %d dimension %d" % (cid, i), size,
                                     CartPeriodicity.TRUE if periodic else CartPeriodicity.FALSE)
                    for i, (size, periodic) in enumerate(zip(sizes, periods))]
            d.cart_topology("comm %d" % cid, comm_of[cid], dims)
        region_of = {}
        for rid, (role, paradigm, name) in regions.items():
            region_of[rid] = d.region(name, region_role=getattr(RegionRole, role),
                                      paradigm=getattr(Paradigm, paradigm))
        attributes = {key: d.attribute(name, description, Type.UINT64)
                      for key, (name, description) in ATTRIBUTES.items()}
        for r in range(ranks):
            writer = trace.event_writer_from_location(locations[r])
            with open(os.path.join(indir, "rank-%d" % r), encoding="utf-8") as f:
                for line in f:
                    write_event(writer, line.split(), region_of, comm_of, attributes)


def write_event(w, f, region_of, comm_of, attributes):
    kind = f[0]
    t = int(f[1])
    n = [int(x) for x in f[2:] if x.lstrip("-").isdigit()]
    if kind == "enter":
        values = {attributes[k]: int(v) for k, v in (x.split("=") for x in f[3:])}
        w.enter(t, region_of[n[0]], attributes=values or None)
    elif kind == "leave":
        w.leave(t, region_of[n[0]])
    elif kind == "send":
        w.mpi_send(t, n[0], comm_of[n[1]], n[2], n[3])
    elif kind == "isend":
        w.mpi_isend(t, n[0], comm_of[n[1]], n[2], n[3], n[4])
    elif kind == "isend_done":
        w.mpi_isend_complete(t, n[0])
    elif kind == "irecv_req":
        w.mpi_irecv_request(t, n[0])
    elif kind == "recv":
        w.mpi_recv(t, n[0], comm_of[n[1]], n[2], n[3])
    elif kind == "irecv":
        w.mpi_irecv(t, n[0], comm_of[n[1]], n[2], n[3], n[4])
    elif kind == "req_test":
        w.mpi_request_test(t, n[0])
    elif kind == "coll_begin":
        w.mpi_collective_begin(t)
    elif kind == "coll_end":
        w.mpi_collective_end(t, getattr(CollectiveOp, f[2]), comm_of[n[0]], n[1], n[2], n[3])
    elif kind == "nbc_req":
        w.non_blocking_collective_request(t, n[0])
    elif kind == "nbc_done":
        w.non_blocking_collective_complete(t, getattr(CollectiveOp, f[2]), comm_of[n[0]], n[1],
                                           n[2], n[3], n[4])
    elif kind == "comm_create":
        w.comm_create(t, comm_of[n[0]])
    elif kind == "comm_destroy":
        w.comm_destroy(t, comm_of[n[0]])
    else:
        fail("unknown event line: " + " ".join(f))


def main(argv):
    if len(argv) != 4 or argv[1] != "write":
        fail("usage: bg_otf2.py write INDIR OUTDIR")
    try:
        write(argv[2], argv[3])
    except (otf2.error.TraceReaderError, otf2.error.TraceWriterError) as e:
        fail(str(e))
    except Exception as e:  # the library's own errors (_otf2.Error) are not exported by name
        fail("%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    main(sys.argv)
