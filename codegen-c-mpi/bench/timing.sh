#!/usr/bin/env bash
# Run time of each samples/mpi program against its generated C+MPI benchmark (docs/benchmarks.md).
# Both are run under the tracer, RUNS times each; a run's time is the slowest rank's time from the
# end of MPI_Init to the start of MPI_Finalize (benchgen stats, run_ns). Prints medians, the error
# of each benchmark and their mean absolute percentage error, then compute_bound with
# --compute-scale 0.5 against the time that scale predicts (the original's minus half its compute).
# Usage: codegen-c-mpi/bench/timing.sh [RUNS=5] [WORKDIR=/tmp/bg-timing]   (Open MPI, 2 ranks:
# one per core on the 2-core machine, as more would time the scheduler). Run it on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs=${1:-5}
w=${2:-/tmp/bg-timing}
bg="$root/bin/benchgen"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rm -rf "$w" && mkdir -p "$w"
make -s -C "$root/samples/mpi" BUILD="$w/bin" MPICC=mpicc.openmpi MPIFC=mpif90.openmpi

# The slowest rank's run time (s) and the mean compute time over ranks (s) of a trace directory.
times() {
  "$bg" stats "$1" --format json | python3 -c '
import json, sys
t = json.load(sys.stdin)["time"]
print(max(r["run_ns"] for r in t) / 1e9, sum(r["compute_ns"] for r in t) / len(t) / 1e9)'
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
traced() {  # traced OUTDIR NP EXE ARGS...: run under the tracer, print "run compute"
  local out=$1 np=$2; shift 2
  rm -rf "$out"
  "$bg" trace -o "$out" -- mpirun.openmpi --oversubscribe -np "$np" "$@" > "$out.log" 2>&1
  times "$out"
}

printf "%-18s %5s %12s %12s %8s\n" program ranks "original s" "benchmark s" "error %"
errors=()
# Iterations raised so that each run lasts a tenth of a second or more: at the defaults most
# programs run for milliseconds, where scheduling noise is the error.
for spec in "ring 2 2000" "stencil2d 2 1000" "nested_loops 2 500" "split_collectives 2 2000" \
    "wildcard 2 1000" "comm_split 2 500" "vcollectives 2 1000" "nonblocking_coll 2 2000" \
    "edge_cases 2 500" "ring_f90 2 2000" "pingpong 2 20000" "ringbench 2 20000" \
    "compute_bound 2"; do
  set -- $spec
  p=$1 np=$2; shift 2
  traced "$w/$p.first" "$np" "$w/bin/$p" "$@" > /dev/null
  "$bg" generate "$w/$p.first" --lang c-mpi -o "$w/$p.gen" --name "$p" > /dev/null
  make -s -C "$w/$p.gen"
  for i in $(seq "$runs"); do
    traced "$w/$p.o$i" "$np" "$w/bin/$p" "$@" >> "$w/$p.orig"
    traced "$w/$p.b$i" "$np" "$w/$p.gen/$p" >> "$w/$p.bench"
  done
  o=$(cut -d' ' -f1 "$w/$p.orig" | median)
  b=$(cut -d' ' -f1 "$w/$p.bench" | median)
  e=$(python3 -c "print(f'{100 * ($b - $o) / $o:+.1f}')")
  errors+=("$e")
  printf "%-18s %5s %12.4f %12.4f %8s\n" "$p" "$np" "$o" "$b" "$e"
done
python3 -c "import sys; v = [abs(float(x)) for x in sys.argv[1:]]; print(f'mean absolute percentage error: {sum(v) / len(v):.1f} % over {len(v)} programs')" "${errors[@]}"

# --compute-scale 0.5 on the compute-dominated program.
for i in $(seq "$runs"); do
  rm -rf "$w/cs$i"
  "$bg" trace -o "$w/cs$i" -- mpirun.openmpi --oversubscribe -np 2 \
    "$w/compute_bound.gen/compute_bound" --compute-scale 0.5 > "$w/cs$i.log" 2>&1
  times "$w/cs$i" >> "$w/cs.half"
done
o=$(cut -d' ' -f1 "$w/compute_bound.orig" | median)
oc=$(cut -d' ' -f2 "$w/compute_bound.orig" | median)
h=$(cut -d' ' -f1 "$w/cs.half" | median)
hc=$(cut -d' ' -f2 "$w/cs.half" | median)
python3 -c "
o, oc, h, hc = $o, $oc, $h, $hc
want = o - 0.5 * oc
print(f'compute_bound --compute-scale 0.5: run {h:.4f} s (predicted {want:.4f} s: {100 * (h - want) / want:+.1f} %),'
      f' compute {hc:.4f} s against {oc:.4f} s unscaled ({hc / oc:.2f}x)')"
