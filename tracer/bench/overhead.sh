#!/usr/bin/env bash
# Tracer overhead per wrapped call: runs samples/mpi pingpong (2 ranks), ringbench (4 ranks) and
# null_calls.c here (1 rank, Isend+Wait to MPI_PROC_NULL: the tracer's cost alone) with and without
# the tracer under Open MPI, and with the tracer recording CPU time (trace --cpu-time), alternating,
# and prints the median ns per MPI call of each and the differences.
# Usage: tracer/bench/overhead.sh [runs] [iterations]   (CASES="null_calls 1" to run fewer)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=${1:-7}
iters=${2:-200000}
lib="$root/tracer/target/openmpi/libbenchgen-trace.so"
[ -f "$lib" ] || { echo "build the tracer first: mvn -DskipTests install" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "$root/samples/mpi" BUILD="$work/bin" MPICC=mpicc.openmpi MPIFC=mpif90.openmpi pingpong ringbench
mpicc.openmpi -O2 -g -o "$work/bin/null_calls" "$root/tracer/bench/null_calls.c"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
IFS=, read -r -a cases <<<"${CASES:-null_calls 1,pingpong 2,ringbench 2,ringbench 4}"
for case in "${cases[@]}"; do
  set -- $case
  prog=$1 np=$2
  : >"$work/plain"; : >"$work/traced"; : >"$work/cpu"
  for i in $(seq "$runs"); do
    mpirun.openmpi --oversubscribe -np "$np" "$work/bin/$prog" "$iters" \
      | sed -n 's/.* ns_per_call=\([0-9.]*\).*/\1/p' >>"$work/plain"
    rm -rf "$work/tr"
    mpirun.openmpi --oversubscribe -np "$np" -x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/tr" \
      "$work/bin/$prog" "$iters" | sed -n 's/.* ns_per_call=\([0-9.]*\).*/\1/p' >>"$work/traced"
    rm -rf "$work/tr"
    mpirun.openmpi --oversubscribe -np "$np" -x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/tr" \
      -x BENCHGEN_TRACE_CPU=1 "$work/bin/$prog" "$iters" \
      | sed -n 's/.* ns_per_call=\([0-9.]*\).*/\1/p' >>"$work/cpu"
  done
  p=$(median <"$work/plain"); t=$(median <"$work/traced"); c=$(median <"$work/cpu")
  events=$(grep -c '^MPI_' "$work/tr/rank-0.trace")
  printf '%-10s ranks=%s calls/rank=%s  plain %8.1f ns/call  traced %8.1f ns/call  overhead %6.1f ns/call  with CPU time %8.1f ns/call, overhead %6.1f  (runs: plain %s | traced %s | cpu %s)\n' \
    "$prog" "$np" "$events" "$p" "$t" "$(echo "$t - $p" | bc -l)" "$c" "$(echo "$c - $p" | bc -l)" \
    "$(paste -sd' ' "$work/plain")" "$(paste -sd' ' "$work/traced")" "$(paste -sd' ' "$work/cpu")"
done
