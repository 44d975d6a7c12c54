#!/usr/bin/env python3
# An independent check of `benchgen stats --waits` on a trace directory (docs/resolve.md): computes
# late sender and collective wait without benchgen's matching simulation, for traces of blocking
# and nonblocking point-to-point calls on the world communicator (the k-th receive from a source
# and tag matches the k-th send, recorded sources kept) and world collectives.
# Usage: check-waits.py TRACE_DIR > mine.csv, then compare with
#   bin/benchgen stats TRACE_DIR --waits --format csv \
#     | awk -F, 'NR>1 && ($5>0 || $6>0) {print $1","$2","$5","$6}'
# (both sorted). Prints rank,op,late_sender_ns,collective_wait_ns for calls with some waiting.
import sys, glob, re, collections
d = sys.argv[1]
ranks = {}
for f in glob.glob(d + "/rank-*.trace"):
    r = int(re.search(r"rank-(\d+)", f).group(1))
    ev = []
    for line in open(f):
        if line.startswith("#") or not line.startswith("MPI_"): continue
        parts = line.split()
        kv = dict(p.split("=", 1) for p in parts[1:])
        ev.append((parts[0], kv))
    ranks[r] = ev
sends = collections.defaultdict(list)   # (src, dst, tag) -> send enters in order
for r, ev in ranks.items():
    for op, kv in ev:
        if op in ("MPI_Send", "MPI_Isend"):
            sends[(r, int(kv["dest"]), int(kv["tag"]))].append(int(kv["enter"]))
used = collections.Counter()
late = collections.defaultdict(int)
coll = collections.defaultdict(int)
colls = collections.defaultdict(list)  # rank -> [(op, enter, exit)]
for r in sorted(ranks):
    reqs = {}
    for op, kv in ranks[r]:
        enter, exit_ = int(kv["enter"]), int(kv["exit"])
        if op in ("MPI_Recv", "MPI_Irecv"):
            src = int(kv["asrc"]) if kv["src"] == "ANY_SOURCE" else int(kv["src"])
            tag = int(kv.get("atag", kv["tag"])) if kv["tag"] == "ANY_TAG" else int(kv["tag"])
            key = (src, r, tag)
            s = sends[key][used[key]]; used[key] += 1
            if op == "MPI_Recv":
                late[(r, op)] += max(0, min(exit_, s) - enter)
            else:
                reqs[kv["req"]] = s
        elif op == "MPI_Wait":
            if kv["req"] in reqs:
                s = reqs.pop(kv["req"])
                late[(r, op)] += max(0, min(exit_, s) - enter)
        elif op in ("MPI_Allreduce", "MPI_Barrier", "MPI_Bcast", "MPI_Finalize", "MPI_Reduce"):
            colls[r].append((op, enter, exit_))
n = len(colls[0])
for i in range(n):
    last = max(colls[r][i][1] for r in ranks)
    for r in ranks:
        op, enter, exit_ = colls[r][i]
        coll[(r, op)] += max(0, min(exit_, last) - enter)
keys = sorted(set(late) | set(coll), key=lambda k: (k[0], k[1]))
for k in keys:
    if late[k] or coll[k]:
        print("%d,%s,%d,%d" % (k[0], k[1], late[k], coll[k]))
