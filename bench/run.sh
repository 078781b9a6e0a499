#!/usr/bin/env bash
# The whole benchmark in one command (bench/README.md):
#
#   bench/run.sh [--quick] [--no-pocl] [--cases=LIST] OUT_DIR
#
# builds rtcg-bench (in build/ when that is configured, else in build-bench/), runs it on every
# backend present (CUDA, OpenCL on NVIDIA, PoCL with smaller sizes), runs peers.py (CuPy,
# PyTorch) and report.py, and leaves in OUT_DIR: one CSV per system, results.csv, results.md,
# bandwidth.png, device.txt and a log per step. Every step has a time limit, and a step that
# fails or is absent is reported and skipped, never fatal: whatever was measured is reported.
# --no-pocl leaves the CPU run out, so that the GPU systems fit one call of the lent GPU machine;
# --cases=copy,transpose,... runs those case groups only (rtcg-bench's and peers.py's names).
# Exit status: 0 when every step that could run succeeded, 1 otherwise.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

quick=()
cases=()
with_pocl=1
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --quick) quick=(--quick) ;;
    --no-pocl) with_pocl=0 ;;
    --cases=*) cases=("$1") ;;
    *) echo "bench/run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [[ $# -ne 1 ]]; then
  echo "usage: bench/run.sh [--quick] [--no-pocl] [--cases=LIST] OUT_DIR" >&2
  exit 2
fi
mkdir -p "$1" || exit 2
out="$(cd "$1" && pwd)"

# Time limits, in seconds: a normal run of each step takes well under its limit, so that the
# whole run stays near 6 minutes on an H100 or H200. PoCL runs on the CPU: it stops at 2^20.
build_limit=900
gpu_limit=150
pocl_limit=120
pocl_max_log2=20
peers_limit=180
if [[ ${#quick[@]} -gt 0 ]]; then pocl_max_log2=14; fi

status=0
step() { echo "== $*" >&2; }
# Runs "$@" under `timeout`, its output to the terminal and to LOG; returns its status.
limited() {
  local limit=$1 log=$2; shift 2
  timeout --kill-after=10 "$limit" "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}
# What a step's status means: 77 is "not available here".
report_status() {
  local what=$1 code=$2
  case "$code" in
    0) ;;
    77) echo "-- $what: not available here (skipped)" >&2 ;;
    124|137) echo "-- $what: ran past its time limit and was stopped; its CSV keeps what it measured" >&2; status=1 ;;
    *) echo "-- $what: failed with status $code (see its log)" >&2; status=1 ;;
  esac
}

# The GPU machine has no package registry: its build dependencies come packed in .devdeps/.
if [[ -f "$root/.devdeps/activate.sh" && -z "${CMAKE_PREFIX_PATH:-}" ]]; then
  # shellcheck disable=SC1091
  source "$root/.devdeps/activate.sh"
fi

step "build"
# RTCG_BENCH_BUILD_DIR chooses the build directory; by default build/ when it is configured.
if [[ -n "${RTCG_BENCH_BUILD_DIR:-}" ]]; then
  build="$(cd "$root" && mkdir -p "$RTCG_BENCH_BUILD_DIR" && cd "$RTCG_BENCH_BUILD_DIR" && pwd)"
elif [[ -f "$root/build/CMakeCache.txt" ]]; then
  build="$root/build"
else
  build="$root/build-bench"
fi
: > "$out/build.log"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >> "$out/build.log" 2>&1 ||
    { echo "configure failed: see $out/build.log" >&2; exit 1; }
fi
# RTCG_BUILD_BENCH is ON by default; a build directory configured before bench/ existed gets it
# when CMake reruns, and one configured with it OFF is switched on here.
if ! grep -q '^RTCG_BUILD_BENCH:BOOL=ON' "$build/CMakeCache.txt"; then
  cmake "$build" -DRTCG_BUILD_BENCH=ON >> "$out/build.log" 2>&1
fi
if ! timeout "$build_limit" cmake --build "$build" --target rtcg-bench rtcg-info -j "$(nproc)" >> "$out/build.log" 2>&1; then
  echo "build failed: see $out/build.log" >&2
  tail -n 30 "$out/build.log" >&2
  exit 1
fi
bench="$build/bin/rtcg-bench"

step "device"
{
  date -u +"date: %Y-%m-%dT%H:%M:%SZ"
  echo "command: bench/run.sh ${quick[*]}$([[ $with_pocl -eq 0 ]] && echo " --no-pocl") ${cases[*]} $1"
  echo "host: $(uname -srm), $(nproc) CPUs"
  command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  timeout 60 "$build/bin/rtcg-info"
} > "$out/device.txt" 2>&1
cat "$out/device.txt" >&2

# Each backend in a process of its own, with its own disk cache for the compile cases' parent
# (the compile probes use fresh temporary caches of their own).
run_backend() {
  local selector=$1 system=$2 limit=$3; shift 3
  step "rtcg-bench on $selector"
  RTCG_BACKEND="$selector" RTCG_CACHE_DIR="$out/cache-$system" \
    limited "$limit" "$out/$system.log" "$bench" "${quick[@]}" "${cases[@]}" --system="$system" --csv="$out/$system.csv" "$@"
  report_status "rtcg-bench on $selector" $?
}
run_backend cuda rtcg-cuda "$gpu_limit"
run_backend opencl:nvidia rtcg-opencl-nvidia "$gpu_limit"
if [[ $with_pocl -eq 1 ]]; then
  run_backend opencl:pocl rtcg-opencl-pocl "$pocl_limit" --max-log2="$pocl_max_log2"
fi

step "peers (CuPy, PyTorch)"
limited "$peers_limit" "$out/peers.log" python3 "$root/bench/peers.py" "${quick[@]}" "${cases[@]}" --csv="$out/peers.csv"
report_status "peers.py" $?
if [[ $with_pocl -eq 1 ]]; then
  step "CPU peer (NumPy's FFT, against PoCL on the same processor)"
  limited "$pocl_limit" "$out/numpy.log" python3 "$root/bench/peers.py" "${quick[@]}" "${cases[@]}" --peers=numpy \
    --max-log2="$pocl_max_log2" --csv="$out/numpy.csv"
  report_status "peers.py --peers=numpy" $?
fi

step "report"
csvs=()
for f in "$out"/rtcg-*.csv "$out"/peers.csv "$out"/numpy.csv; do [[ -s "$f" ]] && csvs+=("$f"); done
if [[ ${#csvs[@]} -eq 0 ]]; then
  echo "no measurements to report" >&2
  exit 1
fi
python3 "$root/bench/report.py" "$out" "${csvs[@]}" > "$out/report.log" 2>&1
report_status "report.py" $?
cat "$out/report.log"
rm -rf "$out"/cache-*
echo "results in $out" >&2
exit "$status"
