#!/usr/bin/env bash
# Sets up, builds, and runs every test on every backend available here. Backends that are
# absent are reported as skipped by CTest (CUDA and OpenCL-on-NVIDIA without a GPU); the CUDA
# compile-only tests still run wherever NVRTC is installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
preset="${1:-default}"
./scripts/setup.sh "$preset"
build_dir=build; [[ "$preset" == default ]] || build_dir="build-$preset"
"./$build_dir/bin/rtcg-info"
ctest --preset "$preset" -j "$(nproc)"
# The install as other projects use it: a consumer project built against `cmake --install`'s tree.
./scripts/check-install.sh "$build_dir"
# The parsers that take text from users (argument declarations, templates, substitution) are
# fuzzed for a fixed number of inputs each. The GPU machine has no package registry for clang,
# so there the fuzzers are left to this machine and CI.
if [[ "${CMAKE_PREFIX_PATH:-}" != *"/.devdeps/"* ]]; then
  ./scripts/fuzz.sh "${RTCG_FUZZ_RUNS:-100000}"
fi
# The Conan package, built offline from the Debian packages; the GPU machine has no PyPI for Conan.
if [[ "${CMAKE_PREFIX_PATH:-}" != *"/.devdeps/"* ]]; then
  ./scripts/check-conan.sh
fi
