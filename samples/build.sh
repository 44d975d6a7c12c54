#!/usr/bin/env bash
# Builds the MPI programs of samples/mpi once per MPI implementation found, into
# target/mpi/<flavour>/ (Maven calls this, once a build: the MPI integration tests of cli run them
# from there, so no test class builds them again). Like the tracer's build, no MPI at all is not a
# build error: those tests then fail, saying what is missing. make is incremental: a rebuild
# compiles only what changed.
set -euo pipefail
cd "$(dirname "$0")"
jobs=$(nproc 2>/dev/null || echo 2)
built=()
for flavour in openmpi mpich; do
  if cc=$(command -v "mpicc.$flavour") && fc=$(command -v "mpif90.$flavour"); then
    make -s -j"$jobs" -C mpi BUILD="$PWD/target/mpi/$flavour" MPICC="$cc" MPIFC="$fc"
    built+=("$flavour")
  fi
done
# The machine's topology as hwloc sees it, once, for the tests' MPI launches (cli's pom sets
# HWLOC_XMLFILE to it): Open MPI and MPICH then load it instead of discovering it in every rank
# and launcher, a quarter of an empty job's CPU (docs/benchmarks.md, "The test suite"). hwloc
# comes with MPICH (hwloc-nox); where the file is missing, hwloc discovers as usual.
if command -v lstopo-no-graphics >/dev/null; then
  mkdir -p target/mpi
  lstopo-no-graphics --of xml --force target/mpi/topology.xml.tmp && \
    mv target/mpi/topology.xml.tmp target/mpi/topology.xml
fi
if [ ${#built[@]} -eq 0 ]; then
  echo "samples: no mpicc.openmpi/mpif90.openmpi or mpicc.mpich/mpif90.mpich found, so samples/mpi" \
       "is not built; the MPI integration tests need them" >&2
else
  echo "samples: built samples/mpi for ${built[*]} (samples/target/mpi/<flavour>/)"
fi
