#!/usr/bin/env bash
# Packs this machine's build for the lent GPU machine, so that the whole test suite runs there
# without building: `scripts/gpu-machine-check.sh carried` runs it.
#
#   scripts/pack-gpu-build.sh [BUILD_DIR]      (default: build)
#
# Leaves .gpubuild (git ignores it; about 25 MB): CTest's files, their paths pointed at .gpubuild,
# every program and library stripped, the spdlog and fmt libraries the programs load, and the
# paths the CTest files and the programs name (this checkout and BUILD_DIR), which the GPU machine
# links to its own copy. Name .gpubuild in the device call's `carry`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
build="$(cd "${1:-build}" && pwd)"
[[ -f "$build/CTestTestfile.cmake" ]] || { echo "pack-gpu-build: $build holds no configured build" >&2; exit 2; }
pack="$root/.gpubuild"
rm -rf "$pack"
mkdir -p "$pack/bin" "$pack/lib"
(cd "$build" && find . -name CTestTestfile.cmake) | while read -r file; do
  mkdir -p "$pack/$(dirname "$file")"
  sed "s|$build|$pack|g" "$build/$file" > "$pack/$file"
done
cp -a "$build"/lib/*.so* "$pack/lib/"
cp -a "$build/lib/rtcg" "$pack/lib/rtcg"
# The versioned name the programs load, and what it links to.
for library in spdlog fmt; do
  # awk reads to the end: exiting at the first match would end ldconfig by SIGPIPE, which
  # pipefail turns into this script's silent exit with the pack half made.
  loaded="$(ldconfig -p | awk -v name="lib$library.so." 'index($1, name) == 1 && !found {print $NF; found = 1}')"
  if [[ -n "$loaded" ]]; then
    cp -a "$loaded" "$(readlink -f "$loaded")" "$pack/lib/"
  else
    echo "pack-gpu-build: lib$library not found; the GPU machine must have it" >&2
  fi
done
find "$build/bin" -maxdepth 1 -type f -executable -exec cp {} "$pack/bin/" \;
find "$pack/bin" "$pack/lib" -type f -exec strip --strip-unneeded {} + 2>/dev/null || true
printf '%s\n%s\n' "$root" "$build" > "$pack/paths"
grep -qx '/.gpubuild/' .git/info/exclude 2>/dev/null || echo '/.gpubuild/' >> .git/info/exclude
du -sh "$pack"
