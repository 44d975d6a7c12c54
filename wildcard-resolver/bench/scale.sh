#!/usr/bin/env bash
# Issue 50's pipeline-at-scale measurements (docs/benchmarks.md, "Issue 50, second step"): resolve
# and generate of synth stencil3d at 4,096 ranks (100 and 10,000 iterations) and at 65,536 ranks
# (synth writing the compressed trace itself), each pinned to one core, CPU time and peak memory
# from /usr/bin/time. Pass two jars to compare them interleaved, run by run:
#   wildcard-resolver/bench/scale.sh OLD.jar NEW.jar     (default: cli/target/benchgen.jar alone)
# The JVM flags are bin/benchgen's; BENCH_FLAGS_1, BENCH_FLAGS_2 (set, even empty) override them per jar.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jars=("${@:-$root/cli/target/benchgen.jar}")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flags_of() { # index -> JVM flags
  local v="BENCH_FLAGS_$(($1 + 1))"
  echo "${!v--XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
}
# Whether a jar's synth writes .bgc files (before, it would write 65,536 streams there).
direct() { java -jar "$1" synth --help | grep -q 'FILE.bgc'; }
maker="${jars[${#jars[@]}-1]}"
direct "$maker" || { echo "scale.sh: the last jar must be one whose synth writes .bgc" >&2; exit 2; }
# The inputs, made once with the last jar: 100 iterations, the same with its outer loop x100,
# and 65,536 ranks written directly.
java -jar "$maker" synth stencil3d -n 4096 -i 100 -o "$work/s4096" >/dev/null
java -jar "$maker" compress "$work/s4096" -o "$work/s4096.bgc" >/dev/null
sed 's/^loop trips=10 {$/loop trips=1000 {/' "$work/s4096.bgc" > "$work/s4096-10k.bgc"
java -jar "$maker" synth stencil3d -n 65536 -o "$work/s65536.bgc" >/dev/null
run() { # label jar flags args...
  local label=$1 jar=$2 flags=$3
  shift 3
  rm -rf "$work/out" "$work/out.bgc"
  # shellcheck disable=SC2086
  /usr/bin/time -f "$label: %U s user, %S s system, %M kB peak" taskset -c 1 \
    java $flags -jar "$jar" "$@" >/dev/null
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in 1 2; do
  for i in "${!jars[@]}"; do
    j="${jars[$i]}"
    f="$(flags_of "$i")"
    run "[$round] $(basename "$j") resolve 4096x100" "$j" "$f" resolve "$work/s4096.bgc" -o "$work/out.bgc"
    run "[$round] $(basename "$j") generate 4096x100" "$j" "$f" generate "$work/s4096.bgc" --lang c-mpi -o "$work/out"
    run "[$round] $(basename "$j") resolve 4096x10000" "$j" "$f" resolve "$work/s4096-10k.bgc" -o "$work/out.bgc"
    run "[$round] $(basename "$j") generate 4096x10000" "$j" "$f" generate "$work/s4096-10k.bgc" --lang c-mpi -o "$work/out"
    if direct "$j"; then
      run "[$round] $(basename "$j") synth 65536 -o x.bgc" "$j" "$f" synth stencil3d -n 65536 -o "$work/out.bgc"
    fi
    run "[$round] $(basename "$j") generate 65536" "$j" "$f" generate "$work/s65536.bgc" --lang c-mpi -o "$work/out"
  done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
