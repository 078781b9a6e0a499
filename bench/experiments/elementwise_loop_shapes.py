#!/usr/bin/env python3
"""Loop and launch shapes for elementwise kernels, in raw CUDA through CuPy (bench/NOTES.md,
attempt 7): z = a*x + b*y and z = a*x + b*sin(y), float32 and float64, as a grid-stride loop
(plain, restrict + unroll, 4 indices loaded before their stores) with 8-32 groups per SM or one
index per work-item. Prints GB/s and % of copy per variant; rotated inputs; median of 9 batches.

    python3 bench/experiments/elementwise_loop_shapes.py [LOG2 ...]     (default 24 26 28)
"""
import cupy as cp, statistics, sys

dev = cp.cuda.Device()
props = cp.cuda.runtime.getDeviceProperties(dev.id)
SMS = props["multiProcessorCount"]
print("device", props["name"].decode(), "SMs", SMS)

HEAD = r'''
typedef long long idx_t;
'''

def kernels(T):
    sin = "sin" if T == "double" else "sinf"
    ops = {"lin": "z[i] = a*x[i] + b*y[i];", "fused": f"z[i] = a*x[i] + b*{sin}(y[i]);"}
    src = HEAD
    for name, op in ops.items():
        src += f'''
extern "C" __global__ void {name}_gs(const {T}* x, const {T}* y, {T}* z, {T} a, {T} b, idx_t n, idx_t start, idx_t step) {{
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {{ const idx_t i = start + k*step; {op} }}
}}
extern "C" __global__ void {name}_gsr(const {T}* __restrict__ x, const {T}* __restrict__ y, {T}* __restrict__ z, {T} a, {T} b, idx_t n, idx_t start, idx_t step) {{
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
#pragma unroll 4
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {{ const idx_t i = start + k*step; {op} }}
}}
// explicit ILP: U indices per iteration, all loads first (through registers), then the stores
extern "C" __global__ void {name}_ilp4(const {T}* x, const {T}* y, {T}* z, {T} a, {T} b, idx_t n, idx_t start, idx_t step) {{
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
  idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; k + 3*stride < n; k += 4*stride) {{
    {T} xs[4], ys[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {{ const idx_t i = start + (k + u*stride)*step; xs[u] = x[i]; ys[u] = y[i]; }}
#pragma unroll
    for (int u = 0; u < 4; ++u) {{ const idx_t i = start + (k + u*stride)*step; z[i] = a*xs[u] + b*{sin if name=="fused" else ""}(ys[u]); }}
  }}
  for (; k < n; k += stride) {{ const idx_t i = start + k*step; {op} }}
}}
'''
    return src

def run():
    results = []
    for T, np_t, C in (("float", cp.float32, "float32"), ("double", cp.float64, "float64")):
        mod = cp.RawModule(code=kernels(T), options=("-std=c++17",))
        for log2 in [int(v) for v in sys.argv[1:]] or (24, 26, 28):
            n = 1 << log2
            es = cp.dtype(np_t).itemsize
            sets = max(1, min(8, (1 << 28) // (3 * n * es) + 1))
            data = [(cp.random.random(n).astype(np_t), cp.random.random(n).astype(np_t), cp.empty(n, np_t)) for _ in range(sets)]
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
            copy_ms = timed(lambda x, y, z: z.__setitem__(slice(None), x))
            copy_gbps = 2*n*es/copy_ms/1e6
            print(f"{T} 2^{log2} copy {copy_gbps:.0f} GB/s", flush=True)
            a, b = np_t(2.0), np_t(3.0)
            for name in ("lin", "fused"):
                variants = []
                for kind in ("gs", "gsr", "ilp4"):
                    k = mod.get_function(f"{name}_{kind}")
                    for per_sm in (8, 16, 32):
                        variants.append((f"{kind} grid={per_sm}/SM b256", k, SMS * per_sm, 256))
                    variants.append((f"{kind} flat b256", k, (n + 255) // 256, 256))
                    variants.append((f"{kind} flat b128", k, (n + 127) // 128, 128))
                for label, k, grid, block in variants:
                    ms = timed(lambda x, y, z: k((grid,), (block,), (x, y, z, a, b, cp.int64(n), cp.int64(0), cp.int64(1))))
                    gbps = 3 * n * es / ms / 1e6
                    print(f"{T} 2^{log2} {name:5s} {label:24s} {gbps:7.0f} GB/s  {100*gbps/copy_gbps:.0f}% of copy", flush=True)
                if name == "lin":
                    ek = cp.ElementwiseKernel(f"{C} x, {C} y, {C} a, {C} b", f"{C} z", "z = a*x + b*y", "cupy_lin")
                else:
                    ek = cp.ElementwiseKernel(f"{C} x, {C} y, {C} a, {C} b", f"{C} z", "z = a*x + b*sin(y)", "cupy_fused")
                ms = timed(lambda x, y, z: ek(x, y, a, b, z))
                print(f"{T} 2^{log2} {name:5s} {'cupy ElementwiseKernel':24s} {3*n*es/ms/1e6:7.0f} GB/s", flush=True)
            del data
            cp.get_default_memory_pool().free_all_blocks()

run()
