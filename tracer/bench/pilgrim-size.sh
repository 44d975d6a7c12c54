#!/usr/bin/env bash
# Trace size against Pilgrim (issue 21, docs/benchmarks.md): traces NPB class S programs and three
# small programs with `benchgen trace` (trace.bgc, folded in the job) and, where given, with
# Pilgrim's default mode (LD_PRELOAD of libpilgrim.so; its pilgrim-logs/ files), one MPI job at a
# time, and prints both sizes, their ratio, the .bgc's bytes by line kind and the 4 -> 16 ranks
# growth. Neither NPB nor Pilgrim is part of benchgen: build them under /tmp (docs/benchmarks.md
# says how), never in the repository.
# Usage: NPB_BIN=DIR [PILGRIM_LIB=.../libpilgrim.so] tracer/bench/pilgrim-size.sh [OUT]
#   NPB_BIN holds cg.S.x lu.S.x mg.S.x bt.S.x sp.S.x ft.S.x ep.S.x is.S.x (NPB 3.4 MPI, any
#   rank count); without it only the small programs run. OUT (default a temporary directory)
#   keeps the traces. Open MPI, oversubscribed (and allowed to run as root, as in fold.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bg="$root/bin/benchgen"
out=${1:-$(mktemp -d)}
mkdir -p "$out/bin"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
make -s -C "$root/samples/mpi" BUILD="$out/bin" MPICC=mpicc.openmpi MPIFC=mpif90.openmpi stencil2d
for p in wavefront master_worker; do
  mpicc.openmpi -O2 -std=c99 -Wall -o "$out/bin/$p" "$root/tracer/bench/$p.c"
done
cases=()
if [ -n "${NPB_BIN:-}" ]; then
  for k in cg lu mg bt sp ft ep is; do cases+=("$k.S 4 $NPB_BIN/$k.S.x"); done
  for k in cg lu mg; do cases+=("$k.S 16 $NPB_BIN/$k.S.x"); done
fi
for np in 4 16; do
  cases+=("stencil2d $np $out/bin/stencil2d" "wavefront $np $out/bin/wavefront 100"
          "master_worker $np $out/bin/master_worker 200")
done
printf '%-14s %5s %9s %9s %8s   %s\n' program ranks bgc_B pilgrim_B bgc/pil \
  "bytes by line kind: compute duration call loop other"
for c in "${cases[@]}"; do
  read -r name np exe args <<<"$c"
  dir="$out/bg-$name-$np"
  rm -rf "$dir"
  if ! "$bg" trace -o "$dir" -- mpirun.openmpi --oversubscribe -np "$np" "$exe" $args \
      >"$out/$name-$np.log" 2>&1; then
    echo "pilgrim-size: benchgen trace of $name at $np ranks failed; see $out/$name-$np.log" >&2
    exit 1
  fi
  bgc=$(stat -c %s "$dir/trace.bgc")
  pil=-
  if [ -n "${PILGRIM_LIB:-}" ]; then
    pdir="$out/pilgrim-$name-$np"
    rm -rf "$pdir" && mkdir -p "$pdir"
    (cd "$pdir" && mpirun.openmpi --oversubscribe -np "$np" -x LD_PRELOAD="$PILGRIM_LIB" "$exe" \
      $args >"$out/pilgrim-$name-$np.log" 2>&1) || { echo "pilgrim-size: Pilgrim run of $name" \
      "at $np ranks failed; see $out/pilgrim-$name-$np.log" >&2; exit 1; }
    pil=$(find "$pdir/pilgrim-logs" -maxdepth 1 -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
  fi
  kinds=$(awk '{k=$1; if (k ~ /^MPI_/) k="call"; else if (k=="loop" || k=="}") k="loop";
      else if (k!="compute" && k!="duration") k="other"; b[k]+=length($0)+1}
      END {printf "%d %d %d %d %d", b["compute"], b["duration"], b["call"], b["loop"], b["other"]}' \
      "$dir/trace.bgc")
  ratio=$([ "$pil" = - ] && echo - || awk -v a="$bgc" -v b="$pil" 'BEGIN {printf "%.2f", a / b}')
  printf '%-14s %5s %9s %9s %8s   %s\n' "$name" "$np" "$bgc" "$pil" "$ratio" "$kinds"
  echo "$name $np $bgc $pil" >>"$out/sizes"
done
echo
echo "4 -> 16 ranks (benchgen, Pilgrim):"
awk '{b[$1" "$2]=$3; p[$1" "$2]=$4; n[$1]=1}
  END {for (k in n) if (b[k" 4"] && b[k" 16"]) printf "  %-14s %.2fx %s\n", k, b[k" 16"] / b[k" 4"],
       (p[k" 4"] != "-" ? sprintf("%.2fx", p[k" 16"] / p[k" 4"]) : "-")}' "$out/sizes" | sort
rm -f "$out/sizes"
