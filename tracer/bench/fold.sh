#!/usr/bin/env bash
# In-job compression (docs/compression.md): for each rank count, runs samples/mpi stencil2d under
# Open MPI (oversubscribed) traced the default way (the ranks fold their events and merge in
# MPI_Finalize; only trace.bgc is written) and with --raw's per-rank streams but no fold,
# alternating, and prints the tracer's own summary (events, the most a rank spent folding, its
# peak memory, the merge time), the run's wall time and what reached the disk.
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
  for mode in fold raw; do
    rm -rf "$work/tr"
    if [ $mode = fold ]; then env=(-x BENCHGEN_TRACE_FOLD=1 -x BENCHGEN_TRACE_RAW=0); else env=(-x BENCHGEN_TRACE_FOLD=0); fi
    t0=$(date +%s.%N)
    mpirun.openmpi --oversubscribe -np "$np" -x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/tr" \
      "${env[@]}" "$work/bin/stencil2d" "$iters" >/dev/null 2>"$work/err"
    t1=$(date +%s.%N)
    bytes=$(du -sb "$work/tr" | cut -f1)
    summary=$(grep -h 'benchgen-trace: .* ranks folded' "$work/err" | sed 's/benchgen-trace: //' || true)
    printf 'ranks=%-4s %-4s wall %6.2f s  on disk %10s bytes  %s\n' "$np" "$mode" \
      "$(echo "$t1 - $t0" | bc -l)" "$bytes" "$summary"
  done
done
