#!/usr/bin/env bash
# In-job compression (docs/compression.md): for each rank count, runs samples/mpi stencil2d under
# Open MPI (oversubscribed), alternating: untraced; traced the default way (the ranks fold their
# events and merge in MPI_Finalize, only trace.bgc is written); and traced into raw per-rank
# streams without folding (what --raw wrote before issue 22). Prints the run's wall time, the
# largest peak memory of a rank (/usr/bin/time's maximum resident set), the bytes written, and
# the tracer's own summary line (events, the most a rank spent folding, the merge time).
# Usage: tracer/bench/fold.sh [iterations] [ranks...]   (default: 200 iterations, 16 64 256 ranks)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
iters=${1:-200}
shift || true
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(16 64 256)
lib="$root/tracer/target/openmpi/libbenchgen-trace.so"
[ -f "$lib" ] || { echo "build the tracer first: mvn -DskipTests install" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "$root/samples/mpi" BUILD="$work/bin" MPICC=mpicc.openmpi MPIFC=mpif90.openmpi stencil2d
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for np in "${ranks[@]}"; do
  for mode in plain fold raw; do
    rm -rf "$work/tr"
    mkdir -p "$work/tr"
    case $mode in
      plain) env=() ;;
      fold) env=(-x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/tr" -x BENCHGEN_TRACE_FOLD=1
                 -x BENCHGEN_TRACE_RAW=0) ;;
      raw) env=(-x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/tr" -x BENCHGEN_TRACE_FOLD=0) ;;
    esac
    t0=$(date +%s.%N)
    mpirun.openmpi --oversubscribe -np "$np" "${env[@]}" /usr/bin/time -f "maxrss_kb=%M" \
      "$work/bin/stencil2d" "$iters" >/dev/null 2>"$work/err"
    t1=$(date +%s.%N)
    bytes=$(find "$work/tr" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')
    rss=$(sed -n 's/^maxrss_kb=//p' "$work/err" | sort -n | tail -1)
    summary=$(grep -h 'ranks folded' "$work/err" | sed 's/benchgen-trace: //' || true)
    printf 'ranks=%-4s %-5s wall %6.2f s  rank peak %6.1f MB  written %10s bytes  %s\n' "$np" \
      "$mode" "$(echo "$t1 - $t0" | bc -l)" "$(echo "$rss / 1024" | bc -l)" "$bytes" "$summary"
  done
done
