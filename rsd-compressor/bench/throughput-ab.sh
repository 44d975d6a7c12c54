#!/usr/bin/env bash
# Compression throughput of two builds side by side, on one core (docs/benchmarks.md):
#   rsd-compressor/bench/throughput-ab.sh TRACE_DIR PASSES JAR_A JAR_B
# e.g. git worktree add /tmp/before <commit> && (cd /tmp/before && mvn -q -DskipTests package)
#      rsd-compressor/bench/throughput-ab.sh /tmp/s3d 32 /tmp/before/cli/target/benchgen.jar cli/target/benchgen.jar
# Prints each pass's rate of A and B and the median ratio B/A after 8 warm-up passes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -eq 4 ] || { echo "usage: rsd-compressor/bench/throughput-ab.sh TRACE_DIR PASSES JAR_A JAR_B" >&2; exit 2; }
for jar in "$3" "$4"; do
  [ -f "$jar" ] || { echo "throughput-ab: $jar: no such jar" >&2; exit 1; }
done
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
exec "${pin[@]}" java "$root/rsd-compressor/bench/ThroughputAB.java" "$@"
