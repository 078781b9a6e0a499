#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang, ASan and UBSan in build-fuzz/, then runs
# each one for a fixed number of inputs, starting from its seeds in tests/fuzz/corpus/<name>/.
# Exits non-zero on any finding: a crash, a sanitizer report, an uncaught exception, a leak or
# an input slower than 10 s. The input is kept in build-fuzz/findings/<name>/ and libFuzzer
# prints how to replay it. What the fuzzers learn goes to build-fuzz/corpus/<name>/, never to
# the source tree.
#
#   ./scripts/fuzz.sh [runs]   (runs per fuzzer, default 200000)
#
# Debian/Ubuntu, as root: missing packages come from apt, as in setup.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs="${1:-200000}"
if ! [[ "$runs" =~ ^[0-9]+$ ]]; then
  echo "fuzz: usage: $0 [runs per fuzzer]" >&2
  exit 2
fi

# The top-level CMakeLists.txt needs spdlog even though no fuzzer uses it.
packages=(cmake ninja-build clang libclang-rt-14-dev libspdlog-dev)
source scripts/install-packages.sh
install_missing_packages fuzz "${packages[@]}"

build=build-fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DRTCG_BUILD_FUZZERS=ON -DRTCG_BUILD_TESTS=OFF -DRTCG_BUILD_EXAMPLES=OFF \
  -DRTCG_WITH_CUDA=OFF -DRTCG_WITH_OPENCL=OFF -DRTCG_SANITIZE=OFF >/dev/null
cmake --build "$build" --target rtcg-fuzzers -j "$(nproc)"

failed=()
summary=()
for fuzzer in "$build"/fuzzers/*; do
  [[ -x "$fuzzer" && -f "$fuzzer" ]] || continue
  name=$(basename "$fuzzer")
  seeds=tests/fuzz/corpus/$name
  corpus=$build/corpus/$name
  findings=$build/findings/$name
  mkdir -p "$corpus" "$findings"
  options=(-runs="$runs" -max_len=4096 -timeout=10 -artifact_prefix="$findings/" -print_final_stats=1)
  [[ -f tests/fuzz/$name.dict ]] && options+=(-dict="tests/fuzz/$name.dict")
  # New inputs go to the first directory; the seeds are only read.
  inputs=("$corpus")
  [[ -d "$seeds" ]] && inputs+=("$seeds")

  echo "fuzz: $name: $runs runs"
  log=$build/fuzz-$name.log
  start=$(date +%s)
  status=0
  "$fuzzer" "${options[@]}" "${inputs[@]}" >"$log" 2>&1 || status=$?
  seconds=$(($(date +%s) - start))
  done_line=$(grep -E "^Done [0-9]+ runs" "$log" | tail -n 1 || true)
  if ((status != 0)); then
    tail -n 40 "$log" >&2
    echo "fuzz: $name: FINDING (exit status $status); input in $findings/, full log $log" >&2
    failed+=("$name")
    summary+=("$name: FINDING after ${seconds}s")
  else
    summary+=("$name: ${done_line:-done} (${seconds}s wall), corpus $(find "$corpus" -type f | wc -l) inputs")
  fi
done

((${#summary[@]})) || { echo "fuzz: no fuzzers were built in $build/fuzzers" >&2; exit 1; }
printf 'fuzz: %s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings"
