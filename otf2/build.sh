#!/usr/bin/env bash
# Builds bg-otf2-read and bg-otf2-write, the OTF2 bridge's native reader and writer (src/main/c/,
# docs/otf2.md "The bridge"), into target/native/ on libotf2 (Debian: libotf2-trace-dev). Maven
# calls this in the compile phase. Without libotf2's headers it is not a build error: import then
# runs through the Python bridge (bg_otf2.py), and export says what to install.
set -euo pipefail
cd "$(dirname "$0")"
CC="${CC:-cc}"
common=(src/main/c/bg_otf2_common.c src/main/c/bg_otf2.h build.sh)
if ! printf '#include <otf2/otf2.h>\nint main(void){return OTF2_Reader_Open("") != 0;}\n' \
    | "$CC" -x c -o /dev/null - -lotf2 >/dev/null 2>&1; then
  echo "otf2: libotf2's headers or library (otf2/otf2.h, -lotf2) are missing, so bg-otf2-read" \
       "and bg-otf2-write are not built: OTF2 import runs through Python, export is refused;" \
       "install libotf2-trace-dev" >&2
  exit 0
fi
mkdir -p target/native
# build NAME SOURCES...: target/native/NAME from SOURCES and bg_otf2_common.c, unless fresh.
build() {
  local out=target/native/$1
  shift
  local f
  for f in "$@" "${common[@]}"; do
    if ! [ "$out" -nt "$f" ]; then
      # Warnings are errors: the programs handle hostile input, so nothing they do may be
      # doubtful.
      "$CC" -O2 -g -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic -Wshadow \
        -Wformat=2 -Wmissing-prototypes -Werror -o "$out.tmp" \
        $(printf '%s\n' "$@" | grep '\.c$') src/main/c/bg_otf2_common.c -lotf2
      mv "$out.tmp" "$out"
      echo "otf2: built $(basename "$out") (otf2/target/native/)"
      return
    fi
  done
}
build bg-otf2-read src/main/c/bg_otf2_read.c src/main/c/bg_otf2_read_rma_io.c src/main/c/bg_otf2_defs.c \
  src/main/c/bg_otf2_records.h
build bg-otf2-write src/main/c/bg_otf2_write.c src/main/c/bg_otf2_wdefs.c \
  src/main/c/bg_otf2_write.h
