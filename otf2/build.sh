#!/usr/bin/env bash
# Builds bg-otf2-read, the OTF2 bridge's native reader (src/main/c/, docs/otf2.md "The
# bridge"), into target/native/ on libotf2 (Debian: libotf2-trace-dev). Maven calls this in the
# compile phase. Without libotf2's headers it is not a build error: import then runs through the
# Python bridge (bg_otf2.py), as before.
set -euo pipefail
cd "$(dirname "$0")"
CC="${CC:-cc}"
src=(src/main/c/bg_otf2_read.c src/main/c/bg_otf2_defs.c src/main/c/bg_otf2_common.c)
out=target/native/bg-otf2-read
if ! printf '#include <otf2/otf2.h>\nint main(void){return OTF2_Reader_Open("") != 0;}\n' \
    | "$CC" -x c -o /dev/null - -lotf2 >/dev/null 2>&1; then
  echo "otf2: libotf2's headers or library (otf2/otf2.h, -lotf2) are missing, so bg-otf2-read" \
       "is not built and OTF2 import runs through Python; install libotf2-trace-dev" >&2
  exit 0
fi
fresh=1
for f in "${src[@]}" src/main/c/bg_otf2.h build.sh; do
  [ "$out" -nt "$f" ] || fresh=0
done
if [ $fresh -eq 1 ]; then
  exit 0
fi
mkdir -p target/native
# Warnings are errors: the reader handles hostile archives, so nothing it does may be doubtful.
"$CC" -O2 -g -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 \
  -Wmissing-prototypes -Werror -o "$out.tmp" "${src[@]}" -lotf2
mv "$out.tmp" "$out"
echo "otf2: built bg-otf2-read (otf2/target/native/)"
