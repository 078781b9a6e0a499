#!/usr/bin/env bash
# One call on the lent GPU machine: set up from .devdeps, build, run the whole test suite on
# every backend there, then each per-backend program directly (for its test counts), the twice
# demo on each backend, and CUDA's memcheck over the core and codegen tests. Logs go to $OUT.
#   run: source .devdeps/activate.sh && ./scripts/gpu-machine-check.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${OUT:-/tmp/rtcg-gpu-check}"
mkdir -p "$out"

{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  echo "OpenCL vendors:"; ls /etc/OpenCL/vendors 2>&1
  cmake --version | head -1; nvcc --version | tail -1
} 2>&1 | tee "$out/machine.txt"

./scripts/test.sh 2>&1 | tee "$out/test.log"

for backend in cuda opencl:nvidia opencl:pocl; do
  for program in ./build/bin/rtcg-core-tests ./build/bin/rtcg-codegen-tests ./build/bin/rtcg-arrays-tests; do
    [[ -x "$program" ]] || continue
    echo "=== $(basename "$program") on $backend"
    RTCG_BACKEND=$backend RTCG_CACHE_DIR=/tmp/rtcg-cache "$program" 2>&1 | tail -3
  done
  echo "=== twice on $backend"
  RTCG_BACKEND=$backend ./build/bin/twice 2>&1 | tail -5
done 2>&1 | tee "$out/per-backend.log"

if command -v compute-sanitizer >/dev/null; then
  # The tests provoke driver errors on purpose (unknown kernel names, probing parameters), so
  # API errors are not reported; memory errors and leaks are.
  for program in rtcg-core-tests rtcg-codegen-tests; do
    RTCG_BACKEND=cuda RTCG_CACHE_DIR=/tmp/rtcg-memcheck-cache compute-sanitizer --tool memcheck \
      --leak-check full --report-api-errors no "./build/bin/$program" > "$out/memcheck-$program.log" 2>&1
    echo "=== memcheck $program"
    grep -E "ERROR SUMMARY|LEAK SUMMARY|test cases" "$out/memcheck-$program.log"
  done
fi
