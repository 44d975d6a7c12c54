#!/usr/bin/env bash
# One-core throughput benchmark of benchgen's compression (docs/benchmarks.md):
#   rsd-compressor/bench/throughput.sh TRACE_DIR [PASSES]
# e.g. bin/benchgen synth stencil3d -n 64 -i 3000 -o /tmp/s3d && rsd-compressor/bench/throughput.sh /tmp/s3d 40
# The whole JVM (JIT and GC threads too) is pinned to one core when taskset is there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -ge 1 ] || { echo "usage: rsd-compressor/bench/throughput.sh TRACE_DIR [PASSES]" >&2; exit 2; }
"$root/bin/benchgen" --version >/dev/null # builds the jar on first use
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
exec "${pin[@]}" java -cp "$root/cli/target/benchgen.jar" "$root/rsd-compressor/bench/Throughput.java" "$@"
