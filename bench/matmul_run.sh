#!/usr/bin/env bash
# The auto-tuned matmul against cuBLAS SGEMM (FP32, no TF32) on the GPU machine:
#   bench/matmul_run.sh OUT_DIR [BUILD_DIR]        (BUILD_DIR defaults to build)
# Runs examples/matmul in benchmark mode on CUDA and on OpenCL on the NVIDIA GPU, with a fresh
# tuning database in OUT_DIR (so the time includes tuning: once for the large class at 4096,
# reused for 8192 and 2048, and once for 1024), then bench/matmul_peers.py, and prints one
# table with the ratio to cuBLAS. Every step has a time limit; the whole run takes at most about
# five minutes. Outputs in OUT_DIR: matmul-<backend>.csv and .log, peers.csv and .log, table.md.
set -uo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 OUT_DIR [BUILD_DIR]" >&2
  exit 2
fi
out=$1
build=${2:-build}
here=$(cd "$(dirname "$0")" && pwd)
# Overridable to try the script elsewhere (MATMUL_BACKENDS=opencl:pocl MATMUL_SIZES=96,200).
sizes=${MATMUL_SIZES:-4096,8192,2048,1024}   # 4096 first: it tunes the large class the others reuse
backends=${MATMUL_BACKENDS:-cuda opencl:nvidia}
budget=${MATMUL_BUDGET:-40}
mkdir -p "$out"
export RTCG_CACHE_DIR="$out/cache"
rm -rf "$RTCG_CACHE_DIR"

status=0
for backend in $backends; do
  name=${backend//:/-}
  echo "== rtcg matmul on $backend (budget $budget)" >&2
  if ! RTCG_BACKEND=$backend timeout --kill-after=10 110 "$build/bin/matmul" --bench "$sizes" --budget "$budget" \
       >"$out/matmul-$name.csv" 2>"$out/matmul-$name.log"; then
    echo "matmul on $backend failed or timed out (exit $?); see $out/matmul-$name.log" >&2
    status=1
  fi
done
echo "== cuBLAS through PyTorch and CuPy" >&2
if ! timeout --kill-after=10 60 python3 "$here/matmul_peers.py" "$sizes" >"$out/peers.csv" 2>"$out/peers.log"; then
  echo "matmul_peers.py failed or timed out; see $out/peers.log" >&2
  status=1
fi

python3 - "$out" $backends <<'PY' | tee "$out/table.md"
import csv, os, sys
out, backends = sys.argv[1], sys.argv[2:]
labels = {b: {"cuda": "CUDA", "opencl:nvidia": "OpenCL"}.get(b, b) for b in backends}
rows = {}  # (size, column) -> GFLOP/s
configs = {}
def read(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(line for line in f if "," in line))
for backend, label in labels.items():
    for r in read(f"{out}/matmul-{backend.replace(':', '-')}.csv"):
        size = int(r["size"])
        column = f"rtcg {label} {r['kernel']}"
        rows[(size, column)] = float(r["gflops"]) if r["check"] == "ok" else float("nan")
        if r["kernel"] == "tuned":
            configs[(size, label)] = r["configuration"]
for r in read(f"{out}/peers.csv"):
    rows[(int(r["size"]), f"cuBLAS ({r['peer']})")] = float(r["gflops"])
sizes = sorted({s for s, _ in rows})
tuned = [f"rtcg {l} tuned" for l in labels.values()]
columns = tuned + [f"rtcg {l} naive" for l in labels.values()] + ["cuBLAS (torch)", "cuBLAS (cupy)"]
def cell(v):
    return "—" if v is None else f"{v:.0f}"
print("GFLOP/s, n x n x n single precision (cuBLAS without TF32); ratio = tuned / best cuBLAS\n")
print("| n | " + " | ".join(columns) + " | " + " | ".join(f"{l} / cuBLAS" for l in labels.values()) + " |")
print("|---" * (len(columns) + len(labels) + 1) + "|")
for s in sizes:
    values = [rows.get((s, c)) for c in columns]
    peers = [v for v in (rows.get((s, "cuBLAS (torch)")), rows.get((s, "cuBLAS (cupy)"))) if v]
    best = max(peers) if peers else None
    ratios = [f"{100 * rows[(s, c)] / best:.0f}%" if best and rows.get((s, c)) else "—"
              for c in tuned]
    print(f"| {s} | " + " | ".join(cell(v) for v in values) + " | " + " | ".join(ratios) + " |")
print()
for (s, label), config in sorted(configs.items()):
    print(f"- {label} n={s}: {config}")
PY
exit $status
