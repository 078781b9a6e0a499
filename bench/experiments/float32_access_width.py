"""Access width against bytes in flight for float32 z = a*x + b*y, in raw CUDA through CuPy
(bench/NOTES.md, attempt 7): restrict + unroll 4 or 8, 4 or 8 indices loaded before their stores,
float2 and float4 accesses; blocks of 256 or 512, 8 to 64 groups of 256 per SM; 2^26 and 2^28
elements. Prints GB/s and % of copy bandwidth.

    python3 bench/experiments/float32_access_width.py
"""
import cupy as cp, statistics, sys
props = cp.cuda.runtime.getDeviceProperties(0); SMS = props["multiProcessorCount"]
src = r'''
typedef long long idx_t;
template <int U> __device__ void gsr(const float* __restrict__ x, const float* __restrict__ y, float* __restrict__ z, float a, float b, idx_t n) {
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
#pragma unroll U
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) z[k] = a*x[k] + b*y[k];
}
extern "C" __global__ void gsr4(const float* __restrict__ x, const float* __restrict__ y, float* __restrict__ z, float a, float b, idx_t n) { gsr<4>(x,y,z,a,b,n); }
extern "C" __global__ void gsr8(const float* __restrict__ x, const float* __restrict__ y, float* __restrict__ z, float a, float b, idx_t n) { gsr<8>(x,y,z,a,b,n); }
template <int U> __device__ void ilp(const float* x, const float* y, float* z, float a, float b, idx_t n) {
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
  idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; k + (U-1)*stride < n; k += U*stride) {
    float xs[U], ys[U];
#pragma unroll
    for (int u = 0; u < U; ++u) { xs[u] = x[k + u*stride]; ys[u] = y[k + u*stride]; }
#pragma unroll
    for (int u = 0; u < U; ++u) z[k + u*stride] = a*xs[u] + b*ys[u];
  }
  for (; k < n; k += stride) z[k] = a*x[k] + b*y[k];
}
extern "C" __global__ void ilp4(const float* x, const float* y, float* z, float a, float b, idx_t n) { ilp<4>(x,y,z,a,b,n); }
extern "C" __global__ void ilp8(const float* x, const float* y, float* z, float a, float b, idx_t n) { ilp<8>(x,y,z,a,b,n); }
extern "C" __global__ void vec4(const float* x, const float* y, float* z, float a, float b, idx_t n) {
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n/4; k += stride) {
    float4 xv = ((const float4*)x)[k], yv = ((const float4*)y)[k];
    ((float4*)z)[k] = make_float4(a*xv.x+b*yv.x, a*xv.y+b*yv.y, a*xv.z+b*yv.z, a*xv.w+b*yv.w);
  }
}
extern "C" __global__ void vec2(const float* x, const float* y, float* z, float a, float b, idx_t n) {
  const idx_t stride = (idx_t)gridDim.x * blockDim.x;
  for (idx_t k = (idx_t)blockIdx.x * blockDim.x + threadIdx.x; k < n/2; k += stride) {
    float2 xv = ((const float2*)x)[k], yv = ((const float2*)y)[k];
    ((float2*)z)[k] = make_float2(a*xv.x+b*yv.x, a*xv.y+b*yv.y);
  }
}
'''
mod = cp.RawModule(code=src, options=("-std=c++17",))
for log2 in (26, 28):
    n = 1 << log2
    sets = max(1, (1 << 28) // (3 * n * 4) + 1)
    data = [(cp.random.random(n).astype(cp.float32), cp.random.random(n).astype(cp.float32), cp.empty(n, cp.float32)) for _ in range(sets)]
    def timed(fn):
        for s in range(sets): fn(*data[s])
        cp.cuda.Device().synchronize(); times = []
        for _ in range(9):
            e0 = cp.cuda.Event(); e1 = cp.cuda.Event(); e0.record()
            for r in range(2 * sets): fn(*data[r % sets])
            e1.record(); e1.synchronize(); times.append(cp.cuda.get_elapsed_time(e0, e1) / (2 * sets))
        return statistics.median(times)
    copy = 2*n*4/timed(lambda x, y, z: z.__setitem__(slice(None), x))/1e6
    print(f"2^{log2} copy {copy:.0f}")
    a, b = cp.float32(2), cp.float32(3)
    for name in ("gsr4", "gsr8", "ilp4", "ilp8", "vec2", "vec4"):
        k = mod.get_function(name)
        for block in (256, 512):
            for per_sm in (8, 16, 32, 64):
                grid = SMS * per_sm * 256 // block
                ms = timed(lambda x, y, z: k((grid,), (block,), (x, y, z, a, b, cp.int64(n))))
                g = 3*n*4/ms/1e6
                print(f"2^{log2} {name} b{block} {per_sm}x256/SM {g:6.0f} GB/s {100*g/copy:.0f}%", flush=True)
