#!/usr/bin/env bash
# The lent GPU machine's calls, one stage per call (each must finish within its 10 minutes):
#   tests     set up from .devdeps, build, run the whole test suite on every backend there
#   programs  each test program on the GPU backends directly, for their test counts (it builds
#             first, incrementally on a warm machine); `programs cuda` or
#             `programs opencl:nvidia` runs one backend, so that each fits one call; RTCG_PROGRAMS
#             (names, space-separated) runs those programs only
#   memcheck  CUDA's compute-sanitizer over every test program (builds first)
#   bench     bench/run.sh --no-pocl [--cases=LIST]: rtcg on CUDA and OpenCL on NVIDIA against CuPy and
#             PyTorch
#   matmul    bench/matmul_run.sh: the auto-tuned matmul against cuBLAS
#   carried   the CPU machine's build, packed by scripts/pack-gpu-build.sh and carried as
#             .gpubuild, through CTest without building; `carried -R cuda -j 8` passes CTest
#             its arguments, so that the suite can be split over calls
# Logs go to $OUT.   run: source .devdeps/activate.sh && ./scripts/gpu-machine-check.sh tests
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${OUT:-/tmp/rtcg-gpu-check}"
mkdir -p "$out"
programs=(rtcg-core-tests rtcg-codegen-tests rtcg-arrays-tests rtcg-reduction-tests rtcg-random-tests
          rtcg-scan-tests rtcg-tuning-tests rtcg-misuse-tests rtcg-large-tests rtcg-device-tests rtcg-fft-tests
          rtcg-sparse-tests rtcg-interop-tests rtcg-memory-tests rtcg-image-tests)
[[ -z "${RTCG_PROGRAMS:-}" ]] || read -r -a programs <<< "$RTCG_PROGRAMS"

machine() {
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  echo "OpenCL vendors:"; ls /etc/OpenCL/vendors 2>&1
  cmake --version | head -1; nvcc --version | tail -1
}

tests() {
  machine 2>&1 | tee "$out/machine.txt"
  ./scripts/test.sh 2>&1 | tee "$out/test.log"
}

programs() {
  # Always build: a warm machine keeps the outputs of an earlier call, maybe of older sources.
  ./scripts/setup.sh > "$out/programs-build.log" 2>&1 || { tail -n 40 "$out/programs-build.log"; return 1; }
  local backends=("$@")
  [[ ${#backends[@]} -gt 0 ]] || backends=(cuda opencl:nvidia)
  for backend in "${backends[@]}"; do
    for program in "${programs[@]}"; do
      [[ -x "./build/bin/$program" ]] || continue
      echo "=== $program on $backend"
      local start=$SECONDS
      RTCG_BACKEND=$backend RTCG_CACHE_DIR=/tmp/rtcg-cache "./build/bin/$program" 2>&1 | grep -E "test cases|FAILED|ERROR"
      echo "    ($((SECONDS - start)) s)"
    done
  done 2>&1 | tee -a "$out/per-backend.log"
  # The MPI tests through CTest, which starts their ranks (all on the one GPU here).
  if [[ -x ./build/bin/rtcg-distributed-tests && ( -z "${RTCG_PROGRAMS:-}" || "$RTCG_PROGRAMS" == *distributed* ) ]]; then
    local pattern
    pattern="distributed.*($(IFS='|'; echo "${backends[*]}"))"
    NCCL_NVLS_ENABLE=0 ctest --test-dir build -R "$pattern" 2>&1 | tail -n 25 | tee -a "$out/per-backend.log"
  fi
}

memcheck() {
  # Builds first where no build is (a fresh machine), then runs every test program that launches
  # kernels at once, each under its own sanitizer. The tests provoke driver errors on purpose
  # (unknown kernel names, probing parameters), so API errors are not reported; memory errors
  # and leaks are.
  ./scripts/setup.sh > "$out/memcheck-build.log" 2>&1 || { tail -n 40 "$out/memcheck-build.log"; return 1; }
  for program in "${programs[@]}"; do
    RTCG_BACKEND=cuda RTCG_CACHE_DIR="/tmp/rtcg-memcheck-cache-$program" timeout 420 compute-sanitizer \
      --tool memcheck --leak-check full --report-api-errors no "./build/bin/$program" \
      > "$out/memcheck-$program.log" 2>&1 &
  done
  wait
  for program in "${programs[@]}"; do
    echo "=== memcheck $program"
    grep -E "ERROR SUMMARY|LEAK SUMMARY|test cases" "$out/memcheck-$program.log"
  done
}

carried() {
  # The CTest files and the programs name the packing machine's checkout and build directory:
  # both are made to lead here where they are absent.
  [[ -f .gpubuild/paths ]] || { echo "no .gpubuild here: run scripts/pack-gpu-build.sh and carry .gpubuild" >&2; return 2; }
  local root build
  { read -r root; read -r build; } < .gpubuild/paths
  if [[ ! -e "$root" ]]; then mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"; fi
  if [[ ! -e "$build" ]]; then ln -s "$root/.gpubuild" "$build"; fi
  # Some entries run `cmake -P` by the packing machine's path to it.
  local cmake_path
  cmake_path="$(grep -ho '/[^" ]*/cmake"' .gpubuild/tests/CTestTestfile.cmake | head -n 1 | tr -d '"')"
  if [[ -n "$cmake_path" && ! -e "$cmake_path" ]] && command -v cmake > /dev/null; then
    mkdir -p "$(dirname "$cmake_path")" && ln -s "$(command -v cmake)" "$cmake_path"
  fi
  machine 2>&1 | tee "$out/machine.txt"
  LD_LIBRARY_PATH="$root/.gpubuild/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" NCCL_NVLS_ENABLE=0 \
    ctest --test-dir "$root/.gpubuild" --output-on-failure "$@" > "$out/ctest.log" 2>&1
  local status=$?
  grep -E "Test +#|tests passed|Total Test" "$out/ctest.log" | grep -v " Passed " | tail -n 40
  return $status
}

case "${1:-tests}" in
  tests) tests ;;
  programs) programs "${@:2}" ;;
  memcheck) memcheck ;;
  # The device tool brings back a limited number of files: the bench's results travel as one archive.
  bench) bench/run.sh --no-pocl "${@:2}" "$out/bench"; tar czf "$out/bench.tgz" -C "$out" bench && rm -r "$out/bench" ;;
  matmul) bench/matmul_run.sh "$out/matmul" build ;;
  carried) carried "${@:2}" ;;
  *) echo "usage: $0 tests|programs|memcheck|bench|matmul|carried" >&2; exit 2 ;;
esac
