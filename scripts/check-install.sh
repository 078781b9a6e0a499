#!/usr/bin/env bash
# Installs a built rtcg into a scratch prefix and checks it as another project meets it:
# - the layout: headers, the libraries, the plug-ins, rtcg-info, the CMake package;
# - the package's version rules (tests/install/check_version_rules.cmake);
# - librtcg.so finds its plug-ins with no environment: rtcg-info is run from the prefix after it
#   was moved and is reached through a symbolic link, and from a directory that holds only a
#   link to librtcg.so;
# - examples/consumer, a project of its own, is configured with find_package(rtcg) against that
#   prefix, built, and run with RTCG_BACKEND=opencl.
#
#   ./scripts/check-install.sh [build dir]   (default: build; run after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${1:-build}"
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$build/CMakeCache.txt")
backends=()
for plugin in "$build/$libdir"/rtcg/plugins/librtcg-*.so; do
  [[ -e "$plugin" ]] && backends+=("$(basename "$plugin" .so | sed 's/^librtcg-//')")
done

[[ " ${backends[*]} " == *" opencl "* ]] || { echo "check-install: needs the OpenCL plug-in in $build" >&2; exit 1; }

work="$build/install-check"
rm -rf "$work" && mkdir -p "$work"
work=$(cd "$work" && pwd)
cmake --install "$build" --prefix "$work/installed" >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }

# A sanitized rtcg (the sanitize preset) needs a sanitized program, run as CTest runs its tests.
consumer_options=()
if grep -q '^RTCG_SANITIZE:BOOL=ON$' "$build/CMakeCache.txt"; then
  consumer_options=(-DCMAKE_CXX_FLAGS="-fsanitize=address,undefined")
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:protect_shadow_gap=0}"
fi

expected=(include/rtcg/rtcg.hpp include/rtcg/codegen/device_struct.hpp include/rtcg/arrays/elementwise.hpp
          include/rtcg/sparse/spmv.hpp include/rtcg/fft/plan.hpp "$libdir/librtcg_sparse.so" "$libdir/librtcg_fft.so"
          "$libdir/librtcg.so" "$libdir/librtcg_codegen.so" "$libdir/librtcg_arrays.so" bin/rtcg-info bin/rtcg-cache
          "$libdir/cmake/rtcg/rtcg-config.cmake" "$libdir/cmake/rtcg/rtcg-config-version.cmake"
          "$libdir/cmake/rtcg/rtcg-targets.cmake" "$libdir/cmake/rtcg/rtcg-plugins.cmake")
for backend in "${backends[@]}"; do expected+=("$libdir/rtcg/plugins/librtcg-$backend.so"); done
# rtcg::distributed and its tool, where MPI was found.
if [[ -e "$build/$libdir/librtcg_distributed.so" ]]; then
  expected+=("$libdir/librtcg_distributed.so" bin/rtcg-transports include/rtcg/distributed/communicator.hpp)
fi
for file in "${expected[@]}"; do
  [[ -e "$work/installed/$file" ]] || fail "the install has no $file"
done
echo "check-install: layout of $work/installed:"
(cd "$work/installed" && find . -type f -o -type l | grep -v '^./include/' | sort | sed 's/^/  /')

cmake -DPACKAGE_DIR="$work/installed/$libdir/cmake/rtcg" -P tests/install/check_version_rules.cmake

# Moved, then reached through a link: nothing may depend on the path it was installed to.
mv "$work/installed" "$work/moved"
ln -s "$work/moved" "$work/linked"
# Only librtcg.so linked into another directory, as into /usr/lib.
mkdir -p "$work/elsewhere/bin" "$work/elsewhere/$libdir"
cp "$work/moved/bin/rtcg-info" "$work/elsewhere/bin/"
soname=$(readelf -d "$work/moved/$libdir/librtcg.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
ln -s "$work/moved/$libdir/$soname" "$work/elsewhere/$libdir/$soname"

for info in "$work/linked/bin/rtcg-info" "$work/elsewhere/bin/rtcg-info"; do
  report=$(env -u RTCG_PLUGIN_PATH RTCG_CACHE_DIR="$work/cache" "$info")
  for backend in "${backends[@]}"; do
    if grep -q "librtcg-$backend.so not found" <<<"$report"; then
      echo "$report" >&2
      fail "$info did not find librtcg-$backend.so"
    fi
  done
  # The consumer below runs on OpenCL too: here it must be usable, not just loaded.
  grep -q "^opencl: available" <<<"$report" || { echo "$report" >&2; fail "$info reports OpenCL unavailable"; }
  echo "check-install: $info finds its plug-ins (${backends[*]})"
done

consumer_build="$work/consumer-build"
cmake -S examples/consumer -B "$consumer_build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/linked" "${consumer_options[@]}" | grep "rtcg"
cmake --build "$consumer_build"
env -u RTCG_PLUGIN_PATH RTCG_BACKEND=opencl RTCG_CACHE_DIR="$work/cache" "$consumer_build/consumer"
echo "check-install: passed"
