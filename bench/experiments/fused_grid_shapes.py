#!/usr/bin/env python3
"""The bench's hand-written `fused` case, z = sin(x)*exp(-y) + a*sqrt(x*x + y*y), in raw CUDA
through CuPy (bench/NOTES.md, attempt 11): why rtcg's CUDA kernel trails CuPy's at 2^20-2^22 in
float64. Variants: the grid-stride loop as rtcg writes it (64-bit start + k*step index) with and
without `#pragma unroll 4`, at 2, 4, 8 and 16 indices per work-item and 8-64 groups per SM, and
CuPy's ElementwiseKernel of the same operation. Prints GB/s (3 arrays), registers per thread;
rotated inputs; median of 9 batches.

    python3 bench/experiments/fused_grid_shapes.py [LOG2 ...]     (default 20 22 24 26)
"""
import cupy as cp, statistics, sys

dev = cp.cuda.Device()
props = cp.cuda.runtime.getDeviceProperties(dev.id)
SMS = props["multiProcessorCount"]
print("device", props["name"].decode(), "SMs", SMS)

OP = "z[i] = sin(x[i]) * exp(-y[i]) + a * sqrt(x[i] * x[i] + y[i] * y[i]);"

def source(T):
    text = "typedef long long idx_t;\n"
    for name, pragma in (("plain", ""), ("unroll4", "#pragma unroll 4")):
        text += f'''
extern "C" __global__ void {name}(const {T}* x, const {T}* y, {T}* z, {T} a, idx_t start, idx_t step, idx_t n) {{
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
{pragma}
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {{ const idx_t i = start + k * step; {OP} }}
}}
'''
    return text

def run():
    for T, np_t, C in (("double", cp.float64, "float64"), ("float", cp.float32, "float32")):
        mod = cp.RawModule(code=source(T), options=("-std=c++17",))
        for log2 in [int(v) for v in sys.argv[1:]] or (20, 22, 24, 26):
            n = 1 << log2
            es = cp.dtype(np_t).itemsize
            sets = max(1, min(16, (1 << 28) // (3 * n * es) + 1))
            data = [(cp.random.random(n).astype(np_t), cp.random.random(n).astype(np_t), cp.empty(n, np_t))
                    for _ in range(sets)]
            def timed(fn):
                for s in range(sets): fn(*data[s])
                cp.cuda.Device().synchronize()
                times = []
                for _ in range(9):
                    e0 = cp.cuda.Event(); e1 = cp.cuda.Event()
                    e0.record()
                    for r in range(2 * sets): fn(*data[r % sets])
                    e1.record(); e1.synchronize()
                    times.append(cp.cuda.get_elapsed_time(e0, e1) / (2 * sets))
                return statistics.median(times)
            a = np_t(2.0)
            for name in ("plain", "unroll4"):
                k = mod.get_function(name)
                grids = [(f"{per}/SM", SMS * per) for per in (8, 16, 32, 64)]
                grids += [(f"{items} per item", max(1, n // (256 * items))) for items in (1, 2, 4, 8, 16)]
                for label, grid in grids:
                    ms = timed(lambda x, y, z: k((grid,), (256,), (x, y, z, a, cp.int64(0), cp.int64(1), cp.int64(n))))
                    print(f"{T} 2^{log2} {name:8s} {label:14s} grid {grid:6d} regs {k.num_regs:3d} "
                          f"{3 * n * es / ms / 1e6:7.0f} GB/s {ms * 1000:8.2f} us", flush=True)
            ek = cp.ElementwiseKernel(f"{C} x, {C} y, {C} a", f"{C} z",
                                      "z = sin(x) * exp(-y) + a * sqrt(x * x + y * y)", "cupy_fused")
            ms = timed(lambda x, y, z: ek(x, y, a, z))
            print(f"{T} 2^{log2} cupy ElementwiseKernel {'':25s} {3 * n * es / ms / 1e6:7.0f} GB/s {ms * 1000:8.2f} us",
                  flush=True)
            del data
            cp.get_default_memory_pool().free_all_blocks()

run()
