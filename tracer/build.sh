#!/usr/bin/env bash
# Builds libbenchgen-trace.so once per MPI implementation found, into target/<flavour>/ (Maven calls
# this; `benchgen trace` picks the flavour of the launcher). Debian installs Open MPI's and MPICH's
# compilers side by side as mpicc.openmpi and mpicc.mpich; elsewhere the plain mpicc is asked which
# one it is. No MPI at all is not a build error: benchgen works on traces without it.
# Its argument, from Maven: the classpath of StringTemplate, with which make generates the wrappers
# of the signature table (Makefile, ST4_CLASSPATH).
set -euo pipefail
cd "$(dirname "$0")"
export ST4_CLASSPATH="${1:-${ST4_CLASSPATH:-}}"
built=()
for flavour in openmpi mpich; do
  if cc=$(command -v "mpicc.$flavour"); then
    make -s BUILD="target/$flavour" MPICC="$cc"
    built+=("$flavour")
  fi
done
if [ ${#built[@]} -eq 0 ] && cc=$(command -v mpicc); then
  if "$cc" -showme:version >/dev/null 2>&1; then flavour=openmpi; else flavour=mpich; fi
  make -s BUILD="target/$flavour" MPICC="$cc"
  built+=("$flavour")
fi
if [ ${#built[@]} -eq 0 ]; then
  echo "tracer: no MPI C compiler (mpicc) found, so libbenchgen-trace.so is not built;" \
       "install openmpi-bin libopenmpi-dev (or mpich libmpich-dev) to trace applications" >&2
else
  echo "tracer: built libbenchgen-trace.so for ${built[*]} (tracer/target/<flavour>/)"
fi
