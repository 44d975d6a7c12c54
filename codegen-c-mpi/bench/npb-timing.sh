#!/usr/bin/env bash
# Run time of NAS Parallel Benchmarks (or any MPI program) against the C+MPI benchmark generated
# from its trace (issue 19, docs/benchmarks.md). For each binary: trace it once, generate and build
# its benchmark, then run original and benchmark alternately under the tracer RUNS times. A run's
# time is the sum over ranks of each rank's time from the end of MPI_Init to the start of
# MPI_Finalize (benchgen stats, run_ns); its compute is the time between MPI calls within that
# (compute_ns), its MPI time the rest. Prints medians, each benchmark's error and the mean absolute
# percentage error (MAPE); then the same against the one traced run the benchmark was generated
# from (replay: the generator's own error, without the original's run-to-run spread). With -b N,
# N busy processes (yes > /dev/null) run throughout, the first trace included, so that the
# benchmark replays a loaded run under the same load. Without -b, as other processes come and go
# on a shared machine, each run first waits until they use under a tenth of a core, and a run
# during which they used more than 5 % of a core is made again (at most 10 times; the runs kept
# despite it are counted). Where they never stop, -p NICE (root) runs each traced run, and the busy
# processes, at that scheduling priority (the autogroup nice of the script's session: -20 leaves
# others about 1 % of a core while the ranks run) and neither waits nor checks.
# -c MODE generates with --compute MODE (mean, the default; median, sample, cpu).
# Usage: codegen-c-mpi/bench/npb-timing.sh [-r RUNS=3] [-b BUSY=0] [-p NICE] [-n RANKS=2]
#          [-c MODE=mean] [-w WORKDIR] BINARY...   (Open MPI; NPB built under /tmp, not committed)
# Per-run numbers stay in WORKDIR/NAME.orig, NAME.bench and NAME.traced: run, compute, MPI
# seconds a line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs=3 busy=0 np=2 w=/tmp/bg-npb-timing nice= mode=mean
usage() { sed -n '2,22s/^# \{0,1\}//p' "$0" >&2; exit 2; }
args=("$@")
while getopts r:b:p:n:w:c: o; do
  case $o in
    r) runs=$OPTARG ;; b) busy=$OPTARG ;; p) nice=$OPTARG ;; n) np=$OPTARG ;; w) w=$OPTARG ;;
    c) mode=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
# A priority is its session's (autogroup): the script takes a session of its own for it.
if [ -n "$nice" ] && [ "$(ps -o sid= -p $$ | tr -d ' ')" != $$ ]; then
  exec setsid "$0" "${args[@]}"
fi
priority() { [ -z "$nice" ] || echo "$1" > /proc/self/autogroup; }
bg="$root/bin/benchgen"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rm -rf "$w" && mkdir -p "$w"

pids=()
stop_busy() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; }
trap stop_busy EXIT
for _ in $(seq "$busy"); do
  yes > /dev/null &
  pids+=($!)
done

# The run, compute and MPI seconds of a trace directory, each summed over ranks.
times() {
  "$bg" stats "$1" --format json | python3 -c '
import json, sys
t = json.load(sys.stdin)["time"]
run, comp = sum(r["run_ns"] for r in t) / 1e9, sum(r["compute_ns"] for r in t) / 1e9
print(f"{run:.6f} {comp:.6f} {run - comp:.6f}")'
}
median() {
  sort -g | awk '{v[NR] = $1} END {h = int((NR + 1) / 2); print (v[h] + v[NR + 1 - h]) / 2}'
}
col() { cut -d' ' -f"$1" "$2" | median; }

# Busy clock ticks of the whole machine (user, nice, system, irq, softirq, steal), and the CPU
# ticks of this shell's finished children (a run's every process, waited for).
busy_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }
own_ticks() { awk '{print $16 + $17}' "/proc/$$/stat"; }
hz=$(getconf CLK_TCK)
quiet() {  # waits until other processes used under a tenth of a core for 2 s (at most 5 min)
  local a b
  for _ in $(seq 150); do
    a=$(busy_ticks); sleep 2; b=$(busy_ticks)
    [ $((10 * (b - a))) -lt $((2 * hz)) ] && return
  done
  return 0
}
disturbed=0
run_traced() {
  priority "$nice"
  (cd "$w" && "$bg" trace -o "$1" -- mpirun.openmpi -np "$np" "$2" > "$1.log" 2>&1)
  priority 0
}
traced() {  # traced OUTDIR EXE: run under the tracer (in WORKDIR), print "run compute mpi"
  local try a b c d t0 t1
  for try in $(seq 10); do
    rm -rf "$1"
    if [ "$busy" -gt 0 ] || [ -n "$nice" ]; then
      run_traced "$1" "$2"
      break
    fi
    quiet
    a=$(busy_ticks) c=$(own_ticks) t0=$(date +%s%N)
    run_traced "$1" "$2"
    b=$(busy_ticks) d=$(own_ticks) t1=$(date +%s%N)
    # Others' ticks against 5 % of one core over the run's wall time.
    [ $((100 * (b - a - d + c) * 1000000000)) -le $((5 * (t1 - t0) * hz)) ] && break
    [ "$try" -lt 10 ] || disturbed=$((disturbed + 1))
  done
  times "$1"
}

echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, $np ranks, $runs runs, $busy busy," \
  "--compute $mode," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %10s %10s %8s %10s %10s %10s %10s %10s %8s\n" program "orig s" "bench s" \
  "error %" "orig cmp" "bench cmp" "orig MPI" "bench MPI" "traced s" "replay %"
errors=() replays=()
for exe in "$@"; do
  exe=$(readlink -f "$exe")
  p=$(basename "$exe" .x | tr -c 'A-Za-z0-9_\n' _)
  traced "$w/$p.first" "$exe" > "$w/$p.traced"
  "$bg" generate "$w/$p.first" --lang c-mpi --compute "$mode" -o "$w/$p.gen" --name "$p" \
    > /dev/null
  make -s -C "$w/$p.gen" MPICC=mpicc.openmpi
  for i in $(seq "$runs"); do
    traced "$w/$p.o$i" "$exe" >> "$w/$p.orig"
    traced "$w/$p.b$i" "$w/$p.gen/$p" >> "$w/$p.bench"
  done
  o=$(col 1 "$w/$p.orig") b=$(col 1 "$w/$p.bench")
  t=$(col 1 "$w/$p.traced")
  e=$(python3 -c "print(f'{100 * ($b - $o) / $o:+.1f}')")
  r=$(python3 -c "print(f'{100 * ($b - $t) / $t:+.1f}')")
  errors+=("$e") replays+=("$r")
  printf "%-10s %10.4f %10.4f %8s %10.4f %10.4f %10.4f %10.4f %10.4f %8s\n" "$p" "$o" "$b" "$e" \
    "$(col 2 "$w/$p.orig")" "$(col 2 "$w/$p.bench")" "$(col 3 "$w/$p.orig")" \
    "$(col 3 "$w/$p.bench")" "$t" "$r"
done
mape() {
  python3 -c "
import sys
v = [float(x) for x in sys.argv[2:]]
print(f'{sys.argv[1]}: MAPE {sum(map(abs, v)) / len(v):.1f} % over {len(v)} programs,'
      f' mean signed error {sum(v) / len(v):+.1f} %')" "$@"
}
mape "against the original's runs" "${errors[@]}"
mape "against the traced run (replay)" "${replays[@]}"
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$disturbed runs kept although other processes ran"
