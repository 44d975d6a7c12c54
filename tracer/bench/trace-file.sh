#!/usr/bin/env bash
# The final trace file (issue 50): for each program, under Open MPI at 4 ranks (oversubscribed),
# runs interleaved REPS times: untraced (plain mpirun); the library preloaded alone, as
# docs/tracer.md's cluster recipe does (BENCHGEN_TRACE_FOLD=1 BENCHGEN_TRACE_RAW=0); and
# `benchgen trace`. Prints each run's wall and CPU time (user + system of every process,
# /usr/bin/time) and the size of trace.bgc. Then, once a program, the library alone with
# BENCHGEN_TRACE_RAW=1 too, and compares its trace.bgc byte for byte (cmp) with `benchgen
# compress` of the same run's streams: the file that `benchgen trace` leaves as well, since it
# no longer rewrites it.
# Usage: tracer/bench/trace-file.sh REPS PROGRAM...    (e.g. 3 /tmp/npb/bin/cg.S.x /tmp/npb/bin/ft.S.x)
# Build first with mvn -q -pl cli -am -DskipTests package (bin/benchgen then needs no build).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
reps=$1
shift
lib="$root/tracer/target/openmpi/libbenchgen-trace.so"
[ -f "$lib" ] || { echo "build first: mvn -q -pl cli -am -DskipTests package" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=(mpirun -np 4 --oversubscribe)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq "$reps"); do
  for prog in "$@"; do
    name=$(basename "$prog")
    for mode in plain alone trace; do
      out="$work/$mode"
      rm -rf "$out"
      case $mode in
        plain) cmd=("${mpi[@]}" "$prog") ;;
        alone) mkdir -p "$out"
               cmd=("${mpi[@]}" -x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$out"
                    -x BENCHGEN_TRACE_FOLD=1 -x BENCHGEN_TRACE_RAW=0 "$prog") ;;
        trace) cmd=("$root/bin/benchgen" trace -o "$out" -- "${mpi[@]}" "$prog") ;;
      esac
      /usr/bin/time -f "%e %U %S" -o "$work/time" "${cmd[@]}" >/dev/null 2>&1
      read -r wall user sys < "$work/time"
      size=$( [ -f "$out/trace.bgc" ] && stat -c %s "$out/trace.bgc" || echo -)
      printf '%-10s %-5s wall %6.2f s  cpu %5.2f s  trace.bgc %7s bytes\n' "$name" "$mode" \
        "$wall" "$(echo "$user + $sys" | bc -l)" "$size"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for prog in "$@"; do
  name=$(basename "$prog")
  rm -rf "$work/raw"
  mkdir -p "$work/raw"
  "${mpi[@]}" -x LD_PRELOAD="$lib" -x BENCHGEN_TRACE_DIR="$work/raw" -x BENCHGEN_TRACE_FOLD=1 \
    -x BENCHGEN_TRACE_RAW=1 "$prog" >/dev/null 2>&1
  "$root/bin/benchgen" compress -o "$work/compress.bgc" "$work/raw" >/dev/null
  if cmp -s "$work/raw/trace.bgc" "$work/compress.bgc"; then same=same; else same=DIFFERENT; fi
  echo "$name: the library's trace.bgc ($(stat -c %s "$work/raw/trace.bgc") bytes, $(grep -c '^block' \
    "$work/raw/trace.bgc") shared blocks) and benchgen compress of its streams: $same"
done
