#!/usr/bin/env bash
# Installs what rtcg needs to build and run its tests, skipping what is already there, then
# configures and builds. Sourced by demo.sh and test.sh; usable alone: ./scripts/setup.sh [preset]
#
# Debian/Ubuntu, as root: missing packages come from apt. On the GPU machine (no package
# registry) source .devdeps/activate.sh first: then apt is not used at all.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
preset="${1:-default}"

packages=(cmake ninja-build g++ pkg-config libspdlog-dev doctest-dev
          ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
          libopenmpi-dev openmpi-bin   # rtcg::distributed and its tests under mpiexec
          doxygen)   # the API reference (check-docs.sh); the build does not need it

# Boost.PFR (header-only) arrived in Boost 1.75: Debian 12's default libboost-dev is 1.74 and
# conflicts with 1.81, so ask for the 1.81 headers unless PFR is already there.
[[ -e /usr/include/boost/pfr.hpp ]] || packages+=(libboost1.81-dev)
source scripts/install-packages.sh
install_missing_packages setup "${packages[@]}"

# The CUDA Toolkit is not a Debian package here; without it the CUDA plug-in is left out (the
# build says so) and everything else works.
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
